import type { BaseUser } from '@l4l/shared/schemas/auth';
import { es } from '@l4l/shared/texts/es';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { type ApiCall, fail, mockApi, ok } from '../../../test/mock-api.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { LawyerSheet } from './lawyer-sheet.tsx';

const LAWYER: BaseUser = {
  id: '0b6c1f0e-8a3a-4a5b-9d8e-2f3a4b5c6d7e',
  username: 'LucíaGómez',
  role: 'ABOGADO',
  mail: 'lucia@example.com',
  name: 'Lucía',
  surname: 'Gómez',
  phoneNumber: '612345678',
  photoUrl: null,
  emailVerified: true,
};
const SHEET = {
  id: LAWYER.id,
  name: 'Lucía',
  surname: 'Gómez',
  mail: LAWYER.mail,
  phoneNumber: '612345678',
  description: 'Abogada de familia.',
  categories: ['Abogado Civil'],
  province: 'Madrid',
  barNumber: '78.412',
  barAssociation: 'madrid',
  responseTime: 125,
  priceHour: 90,
  priceFirstVisit: 30,
  isFirstVisitFree: false,
  photoUrl: null,
};
const ENTRY_ID = 'c1d2e3f4-a5b6-4c7d-8e9f-0a1b2c3d4e5f';
const DETAIL = {
  lawyer: {
    id: LAWYER.id,
    name: 'Lucía Gómez',
    lawyerPhoto: null,
    barNumber: '78.412',
    barAssociation: 'madrid',
    categories: ['Abogado Civil'],
    province: 'Madrid',
    priceFirstVisit: 30,
    price: 90,
    description: '',
    rating: 0,
    totalRatings: 0,
    responseTime: 125,
    firstVisitFree: false,
    publicPath: '/abogados/lucia-gomez',
  },
  lawyerRatings: [],
  activeCases: 0,
  finishedCases: 0,
  academicExperiences: [],
  workExperiences: [
    { id: ENTRY_ID, company: 'Gómez Abogados', position: 'Socia', startDate: '2016-01-11', endDate: null },
  ],
};
const sheetPath = `/api/lawyers/profile/${LAWYER.id}`;

function renderSheet(routes: Record<string, (call: ApiCall) => Response | Promise<Response>> = {}) {
  const api = mockApi({
    'GET /api/auth/me': () => ok(LAWYER),
    [`GET ${sheetPath}`]: () => ok(SHEET),
    [`GET /api/lawyers/lawyer/detail/${LAWYER.id}`]: () => ok(DETAIL),
    ...routes,
  });
  renderWithApp(
    <LawyerSheet user={{ ...LAWYER }} avatar={null} onRenewPassword={() => {}} ratings={null} />,
    { path: '/profile', consent: 'true' },
  );
  return api;
}

