import { es } from '@l4l/shared/texts/es';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CASE_ID, LAWYER } from '../../../test/case-fixtures.ts';
import { fail, mockApi, ok, type Route } from '../../../test/mock-api.ts';
import { CLIENT, renderWithApp } from '../../../test/render.tsx';
import { RatingPrompt } from './rating-prompt.tsx';

const RATE = 'POST /api/rating/new-rating';

function renderPrompt(rate: Route, alreadyRated = false) {
  const onRated = vi.fn();
  const api = mockApi({ 'GET /api/auth/me': () => ok(CLIENT), [RATE]: rate });
  renderWithApp(
    <RatingPrompt caseId={CASE_ID} lawyerId={LAWYER.id} alreadyRated={alreadyRated} onRated={onRated} />,
    { consent: 'true' },
  );
  return { api, onRated };
}

describe('RatingPrompt', () => {
  it('rates with 1–5 stars as a radio group (keyboard too), thanks, then says the case is rated', async () => {
    const { api, onRated } = renderPrompt(() =>
      ok({
        id: 'r1',
        caseId: CASE_ID,
        userId: CLIENT.id,
        lawyerId: LAWYER.id,
        stars: 4,
        title: 'Muy profesional',
        description: '',
        date: '2026-11-20T10:00:00.000Z',
      }),
    );
    const user = userEvent.setup();
    const group = await screen.findByRole('group', { name: es.ratings.starsLabel });
    const stars = within(group).getAllByRole('radio');
    expect(stars).toHaveLength(5);
    expect(stars[0]).toHaveAccessibleName(es.ratings.starLabel(1));

    // nothing chosen yet: the stars are required
    await user.click(screen.getByRole('button', { name: es.ratings.send }));
    expect(await screen.findByText(es.ratings.starsRequired)).toBeInTheDocument();
    expect(api.callsTo(RATE)).toHaveLength(0);

    await user.click(within(group).getByRole('radio', { name: es.ratings.starLabel(3) }));
    await user.keyboard('{ArrowRight}');
    expect(within(group).getByRole('radio', { name: es.ratings.starLabel(4) })).toBeChecked();
    await user.type(screen.getByLabelText(es.ratings.titleLabel), 'Muy profesional');
    await user.click(screen.getByRole('button', { name: es.ratings.send }));
    expect(await screen.findByText(es.ratings.thanks)).toBeInTheDocument();
    expect(await screen.findByText(es.ratings.alreadyRated)).toBeInTheDocument();
    expect(api.callsTo(RATE)[0]?.body).toEqual({
      caseId: CASE_ID,
      lawyerId: LAWYER.id,
      stars: 4,
      title: 'Muy profesional',
      description: '',
    });
    expect(onRated).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
  });

  it('takes a 409 as the server saying the case is already rated', async () => {
    const { onRated } = renderPrompt(() => fail(409, 'CONFLICT', es.ratings.alreadyRated));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: es.ratings.starLabel(5) }));
    await user.click(screen.getByRole('button', { name: es.ratings.send }));
    expect(await screen.findAllByText(es.ratings.alreadyRated)).not.toHaveLength(0);
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(onRated).toHaveBeenCalledTimes(1);
  });

  it('says when the rating could not be sent, and lets the person try again', async () => {
    renderPrompt(() => fail(400, 'VALIDATION_ERROR', 'x'));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: es.ratings.starLabel(2) }));
    await user.click(screen.getByRole('button', { name: es.ratings.send }));
    expect(await screen.findAllByText(es.ratings.failed)).not.toHaveLength(0);
    expect(screen.getByRole('button', { name: es.ratings.send })).toBeEnabled();
  });

  it('shows only the already-rated text when the case has a rating', async () => {
    renderPrompt(() => ok(null), true);
    expect(await screen.findByText(es.ratings.alreadyRated)).toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
  });
});
