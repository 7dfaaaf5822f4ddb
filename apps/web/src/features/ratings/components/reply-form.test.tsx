import { LIMITS } from '@l4l/shared/constants/limits';
import { es } from '@l4l/shared/texts/es';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { LAWYER } from '../../../test/case-fixtures.ts';
import { fail, mockApi, ok, type Route } from '../../../test/mock-api.ts';
import { makeRating } from '../../../test/rating-fixtures.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { LawyerRatingsPanel } from './ratings-panel.tsx';

const RATING = makeRating({ lawyerId: LAWYER.id, shortDescription: 'Muy profesional' });
const LIST = `GET /api/rating/lawyer-rating/${LAWYER.id}`;
const REPLY = 'POST /api/rating/r1/reply';
const REPORT = 'POST /api/rating/r1/report';

/** The lawyer's own sheet: their ratings with 'Responder' and 'Denunciar'. */
function renderOwnPanel(reply: Route, report: Route = () => ok(null)) {
  let answered: { text: string; createdAt: string } | null = null;
  const api = mockApi({
    'GET /api/auth/me': () => ok(LAWYER),
    [LIST]: () => ok([{ ...RATING, reply: answered }]),
    [REPLY]: async (call) => {
      const answer = await reply(call);
      if (answer.ok)
        answered = { text: (call.body as { text: string }).text, createdAt: '2026-03-08T09:00:00.000Z' };
      return answer;
    },
    [REPORT]: report,
  });
  renderWithApp(<LawyerRatingsPanel lawyerId={LAWYER.id} own />, { consent: 'true' });
  return api;
}

const savedReply = (text: string) =>
  ok({ ratingId: 'r1', reply: { text, createdAt: '2026-03-08T09:00:00.000Z' } });

describe('the reply form', () => {
  it('counts the characters, sends the answer trimmed once and shows it as the lawyer’s answer', async () => {
    const api = renderOwnPanel(() => savedReply('Gracias, Ana.'));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: es.ratings.reply }));
    const box = await screen.findByLabelText(es.ratings.replyLabel);
    expect(screen.getByText(es.ratings.replyCount(0, LIMITS.ratingReplyMax))).toBeInTheDocument();
    expect(box).toHaveAttribute('maxLength', String(LIMITS.ratingReplyMax));
    await user.type(box, '  Gracias, Ana.  ');
    expect(screen.getByText(es.ratings.replyCount(17, LIMITS.ratingReplyMax))).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: es.ratings.replySend }));

    expect(await screen.findByText(es.ratings.replyBy('Lucía Gómez'))).toBeInTheDocument();
    expect(screen.getByText('Gracias, Ana.')).toBeInTheDocument();
    expect(api.callsTo(REPLY).map((call) => call.body)).toEqual([{ text: 'Gracias, Ana.' }]);
    // answered once: the form and its button are gone
    expect(screen.queryByLabelText(es.ratings.replyLabel)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: es.ratings.reply })).not.toBeInTheDocument();
  });

  it('asks for a text before sending anything, and can be cancelled', async () => {
    const api = renderOwnPanel(() => savedReply('x'));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: es.ratings.reply }));
    await user.type(await screen.findByLabelText(es.ratings.replyLabel), '   ');
    await user.click(screen.getByRole('button', { name: es.ratings.replySend }));
    expect(await screen.findByRole('alert')).toHaveTextContent(es.ratings.replyRequired);
    expect(api.callsTo(REPLY)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: es.buttons.cancel }));
    expect(screen.queryByLabelText(es.ratings.replyLabel)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: es.ratings.reply })).toBeInTheDocument();
  });

  it("shows the server's refusal of a second answer and keeps what was typed", async () => {
    renderOwnPanel(() => fail(409, 'CONFLICT', es.ratings.alreadyReplied));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: es.ratings.reply }));
    await user.type(await screen.findByLabelText(es.ratings.replyLabel), 'Otra vez');
    await user.click(screen.getByRole('button', { name: es.ratings.replySend }));
    expect(await screen.findByRole('alert')).toHaveTextContent(es.ratings.alreadyReplied);
    expect(screen.getByLabelText(es.ratings.replyLabel)).toHaveValue('Otra vez');
  });
});

describe('the report dialog', () => {
  it('reports a rating with a reason in a dialog, and shows a second report’s refusal', async () => {
    let reports = 0;
    const api = renderOwnPanel(
      () => savedReply('x'),
      () =>
        ++reports === 1
          ? ok({ id: 'p1', ratingId: 'r1', reason: 'Insultos', status: 'open', createdAt: RATING.date })
          : fail(409, 'CONFLICT', es.ratings.alreadyReported),
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: es.ratings.report }));
    const dialog = await screen.findByRole('dialog', { name: es.ratings.reportTitle });
    await user.click(within(dialog).getByRole('button', { name: es.ratings.reportSend }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(es.ratings.reportRequired);
    await user.type(within(dialog).getByLabelText(es.ratings.reportLabel), 'Insultos');
    await user.click(within(dialog).getByRole('button', { name: es.ratings.reportSend }));
    expect(await screen.findByText(es.ratings.reported)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo(REPORT).map((call) => call.body)).toEqual([{ reason: 'Insultos' }]);

    await user.click(screen.getByRole('button', { name: es.ratings.report }));
    const again = await screen.findByRole('dialog', { name: es.ratings.reportTitle });
    await user.type(within(again).getByLabelText(es.ratings.reportLabel), 'Otra vez');
    await user.click(within(again).getByRole('button', { name: es.ratings.reportSend }));
    expect(await within(again).findByRole('alert')).toHaveTextContent(es.ratings.alreadyReported);
  });
});
