import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { cases, proposals } from './cases.ts';
import { createdAt, id, tstz } from './columns.ts';
import { users } from './users.ts';

/** A chat: one private conversation per client–lawyer pair. */
export const chats = pgTable(
  'chats',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lawyerId: uuid('lawyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastMessageAt: tstz('last_message_at'),
    userLastReadAt: tstz('user_last_read_at'),
    lawyerLastReadAt: tstz('lawyer_last_read_at'),
    /** docs/domain.md, Response time: the client's first message in this chat */
    firstClientMessageAt: tstz('first_client_message_at'),
    /** the lawyer's first message after the client's first one; with the above, one measured reply */
    firstReplyAt: tstz('first_reply_at'),
  },
  (t) => [
    uniqueIndex('chats_pair_key').on(t.userId, t.lawyerId),
    index('chats_lawyer_idx').on(t.lawyerId),
    // the lawyer's answered chats, newest first: what the response-time median reads
    index('chats_lawyer_reply_idx').on(t.lawyerId, t.firstReplyAt).where(sql`${t.firstReplyAt} is not null`),
  ],
);

/**
 * A chat message (docs/domain.md, Chat messages). No sender means the platform. `audience` 'USUARIO' marks types 9 and 11, which
 * the lawyer never receives. A client-chosen id makes a resend a no-op.
 */
export const messages = pgTable(
  'messages',
  {
    id: id(),
    seq: integer('seq').generatedAlwaysAsIdentity(),
    chatId: uuid('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id').references(() => users.id, { onDelete: 'set null' }),
    type: text('type').notNull(),
    text: text('text').notNull().default(''),
    audience: text('audience', { enum: ['ALL', 'USUARIO'] })
      .notNull()
      .default('ALL'),
    proposalId: uuid('proposal_id').references(() => proposals.id, { onDelete: 'set null' }),
    caseId: uuid('case_id').references(() => cases.id, { onDelete: 'set null' }),
    proposalAmountCents: integer('proposal_amount_cents'),
    clientMessageId: text('client_message_id'),
    /** (+) a `document` message: the document (null once it is deleted) and its size in bytes */
    documentId: uuid('document_id'),
    documentSize: integer('document_size'),
    /** (+) when the other participant read it (SEND /app/read) */
    readAt: tstz('read_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('messages_chat_seq_idx').on(t.chatId, t.seq),
    uniqueIndex('messages_client_id_key').on(t.senderId, t.clientMessageId),
  ],
);
