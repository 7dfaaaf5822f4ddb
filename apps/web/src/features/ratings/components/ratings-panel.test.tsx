import { es } from '@l4l/shared/texts/es';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, mockApi, ok } from '../../../test/mock-api.ts';
import { makeRating } from '../../../test/rating-fixtures.ts';
import { CLIENT, renderWithApp } from '../../../test/render.tsx';
import { MyRatingsPanel } from './ratings-panel.tsx';

const RATING = makeRating();
const ratingsPath = `GET /api/rating/user-rating/${CLIENT.id}`;

function renderPanel(answer: () => Response | Promise<Response>) {
  mockApi({ 'GET /api/auth/me': () => ok(CLIENT), [ratingsPath]: answer });
  renderWithApp(<MyRatingsPanel userId={CLIENT.id} />, { consent: 'true' });
}

describe('MyRatingsPanel', () => {
  it('shows each rating: user, lawyer, title, description, score and date', async () => {
    renderPanel(() => ok([RATING]));
    expect(await screen.findByText('Ana Martín')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: es.ratings.title })).toBeInTheDocument();
    expect(screen.getByText(es.ratings.lawyerName('Lucía Gómez'))).toBeInTheDocument();
    expect(screen.getByText('Muy profesional')).toBeInTheDocument();
    expect(screen.getByText('Me explicó cada paso de la herencia.')).toBeInTheDocument();
    expect(screen.getByText(es.ratings.scoreOf(5))).toBeInTheDocument();
    expect(screen.getByText('7/3/2026')).toBeInTheDocument();
  });

  it("shows the lawyer's answer under the rating, and marks a rating an administrator hid", async () => {
    renderPanel(() =>
      ok([
        {
          ...RATING,
          reply: { text: 'Gracias, Ana. Un placer.', createdAt: '2026-03-09T10:00:00.000Z' },
          hidden: true,
        },
      ]),
    );
    expect(await screen.findByText(es.ratings.replyBy('Lucía Gómez'))).toBeInTheDocument();
    expect(screen.getByText('Gracias, Ana. Un placer.')).toBeInTheDocument();
    expect(screen.getByText('9/3/2026')).toBeInTheDocument();
    expect(screen.getByText(`${es.ratings.hidden}.`)).toBeInTheDocument();
    // the author neither answers nor reports their own rating
    expect(screen.queryByRole('button', { name: es.ratings.reply })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: es.ratings.report })).not.toBeInTheDocument();
  });

  it('says when there are none yet', async () => {
    renderPanel(() => ok([]));
    expect(await screen.findByText(es.ratings.empty)).toBeInTheDocument();
  });

  it('says when they could not be loaded', async () => {
    renderPanel(() => fail(403, 'FORBIDDEN', 'x'));
    expect(await screen.findByText(es.ratings.loadError)).toBeInTheDocument();
  });

  it('says Cargando valoraciones... while loading', async () => {
    renderPanel(() => new Promise(() => {}));
    expect(await screen.findByText(es.ratings.loading, { selector: 'p' })).toBeInTheDocument();
  });
});
