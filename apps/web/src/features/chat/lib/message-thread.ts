import { LIMITS } from '@l4l/shared/constants/limits';
import { CLIENT_ONLY_MESSAGE_TYPES, MESSAGE_TYPE } from '@l4l/shared/constants/messages';
import { isOpenProposal } from '@l4l/shared/constants/proposals';
import { ROLE, type Role } from '@l4l/shared/constants/roles';
import type { ChatMessage } from '@l4l/shared/schemas/chat';
import { es } from '@l4l/shared/texts/es/app';
import { preview } from '@l4l/shared/wording';
import { isSameDay, parseISO } from 'date-fns';

/** docs/domain.md, Chat messages: types 9 and 11 are for the client only (the server filters them too). */
export function visibleMessages(messages: readonly ChatMessage[], role: Role): ChatMessage[] {
  return role === ROLE.USUARIO
    ? [...messages]
    : messages.filter((message) => !CLIENT_ONLY_MESSAGE_TYPES.includes(message.type));
}

/** The same message can arrive twice (history refetch and the socket): keep the first, oldest first. */
export function mergeMessages(older: readonly ChatMessage[], newer: readonly ChatMessage[]): ChatMessage[] {
  const seen = new Set<string>();
  const merged: ChatMessage[] = [];
  for (const message of [...older, ...newer]) {
    if (seen.has(message.id)) continue;
    seen.add(message.id);
    merged.push(message);
  }
  return merged;
}

export type MessageGroup = {
  key: string;
  /** null: the platform (L4L) wrote these */
  senderId: string | null;
  senderName: string | null;
  senderImg: string | null;
  messages: ChatMessage[];
};

/**
 * docs/product.md, Private chat: consecutive messages of one sender form one group; no sender means the platform. A new day
 * starts a new group, so the day separator never splits one.
 */
export function groupMessages(messages: readonly ChatMessage[]): MessageGroup[] {
  const groups: MessageGroup[] = [];
  for (const message of messages) {
    const last = groups.at(-1);
    const lastMessage = last?.messages.at(-1);
    if (
      last &&
      lastMessage &&
      last.senderId === message.senderId &&
      isSameDay(parseISO(lastMessage.timestamp), parseISO(message.timestamp))
    ) {
      last.messages.push(message);
      continue;
    }
    groups.push({
      key: message.id,
      senderId: message.senderId,
      senderName: message.senderName,
      senderImg: message.senderImg,
      messages: [message],
    });
  }
  return groups;
}

/**
 * A message that follows up a proposal (its acceptance and payment, type 10, or a rejection, type 8, with
 * the proposal's id): the proposal's status changed, so its card must be read again from the server.
 */
export function followsUpProposal(message: Pick<ChatMessage, 'type' | 'proposalId'>): boolean {
  return (
    message.proposalId !== null &&
    (message.type === MESSAGE_TYPE.PROPOSAL_ACCEPTED || message.type === MESSAGE_TYPE.NOTICE)
  );
}

/**
 * The proposal cards (type 2, their message ids) no longer open: the proposals module's status that comes with
 * the card (`proposalStatus`, docs/domain.md, Proposals; ACEPTADA is still open). Only a card without it
 * (an answer from a server that did not send it yet) is judged by the follow-ups that name its proposal.
 */
export function settledProposalCards(messages: readonly ChatMessage[]): Set<string> {
  const followedUp = new Set<string>();
  for (const message of messages) {
    if (message.proposalId && followsUpProposal(message)) followedUp.add(message.proposalId);
  }
  const settled = new Set<string>();
  for (const message of messages) {
    if (message.type !== MESSAGE_TYPE.PROPOSAL) continue;
    const closed = message.proposalStatus
      ? !isOpenProposal(message.proposalStatus)
      : message.proposalId !== null && followedUp.has(message.proposalId);
    if (closed) settled.add(message.id);
  }
  return settled;
}

/** (+) The proposals the client has asked a new price for (a counter-offer names its proposal): one each. */
export function counteredProposals(messages: readonly ChatMessage[]): Set<string> {
  const countered = new Set<string>();
  for (const message of messages) {
    if (message.type === MESSAGE_TYPE.COUNTER_OFFER && message.proposalId) countered.add(message.proposalId);
  }
  return countered;
}

/**
 * Closure requests (type 5) already answered: a later closure confirmed (type 7), a later notice about the
 * case that is not about a proposal (the withdrawal, type 8), or a newer request for the same case.
 */
export function settledClosureIds(messages: readonly ChatMessage[]): Set<string> {
  const settled = new Set<string>();
  const openByCase = new Map<string, string>();
  for (const message of messages) {
    if (!message.caseId) continue;
    const open = openByCase.get(message.caseId);
    const answers =
      message.type === MESSAGE_TYPE.CLOSURE_CONFIRMED ||
      message.type === MESSAGE_TYPE.CLOSURE_REQUEST ||
      (message.type === MESSAGE_TYPE.NOTICE && !message.proposalId);
    if (open && answers) {
      settled.add(open);
      openByCase.delete(message.caseId);
    }
    if (message.type === MESSAGE_TYPE.CLOSURE_REQUEST) openByCase.set(message.caseId, message.id);
  }
  return settled;
}

/** docs/product.md, Private chat: the list shows the last message cut on a word to at most 20 characters with '…',
 * or the image label (as the server). */
export function previewOf(message: Pick<ChatMessage, 'type' | 'text'>): string {
  if (message.type === MESSAGE_TYPE.IMAGE) return es.chat.imageLabel;
  return preview(message.text, LIMITS.chatPreviewChars);
}
