import { es } from '@l4l/shared/texts/es';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, mockApi, ok } from '../../../test/mock-api.ts';
import { CLIENT, renderWithApp } from '../../../test/render.tsx';
import { LawyerProfile } from './lawyer-profile.tsx';

const ID = '0b6c1f0e-8a3a-4a5b-9d8e-2f3a4b5c6d7e';
const DETAIL = {
  lawyer: {
    id: ID,
    name: 'Lucía Gómez Prieto',
    lawyerPhoto: null,
    barNumber: '78.412',
    barAssociation: 'madrid',
    categories: ['Abogado Civil', 'Abogado Divorcios'],
    province: 'Madrid',
    priceFirstVisit: null,
    price: 90,
    description: 'Abogada de familia.',
    rating: 4,
    totalRatings: 2,
    responseTime: 125,
    firstVisitFree: true,
    publicPath: '/abogados/lucia-gomez-prieto',
  },
  lawyerRatings: [],
  activeCases: 4,
  finishedCases: 31,
  academicExperiences: [
    {
      id: 'a1',
      center: 'Universidad Complutense',
      title: 'Grado en Derecho',
      startDate: '2002-09-15',
      endDate: '2007-06-30',
    },
  ],
  workExperiences: [
    {
      id: 'w1',
      company: 'Gómez Abogados',
      position: 'Socia fundadora',
      startDate: '2016-01-11',
      endDate: null,
    },
  ],
};
const detailPath = `GET /api/lawyers/lawyer/detail/${ID}`;

function renderProfile(detail: () => Response, lawyerId: string | null = ID) {
  const api = mockApi({ 'GET /api/auth/me': () => ok(CLIENT), [detailPath]: detail });
  renderWithApp(<LawyerProfile lawyerId={lawyerId} />, {
    path: '/dashboard/abogados/x',
    consent: 'true',
  });
  return api;
}

describe('LawyerProfile', () => {
  it('shows the lawyer card and both experience lists, dates d/M/y and an open end as Presente', async () => {
    renderProfile(() => ok(DETAIL));
    expect(await screen.findByRole('heading', { name: 'Lucía Gómez Prieto' })).toBeInTheDocument();
    expect(screen.getByText('Abogado Civil')).toBeInTheDocument();
    expect(screen.getByText('Abogado Divorcios')).toBeInTheDocument();
    expect(screen.getByText('Madrid')).toBeInTheDocument();
    expect(screen.getByText('Colegiado nº 78.412 (Colegio de la Abogacía de Madrid)')).toBeInTheDocument();
    expect(screen.getByText('90 €')).toBeInTheDocument();
    expect(screen.getByText(es.dashboard.free)).toBeInTheDocument();
    expect(screen.getByText('Suele responder en 2 h')).toBeInTheDocument();
    expect(screen.getByText('31')).toBeInTheDocument();
    expect(screen.getByText('Abogada de familia.')).toBeInTheDocument();
    // the server-rendered page anyone can open and share
    expect(screen.getByRole('link', { name: es.lawyerProfile.publicPage })).toHaveAttribute(
      'href',
      '/abogados/lucia-gomez-prieto',
    );
    const work = screen.getByRole('region', { name: es.lawyerProfile.workExperience });
    expect(within(work).getByText('Socia fundadora')).toBeInTheDocument();
    expect(within(work).getByText(`11/1/2016 - ${es.lawyerProfile.present}`)).toBeInTheDocument();
    const academic = screen.getByRole('region', { name: es.lawyerProfile.academicExperience });
    expect(within(academic).getByText('15/9/2002 - 30/6/2007')).toBeInTheDocument();
  });

  it("speaks of an Abogada as she chose: badges that agree, 'Colegiada'", async () => {
    renderProfile(() =>
      ok({
        ...DETAIL,
        lawyer: {
          ...DETAIL.lawyer,
          professionalTitle: 'Abogada',
          categories: ['Abogado Inmobiliario', 'Abogado Laboral', 'Abogado Administrativo'],
        },
      }),
    );
    const badges = await screen.findByRole('list', { name: es.lawyerProfile.categories });
    expect(
      within(badges)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Abogada Inmobiliaria', 'Abogada Laboral', 'Abogada Administrativa']);
    expect(screen.getByText('Colegiada nº 78.412 (Colegio de la Abogacía de Madrid)')).toBeInTheDocument();
  });

  it('says when no id was given', () => {
    renderProfile(() => ok(DETAIL), null);
    expect(screen.getByText(es.lawyerProfile.noId)).toBeInTheDocument();
  });

  it('says when the lawyer could not be loaded', async () => {
    renderProfile(() => fail(400, 'VALIDATION_ERROR', 'Algunos datos no son válidos.'));
    expect(await screen.findByText(es.lawyerProfile.loadError)).toBeInTheDocument();
  });

  it('says there is no data for an id that names no lawyer (404)', async () => {
    renderProfile(() => fail(404, 'NOT_FOUND', 'No encontrado'));
    expect(await screen.findByText(es.lawyerProfile.noData)).toBeInTheDocument();
    expect(screen.queryByText(es.lawyerProfile.loadError)).not.toBeInTheDocument();
  });

  it('says when there is no data', async () => {
    renderProfile(() => ok(null));
    expect(await screen.findByText(es.lawyerProfile.noData)).toBeInTheDocument();
  });
});
