/** docs/domain.md, Chat messages: chat message types, strings on the wire. */
export const MESSAGE_TYPE = {
  TEXT: '0',
  PROPOSAL: '2',
  CLOSURE_REQUEST: '5',
  CLOSURE_CONFIRMED: '7',
  NOTICE: '8',
  RATING_PROMPT: '9',
  PROPOSAL_ACCEPTED: '10',
  CLIENT_NOTICE: '11',
  IMAGE: 'image',
  /** (+) a case document was shared: text is its name, with `documentId` and `size` (written by the server) */
  DOCUMENT: 'document',
  /**
   * (+) the client asks the lawyer for a new price on their open proposal: `proposalAmount` is the price
   * asked, `proposalId` the proposal it answers (written by the server for the client)
   */
  COUNTER_OFFER: 'counteroffer',
} as const;

export const MESSAGE_TYPES = Object.values(MESSAGE_TYPE);
export type MessageType = (typeof MESSAGE_TYPES)[number];

/** docs/domain.md, Chat messages: only these may be sent by people; the others are written by the server. */
export const PERSON_MESSAGE_TYPES: readonly MessageType[] = [MESSAGE_TYPE.TEXT, MESSAGE_TYPE.IMAGE];

/** docs/domain.md, Chat messages: types the lawyer never sees (client only). */
export const CLIENT_ONLY_MESSAGE_TYPES: readonly MessageType[] = [
  MESSAGE_TYPE.RATING_PROMPT,
  MESSAGE_TYPE.CLIENT_NOTICE,
];

/**
 * The messages that carry their proposal's status as it is now (`proposalStatus`) and the platform's fee
 * on their amount: the proposal itself and a counter-offer to it.
 */
export const PROPOSAL_CARD_TYPES: readonly MessageType[] = [
  MESSAGE_TYPE.PROPOSAL,
  MESSAGE_TYPE.COUNTER_OFFER,
];

export function isMessageType(value: string): value is MessageType {
  return (MESSAGE_TYPES as readonly string[]).includes(value);
}

/** How many messages one page of a chat's history holds unless asked (`limit`), and at most. */
export const CHAT_HISTORY_DEFAULT_LIMIT = 50;
export const CHAT_HISTORY_MAX_LIMIT = 200;

/** Images in the chat are files uploaded to our own storage (POST /api/uploads answers `/uploads/...`). */
export function isOwnUploadUrl(text: string): boolean {
  return /^\/uploads\/[\w./-]+$/.test(text) && !text.includes('..');
}
