import { MESSAGE_TYPE } from '@l4l/shared/constants/messages';
import type { ChatMessage } from '@l4l/shared/schemas/chat';
import { es } from '@l4l/shared/texts/es';
import { describe, expect, it } from 'vitest';
import {
  groupMessages,
  mergeMessages,
  previewOf,
  settledClosureIds,
  settledProposalCards,
  visibleMessages,
} from './message-thread.ts';

const CLIENT = '11111111-1111-4111-8111-111111111111';
const LAWYER = '22222222-2222-4222-8222-222222222222';
let sequence = 0;
function message(partial: Partial<ChatMessage>): ChatMessage {
  sequence += 1;
  return {
    id: `m${sequence}`,
    chatId: 'c1',
    senderId: CLIENT,
    senderName: 'Ana',
    senderImg: null,
    text: 'hola',
    timestamp: `2026-11-20T10:${String(sequence % 60).padStart(2, '0')}:00.000Z`,
    userId: CLIENT,
    lawyerId: LAWYER,
    type: MESSAGE_TYPE.TEXT,
    proposalId: null,
    caseId: null,
    proposalAmount: null,
    proposalStatus: null,
    clientMessageId: null,
    ...partial,
  };
}

describe('message thread', () => {
  it('groups consecutive messages of one sender, the platform (no sender) apart, and a new day apart', () => {
    const a = message({});
    const b = message({});
    const c = message({ senderId: LAWYER });
    const d = message({ senderId: null, type: MESSAGE_TYPE.NOTICE });
    const e = message({ senderId: null, type: MESSAGE_TYPE.NOTICE });
    const f = message({ senderId: null, timestamp: '2026-11-22T10:00:00.000Z' });
    const groups = groupMessages([a, b, c, d, e, f]);
    expect(groups.map((group) => [group.senderId, group.messages.map((m) => m.id)])).toEqual([
      [CLIENT, [a.id, b.id]],
      [LAWYER, [c.id]],
      [null, [d.id, e.id]],
      [null, [f.id]],
    ]);
  });

  it('hides the client-only kinds (9 and 11) from a lawyer', () => {
    const list = [
      message({ type: MESSAGE_TYPE.RATING_PROMPT }),
      message({ type: MESSAGE_TYPE.CLIENT_NOTICE }),
      message({}),
    ];
    expect(visibleMessages(list, 'ABOGADO')).toHaveLength(1);
    expect(visibleMessages(list, 'USUARIO')).toHaveLength(3);
  });

  it('settles a proposal card by the status the server sends with it, ACEPTADA still open', () => {
    const card = (proposalStatus: ChatMessage['proposalStatus']) =>
      message({ type: MESSAGE_TYPE.PROPOSAL, proposalId: `p-${proposalStatus}`, proposalStatus });
    const pending = card('PENDIENTE');
    const accepted = card('ACEPTADA');
    const rejected = card('RECHAZADA');
    const paid = card('PAGADA');
    const settled = settledProposalCards([pending, accepted, rejected, paid]);
    expect([...settled].sort()).toEqual([rejected.id, paid.id].sort());
  });

  it('settles a card without a status (an older answer) by the follow-up naming its proposal', () => {
    const { proposalStatus: _absent, ...pending } = message({
      type: MESSAGE_TYPE.PROPOSAL,
      proposalId: 'p1',
    });
    const { proposalStatus: _none, ...paid } = message({ type: MESSAGE_TYPE.PROPOSAL, proposalId: 'p2' });
    const { proposalStatus: _nor, ...rejected } = message({ type: MESSAGE_TYPE.PROPOSAL, proposalId: 'p3' });
    const thread = [
      pending,
      paid,
      message({ senderId: null, type: MESSAGE_TYPE.PROPOSAL_ACCEPTED, proposalId: 'p2' }),
      rejected,
      message({ senderId: null, type: MESSAGE_TYPE.NOTICE, proposalId: 'p3' }),
    ];
    expect([...settledProposalCards(thread)].sort()).toEqual([paid.id, rejected.id].sort());
  });

  it('knows which closure requests were answered', () => {
    const closureWithdrawn = message({ type: MESSAGE_TYPE.CLOSURE_REQUEST, caseId: 'k1' });
    const closureOpen = message({ type: MESSAGE_TYPE.CLOSURE_REQUEST, caseId: 'k1' });
    const closureDone = message({ type: MESSAGE_TYPE.CLOSURE_REQUEST, caseId: 'k2' });
    const thread = [
      message({ type: MESSAGE_TYPE.PROPOSAL, proposalId: 'p3', proposalStatus: 'RECHAZADA' }),
      message({ senderId: null, type: MESSAGE_TYPE.NOTICE, proposalId: 'p3' }),
      closureWithdrawn,
      message({ senderId: null, type: MESSAGE_TYPE.NOTICE, caseId: 'k1' }),
      closureOpen,
      closureDone,
      message({ senderId: null, type: MESSAGE_TYPE.CLOSURE_CONFIRMED, caseId: 'k2' }),
    ];
    const closures = settledClosureIds(thread);
    expect(closures.has(closureWithdrawn.id)).toBe(true);
    expect(closures.has(closureOpen.id)).toBe(false);
    expect(closures.has(closureDone.id)).toBe(true);
  });

  it('previews like the server: cut on a word within 20 characters with …, or the image label', () => {
    expect(previewOf({ type: MESSAGE_TYPE.TEXT, text: 'Buenos días, ¿cómo va mi caso?' })).toBe(
      'Buenos días, ¿cómo…',
    );
    expect(previewOf({ type: MESSAGE_TYPE.IMAGE, text: '/uploads/chat/x.png' })).toBe(es.chat.imageLabel);
  });

  it('merges a message that arrives twice only once', () => {
    const a = message({});
    const b = message({});
    expect(mergeMessages([a, b], [b]).map((m) => m.id)).toEqual([a.id, b.id]);
  });
});
