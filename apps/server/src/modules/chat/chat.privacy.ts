import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database.ts';
import { chats, messages, users } from '../../db/schema/index.ts';
import { createChatRepository } from './chat.repository.ts';

const counterpart = alias(users, 'counterpart');
const partyOf = (userId: string) => or(eq(chats.userId, userId), eq(chats.lawyerId, userId));

/** The person's chats, each with the other party's name. */
function chatsOf(userId: string, db: Db) {
  return db
    .select({
      id: chats.id,
      asLawyer: sql<boolean>`${chats.lawyerId} = ${userId}`,
      withId: counterpart.id,
      withName: sql<string>`trim(${counterpart.name} || ' ' || ${counterpart.surname})`,
      createdAt: chats.createdAt,
    })
    .from(chats)
    .innerJoin(
      counterpart,
      sql`${counterpart.id} = case when ${chats.userId} = ${userId} then ${chats.lawyerId} else ${chats.userId} end`,
    )
    .where(partyOf(userId))
    .orderBy(asc(chats.createdAt));
}

/**
 * The messages of the person's chats, as the person received them: a lawyer never received the messages
 * meant for the client alone (docs/domain.md, Chat messages).
 */
function messagesOf(userId: string, chatIds: string[], db: Db) {
  if (chatIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: messages.id,
      chatId: messages.chatId,
      fromMe: sql<boolean>`coalesce(${messages.senderId} = ${userId}, false)`,
      senderId: messages.senderId,
      type: messages.type,
      text: messages.text,
      caseId: messages.caseId,
      proposalAmountCents: messages.proposalAmountCents,
      documentId: messages.documentId,
      createdAt: messages.createdAt,
      readAt: messages.readAt,
    })
    .from(messages)
    .innerJoin(chats, eq(chats.id, messages.chatId))
    .where(and(inArray(messages.chatId, chatIds), or(eq(chats.userId, userId), eq(messages.audience, 'ALL'))))
    .orderBy(asc(messages.seq));
}

/**
 * docs/domain.md, Privacy rights: a person's chats, exported with every message they sent or received. The
 * erasure leaves them for the other party; only the platform's own words that named the person change.
 */
export const chatPrivacy = {
  async exportFor(userId: string, db: Db) {
    const theirChats = await chatsOf(userId, db);
    const chatMessages = await messagesOf(
      userId,
      theirChats.map((chat) => chat.id),
      db,
    );
    return theirChats.map((chat) => ({
      ...chat,
      messages: chatMessages.filter((message) => message.chatId === chat.id),
    }));
  },

  /**
   * The platform's own messages in the person's chats (a rating prompt names the lawyer) name them by the
   * pseudonym instead; what people wrote stays as written.
   */
  async eraseFor(userId: string, tx: Db, names: { fullName: string; pseudonym: string }) {
    const { fullName, pseudonym } = names;
    if (fullName.trim() === '') return;
    const theirChats = tx.select({ id: chats.id }).from(chats).where(partyOf(userId));
    await tx
      .update(messages)
      .set({ text: sql`replace(${messages.text}, ${fullName}, ${pseudonym})` })
      .where(
        and(
          inArray(messages.chatId, theirChats),
          isNull(messages.senderId),
          sql`strpos(${messages.text}, ${fullName}) > 0`,
        ),
      );
  },

  /** Deleted documents' messages no longer point at them, as when one document is deleted. */
  async forgetDocuments(documentIds: readonly string[], tx: Db) {
    const repository = createChatRepository(tx);
    for (const id of documentIds) await repository.forgetDocument(id);
  },
};
