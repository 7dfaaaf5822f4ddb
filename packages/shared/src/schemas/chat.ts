import { z } from 'zod';
import { LIMITS } from '../constants/limits.ts';
import {
  CHAT_HISTORY_DEFAULT_LIMIT,
  CHAT_HISTORY_MAX_LIMIT,
  isOwnUploadUrl,
  MESSAGE_TYPES,
  PERSON_MESSAGE_TYPES,
} from '../constants/messages.ts';
import { PROPOSAL_STATUSES } from '../constants/proposals.ts';
import { es } from '../texts/es/app.ts';

/**
 * The chat's shapes (docs/api/http.md, Chat, and docs/api/stomp.md), browser-safe: the server validates and
 * answers with these, the web's chat client parses with them.
 */

const isoDate = z.string();

/**
 * A message (docs/api/http.md, Chat): `proposalAmount` in euros, IVA included; no `senderId` means the platform wrote it.
 * `proposalStatus` is the proposal's status now, as the proposals module holds it, on a proposal (type 2)
 * and null on every other type; optional, so an answer from a server without it still parses.
 */
export const chatMessageSchema = z.object({
  id: z.string(),
  chatId: z.string(),
  senderId: z.string().nullable(),
  senderName: z.string().nullable(),
  senderImg: z.string().nullable(),
  text: z.string(),
  timestamp: isoDate,
  userId: z.string(),
  lawyerId: z.string(),
  type: z.enum(MESSAGE_TYPES),
  proposalId: z.string().nullable(),
  caseId: z.string().nullable(),
  proposalAmount: z.number().nullable(),
  proposalStatus: z.enum(PROPOSAL_STATUSES).nullish(),
  /**
   * (+) on a counter-offer: its lawyer declined it and kept their price (the proposal is still pending, with
   * no counter-offer waiting); optional on the wire
   */
  counterDeclined: z.boolean().nullish(),
  /** (+) the title of the case the message is about (its code is `caseCode(caseId)`); optional on the wire */
  caseTitle: z.string().nullish(),
  /**
   * (+) on a proposal (type 2): the platform's fee on its amount at the current PLATFORM_FEE_PERCENT, in
   * euros: the fee invoice's base; null on every other type; optional on the wire
   */
  platformFee: z.number().nullish(),
  /** (+) with `platformFee`: its IVA, euros (the fee invoice bills and the release keeps fee + IVA) */
  platformFeeVat: z.number().nullish(),
  /** (+) with `platformFee`: fee + IVA, the fee invoice's total, euros */
  platformFeeTotal: z.number().nullish(),
  /** (+) with `platformFee`: what the lawyer receives, the amount less the fee and its IVA, euros */
  lawyerReceives: z.number().nullish(),
  clientMessageId: z.string().nullable(),
  /** (+) a `document` message: the document (null once deleted) and its size in bytes */
  documentId: z.string().nullish(),
  size: z.number().int().nullish(),
  /** (+) when the other participant read it (SEND /app/read); null while unread */
  readAt: isoDate.nullish(),
  /**
   * (+) an `image` message: the picture's size in pixels as stored, so its place is kept before it loads;
   * null when unknown (pictures stored before sizes were kept) and on every other type
   */
  width: z.number().int().nullish(),
  height: z.number().int().nullish(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** A chat (docs/api/http.md, Chat): the pair and how each side is shown. */
export const chatSchema = z.object({
  id: z.string(),
  userId: z.string(),
  lawyerId: z.string(),
  userName: z.string(),
  lawyerName: z.string(),
  userImgUrl: z.string().nullable(),
  lawyerImgUrl: z.string().nullable(),
});
export type Chat = z.infer<typeof chatSchema>;

/** GET /api/chat/getchats/{userId}: `lastMessage` is the caller's view, cut to 20 characters (docs/domain.md, Limits). */
export const chatListItemSchema = chatSchema.extend({
  lastMessage: z.string().nullable(),
  lastMessageAt: isoDate.nullable(),
  unread: z.number().int(),
});
export type ChatListItem = z.infer<typeof chatListItemSchema>;

/** GET /api/chat/{userId}/{lawyerId}: messages oldest first. */
export const chatHistorySchema = z.object({ chat: chatSchema, messages: z.array(chatMessageSchema) });
export type ChatHistory = z.infer<typeof chatHistorySchema>;

/** `before` (a message id) and `limit` page back through the history. */
export const chatHistoryQuerySchema = z.object({
  before: z.uuid().optional(),
  limit: z.coerce.number().int().min(1).max(CHAT_HISTORY_MAX_LIMIT).default(CHAT_HISTORY_DEFAULT_LIMIT),
});
export type ChatHistoryQuery = z.infer<typeof chatHistoryQuerySchema>;

/**
 * SEND /app/chat body. `senderId` is optional: the server takes the sender from the session and refuses a
 * different one. Blank text is not sent; people send only text and images (docs/domain.md, Chat messages).
 */
export const sendMessageSchema = z
  .object({
    senderId: z.string().nullish(),
    text: z
      .string({ error: es.chat.emptyMessage })
      .refine((text) => text.trim().length > 0, { error: es.chat.emptyMessage })
      .refine((text) => text.length <= LIMITS.chatTextMax, {
        error: es.chat.messageTooLong(LIMITS.chatTextMax),
      }),
    userId: z.uuid({ error: es.chat.chatNotFound }),
    lawyerId: z.uuid({ error: es.chat.chatNotFound }),
    type: z
      .string({ error: es.chat.typeNotAllowed })
      .refine((type) => (PERSON_MESSAGE_TYPES as readonly string[]).includes(type), {
        error: es.chat.typeNotAllowed,
      })
      .transform((type) => type as (typeof PERSON_MESSAGE_TYPES)[number]),
    clientMessageId: z.string().trim().min(1).max(100).nullish(),
  })
  .refine((message) => message.type !== 'image' || isOwnUploadUrl(message.text.trim()), {
    error: es.chat.imageNotOurs,
    path: ['text'],
  });
export type SendMessage = z.infer<typeof sendMessageSchema>;

/** SEND /app/connect and /app/disconnect (docs/api/stomp.md, Destinations): informative only, the session says who it is. */
export const presenceAnnouncementSchema = z.object({
  userId: z.string().nullish(),
  lawyerId: z.string().nullish(),
  userType: z.string().nullish(),
});

/** (+) SEND /app/read: the caller has read the chat's messages up to `upTo` (a message id), itself included. */
export const readReceiptSchema = z.object({
  chatId: z.uuid({ error: es.chat.chatNotFound }),
  upTo: z.uuid({ error: es.chat.messageNotFound }),
});
export type ReadReceipt = z.infer<typeof readReceiptSchema>;
/** (+) What the other participant receives on /user/queue/read. */
export const readPushSchema = z.object({ chatId: z.string(), upTo: z.string(), readAt: isoDate });
export type ReadPush = z.infer<typeof readPushSchema>;

/** (+) SEND /app/typing: the caller is typing in the chat (never stored). */
export const typingSchema = z.object({ chatId: z.uuid({ error: es.chat.chatNotFound }) });
/** (+) What the other participant receives on /user/queue/typing. */
export const typingPushSchema = z.object({ chatId: z.string(), userId: z.string() });
export type TypingPush = z.infer<typeof typingPushSchema>;

/** GET /api/users/{id}/presence (+). */
export const presenceSchema = z.object({ online: z.boolean(), lastConnection: isoDate.nullable() });
export type Presence = z.infer<typeof presenceSchema>;
/**
 * (+) What everyone who shares a chat with a person receives on /user/queue/presence when that person comes
 * online or leaves: the same facts as GET /api/users/{id}/presence, and whose they are.
 */
export const presencePushSchema = presenceSchema.extend({ userId: z.string() });
export type PresencePush = z.infer<typeof presencePushSchema>;
