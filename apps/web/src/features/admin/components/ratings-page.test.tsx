import type { AdminRatingReport } from '@l4l/shared/schemas/ratings';
import { es } from '@l4l/shared/texts/es';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockApi, ok } from '../../../test/mock-api.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { RatingsPage } from './ratings-page.tsx';

const RATING_ID = '3c1d0c1e-3333-4a57-9d1c-6a1c2e9b7f10';
const REPORT: AdminRatingReport = {
  id: '4d2e0c1e-4444-4a57-9d1c-6a1c2e9b7f10',
  reason: 'Me llama estafador sin ningún motivo.',
  status: 'open',
  createdAt: '2026-11-20T10:00:00.000Z',
  reporterId: 'l1',
  reporterName: 'Jordi Vidal',
  decidedAt: null,
  note: null,
  rating: {
    id: RATING_ID,
    title: 'Un desastre',
    description: 'Es un estafador.',
    stars: 1,
    date: '2026-11-18T10:00:00.000Z',
    userName: 'Carlos Pérez',
    lawyerId: 'l1',
    lawyerName: 'Jordi Vidal',
    hidden: false,
  },
};

describe('Valoraciones', () => {
  it('lists the open reports with the rating and the reason, and hides one with a required note', async () => {
    let open = [REPORT];
    const api = mockApi({
      'GET /api/admin/ratings/reports': () =>
        json(200, { data: open, meta: { total: open.length, page: 1, pageSize: 20 } }),
      [`POST /api/admin/ratings/${RATING_ID}/hide`]: () => {
        open = [];
        return ok({ ratingId: RATING_ID, hidden: true, closedReports: 1 });
      },
    });
    renderWithApp(<RatingsPage />, { consent: 'true' });
    const t = es.admin.ratings;
    expect(await screen.findByText('Es un estafador.')).toBeInTheDocument();
    expect(screen.getByText(REPORT.reason)).toBeInTheDocument();
    expect(screen.getByText(t.reportedBy('Jordi Vidal'))).toBeInTheDocument();
    expect(screen.getByText(t.about('Carlos Pérez', 'Jordi Vidal'))).toBeInTheDocument();
    expect(api.callsTo('GET /api/admin/ratings/reports')[0]?.query.get('status')).toBe('open');

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: `${t.hide}: Un desastre` }));
    const dialog = await screen.findByRole('dialog', { name: t.hideTitle });
    await user.click(within(dialog).getByRole('button', { name: t.hide }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(es.admin.noteRequired);
    await user.type(within(dialog).getByLabelText(t.note), 'Insultos al abogado.');
    await user.click(within(dialog).getByRole('button', { name: t.hide }));

    expect(await screen.findByText(t.empty)).toBeInTheDocument();
    expect(api.callsTo(`POST /api/admin/ratings/${RATING_ID}/hide`)[0]?.body).toEqual({
      note: 'Insultos al abogado.',
    });
  });

  it('keeps a rating, and shows the server’s refusal in the dialog', async () => {
    mockApi({
      'GET /api/admin/ratings/reports': () =>
        json(200, { data: [REPORT], meta: { total: 1, page: 1, pageSize: 20 } }),
      [`POST /api/admin/ratings/${RATING_ID}/keep`]: () =>
        json(409, { error: { code: 'CONFLICT', message: es.admin.ratingNoOpenReports } }),
    });
    renderWithApp(<RatingsPage />, { consent: 'true' });
    const t = es.admin.ratings;
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: `${t.keep}: Un desastre` }));
    const dialog = await screen.findByRole('dialog', { name: t.keepTitle });
    await user.type(within(dialog).getByLabelText(t.note), 'Es una opinión.');
    await user.click(within(dialog).getByRole('button', { name: t.keep }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(es.admin.ratingNoOpenReports);
  });
});
