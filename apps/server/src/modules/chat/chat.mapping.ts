import { LIMITS } from '@l4l/shared/constants/limits';
import {
  CLIENT_ONLY_MESSAGE_TYPES,
  MESSAGE_TYPE,
  type MessageType,
  PROPOSAL_CARD_TYPES,
} from '@l4l/shared/constants/messages';
import { platformFeeCents } from '@l4l/shared/constants/money';
import type { Role } from '@l4l/shared/constants/roles';
import { feeBreakdown } from '@l4l/shared/fiscal/fee';
import type { Chat, ChatMessage } from '@l4l/shared/schemas/chat';
import { centsToEuros } from '@l4l/shared/schemas/common';
import { es } from '@l4l/shared/texts/es';
import { preview } from '@l4l/shared/wording';
import type { Audience, ChatRow, ChatSide, MessageRow } from './chat.repository.ts';

/** How stored chats and messages read on the wire, and who a message and a chat are for. */

/** Who is acting: a signed-in person (the session says who, never the body). */
export type ChatActor = { id: string; role: Role };

export function audienceOf(type: MessageType, requested: Audience | undefined): Audience {
  return CLIENT_ONLY_MESSAGE_TYPES.includes(type) ? 'USUARIO' : (requested ?? 'ALL');
}

export function toChat(row: ChatRow): Chat {
  const { id, userId, lawyerId, userName, lawyerName, userImgUrl, lawyerImgUrl } = row;
  return { id, userId, lawyerId, userName, lawyerName, userImgUrl, lawyerImgUrl };
}

/**
 * A stored message on the wire. A proposal (type 2), and a counter-offer (+), carries the platform's fee on
 * its amount at `feePercent` (docs/domain.md, Money), which the lawyer's card shows with what they receive.
 */
export function toChatMessage(row: MessageRow, feePercent: number): ChatMessage {
  // docs/money.md, The fee and its IVA: the same rule the fee invoice and the release use
  const fee =
    PROPOSAL_CARD_TYPES.includes(row.type as MessageType) && row.proposalAmountCents !== null
      ? feeBreakdown(row.proposalAmountCents, platformFeeCents(row.proposalAmountCents, feePercent))
      : null;
  return {
    id: row.id,
    chatId: row.chatId,
    senderId: row.senderId,
    senderName: row.senderName,
    senderImg: row.senderImg,
    text: row.text,
    timestamp: row.createdAt.toISOString(),
    userId: row.userId,
    lawyerId: row.lawyerId,
    type: row.type as MessageType,
    proposalId: row.proposalId,
    caseId: row.caseId,
    proposalAmount: row.proposalAmountCents === null ? null : centsToEuros(row.proposalAmountCents),
    proposalStatus: row.proposalStatus,
    counterDeclined: row.type === MESSAGE_TYPE.COUNTER_OFFER ? Boolean(row.counterDeclined) : null,
    caseTitle: row.caseTitle,
    platformFee: fee ? centsToEuros(fee.feeCents) : null,
    platformFeeVat: fee ? centsToEuros(fee.vatCents) : null,
    platformFeeTotal: fee ? centsToEuros(fee.totalCents) : null,
    lawyerReceives: fee ? centsToEuros(fee.lawyerCents) : null,
    clientMessageId: row.clientMessageId,
    documentId: row.documentId,
    size: row.documentSize,
    readAt: row.readAt ? row.readAt.toISOString() : null,
    width: row.imageWidth,
    height: row.imageHeight,
  };
}

/** docs/product.md, Private chat: the list shows the last message cut on a word to at most 20
 * characters, with '…', or the image label. */
export function previewOf(type: string, text: string): string {
  if (type === MESSAGE_TYPE.IMAGE) return es.chat.imageLabel;
  return preview(text, LIMITS.chatPreviewChars);
}

/** The side of the chat a person is on, or undefined when they are not in it. */
export function sideOf(chat: { userId: string; lawyerId: string }, personId: string): ChatSide | undefined {
  if (chat.userId === personId) return 'user';
  if (chat.lawyerId === personId) return 'lawyer';
  return undefined;
}