describe('LawyerSheet', () => {
  it('saves the sheet with Guardar cambios', async () => {
    const api = renderSheet({ [`PUT ${sheetPath}`]: (call) => ok({ ...SHEET, ...(call.body as object) }) });
    const user = userEvent.setup();
    const number = await screen.findByLabelText(es.trust.barNumber);
    expect(screen.getByRole('heading', { name: es.lawyerProfile.sheetTitle })).toBeInTheDocument();
    expect(screen.getByLabelText(es.profile.phone)).toHaveValue('612 345 678');
    expect(number).toHaveValue('78.412');
    expect(screen.getByLabelText(es.trust.barAssociation)).toHaveValue('madrid');
    // the response time is measured, so nobody types it
    expect(screen.queryByLabelText(es.lawyerProfile.responseTime)).toBeNull();
    await user.selectOptions(screen.getByLabelText(es.trust.barAssociation), 'barcelona');
    expect(screen.getByLabelText(es.trust.professionalTitle)).toHaveValue('Abogado');
    await user.selectOptions(screen.getByLabelText(es.trust.professionalTitle), 'Abogada');
    await user.clear(number);
    await user.type(number, '41.208');
    await user.click(screen.getByRole('button', { name: es.buttons.saveChanges }));
    expect(await screen.findByText(es.profile.profileUpdated)).toBeInTheDocument();
    expect(api.callsTo(`PUT ${sheetPath}`)[0]?.body).toMatchObject({
      name: 'Lucía',
      phoneNumber: '612345678',
      categories: ['Abogado Civil'],
      province: 'Madrid',
      barAssociation: 'barcelona',
      barNumber: '41.208',
      professionalTitle: 'Abogada',
    });
  });

  it('checks the phone before saving and says when the save failed', async () => {
    const api = renderSheet({ [`PUT ${sheetPath}`]: () => fail(500, 'INTERNAL_ERROR', 'x') });
    const user = userEvent.setup();
    const phone = await screen.findByLabelText(es.profile.phone);
    await user.clear(phone);
    await user.type(phone, '6123');
    await user.click(screen.getByRole('button', { name: es.buttons.saveChanges }));
    expect(await screen.findByText(es.validation.phone)).toBeInTheDocument();
    expect(api.callsTo(`PUT ${sheetPath}`)).toHaveLength(0);
    await user.type(phone, '45678');
    await user.click(screen.getByRole('button', { name: es.buttons.saveChanges }));
    expect(await screen.findByText(es.profile.profileUpdateFailed)).toBeInTheDocument();
  });

  it('says when the sheet could not be loaded', async () => {
    renderSheet({ [`GET ${sheetPath}`]: () => fail(403, 'FORBIDDEN', 'x') });
    expect(await screen.findByText(es.lawyerProfile.sheetLoadError)).toBeInTheDocument();
  });

  it("'Primera consulta gratuita' disables the first-visit price, and the prices are saved", async () => {
    const api = renderSheet({ [`PUT /api/lawyers/profile/prices/${LAWYER.id}`]: () => ok(SHEET) });
    const user = userEvent.setup();
    const firstVisit = await screen.findByLabelText(es.lawyerProfile.priceFirstVisit);
    expect(firstVisit).toBeEnabled();
    await user.click(screen.getByLabelText(es.lawyerProfile.firstVisitFree));
    expect(firstVisit).toBeDisabled();
    const hour = screen.getByLabelText(es.lawyerProfile.pricePerHour);
    await user.clear(hour);
    await user.type(hour, '95.5');
    expect(hour).toHaveValue('95,5');
    const prices = screen.getByRole('region', { name: es.lawyerProfile.prices });
    await user.click(within(prices).getByRole('button', { name: es.buttons.save }));
    expect(await screen.findByText(es.profile.dataModified)).toBeInTheDocument();
    expect(api.callsTo(`PUT /api/lawyers/profile/prices/${LAWYER.id}`)[0]?.body).toEqual({
      priceHour: 95.5,
      isFirstVisitFree: true,
    });
  });

  it('says when the prices could not be saved', async () => {
    renderSheet({ [`PUT /api/lawyers/profile/prices/${LAWYER.id}`]: () => fail(500, 'INTERNAL_ERROR', 'x') });
    const user = userEvent.setup();
    const prices = await screen.findByRole('region', { name: es.lawyerProfile.prices });
    await user.click(within(prices).getByRole('button', { name: es.buttons.save }));
    expect(await screen.findByText(es.profile.dataModifyFailed)).toBeInTheDocument();
  });
});

describe('experience cards', () => {
  it('a new card starts in edit mode; an end before the start is refused; a saved academic entry is announced', async () => {
    const api = renderSheet({
      [`PUT /api/lawyers/education/${LAWYER.id}`]: (call) => ok({ id: ENTRY_ID, ...(call.body as object) }),
    });
    const user = userEvent.setup();
    const academic = await screen.findByRole('region', { name: es.lawyerProfile.academicExperience });
    await user.click(within(academic).getByRole('button', { name: es.buttons.createNew }));
    await user.type(within(academic).getByLabelText(es.lawyerProfile.degree), 'Grado en Derecho');
    await user.type(within(academic).getByLabelText(es.lawyerProfile.center), 'Universidad de Sevilla');
    await user.type(within(academic).getByLabelText(es.lawyerProfile.startDate), '2010-09-01');
    await user.type(within(academic).getByLabelText(es.lawyerProfile.endDate), '2009-06-30');
    await user.click(within(academic).getByRole('button', { name: es.buttons.save }));
    expect(within(academic).getByText(es.validation.experienceDates)).toBeInTheDocument();
    expect(api.callsTo(`PUT /api/lawyers/education/${LAWYER.id}`)).toHaveLength(0);

    await user.clear(within(academic).getByLabelText(es.lawyerProfile.endDate));
    await user.click(within(academic).getByRole('button', { name: es.buttons.save }));
    expect(await screen.findByText(es.profile.academicSaved)).toBeInTheDocument();
    expect(api.callsTo(`PUT /api/lawyers/education/${LAWYER.id}`)[0]?.body).toEqual({
      center: 'Universidad de Sevilla',
      title: 'Grado en Derecho',
      startDate: '2010-09-01',
      endDate: null,
    });
    expect(within(academic).getByText(`1/9/2010 - ${es.lawyerProfile.present}`)).toBeInTheDocument();
    expect(within(academic).getByRole('button', { name: es.buttons.edit })).toBeInTheDocument();
  });

  it('a card with every field empty is removed instead of saved, without a call', async () => {
    const api = renderSheet();
    const user = userEvent.setup();
    const academic = await screen.findByRole('region', { name: es.lawyerProfile.academicExperience });
    await user.click(within(academic).getByRole('button', { name: es.buttons.createNew }));
    expect(within(academic).getByLabelText(es.lawyerProfile.degree)).toBeInTheDocument();
    await user.click(within(academic).getByRole('button', { name: es.buttons.save }));
    expect(within(academic).queryByLabelText(es.lawyerProfile.degree)).not.toBeInTheDocument();
    expect(api.calls.filter((call) => call.method !== 'GET')).toHaveLength(0);
  });

  it('says when an academic entry could not be saved; a failed work save is only logged', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderSheet({
      [`PUT /api/lawyers/education/${LAWYER.id}`]: () => fail(500, 'INTERNAL_ERROR', 'x'),
      [`PUT /api/lawyers/experience/${LAWYER.id}`]: () => fail(500, 'INTERNAL_ERROR', 'x'),
    });
    const user = userEvent.setup();
    const academic = await screen.findByRole('region', { name: es.lawyerProfile.academicExperience });
    await user.click(within(academic).getByRole('button', { name: es.buttons.createNew }));
    await user.type(within(academic).getByLabelText(es.lawyerProfile.degree), 'Grado');
    await user.type(within(academic).getByLabelText(es.lawyerProfile.center), 'UCM');
    await user.type(within(academic).getByLabelText(es.lawyerProfile.startDate), '2010-09-01');
    await user.click(within(academic).getByRole('button', { name: es.buttons.save }));
    expect(await screen.findByText(es.profile.academicFailed)).toBeInTheDocument();

    const work = screen.getByRole('region', { name: es.lawyerProfile.workExperience });
    await user.click(within(work).getByRole('button', { name: es.buttons.edit }));
    await user.click(within(work).getByRole('button', { name: es.buttons.save }));
    await waitFor(() => expect(logged).toHaveBeenCalled());
  });

  it('Borrar deletes a saved entry on the server and removes it', async () => {
    const api = renderSheet({
      [`DELETE /api/lawyers/experience/${LAWYER.id}/${ENTRY_ID}`]: () => new Response(null, { status: 204 }),
    });
    const user = userEvent.setup();
    const work = await screen.findByRole('region', { name: es.lawyerProfile.workExperience });
    expect(within(work).getByText(`11/1/2016 - ${es.lawyerProfile.present}`)).toBeInTheDocument();
    await user.click(within(work).getByRole('button', { name: es.buttons.remove }));
    await waitFor(() => expect(within(work).queryByText('Socia')).not.toBeInTheDocument());
    expect(api.callsTo(`DELETE /api/lawyers/experience/${LAWYER.id}/${ENTRY_ID}`)).toHaveLength(1);
  });
});
