import { randomUUID } from 'node:crypto';
import { MESSAGE_TYPE, type MessageType, PROPOSAL_CARD_TYPES } from '@l4l/shared/constants/messages';
import type { ProposalStatus } from '@l4l/shared/constants/proposals';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Db } from '../../db/database.ts';
import { fixedStatement } from '../../db/prepared.ts';
import { cases, chats, messages, proposals, uploads, users } from '../../db/schema/index.ts';
import { GroupedCalls } from '../../lib/grouped-calls.ts';
import { MicroCache } from '../../lib/micro-cache.ts';
import { audienceOf } from './chat.mapping.ts';
import { type Audience, type ChatRepository, createChatRepository } from './chat.repository.ts';

/** message writes in flight at once (the rest of the pool stays for everything else), and per statement */
const MESSAGE_WRITES_IN_FLIGHT = 2;
const MESSAGES_PER_WRITE = 200;

const PROPOSAL_CARD_SQL_LIST = sql.raw(`(${PROPOSAL_CARD_TYPES.map((type) => `'${type}'`).join(', ')})`);

/** A message another module or a person posts. */
export type PostMessageInput = {
  chatId: string;
  /** null: the platform writes it */
  senderId: string | null;
  type: MessageType;
  text: string;
  proposalId?: string | null;
  caseId?: string | null;
  proposalAmountCents?: number | null;
  clientMessageId?: string | null;
  /** (+) a `document` message: the document and its size in bytes */
  documentId?: string | null;
  documentSize?: number | null;
  /** types 9 and 11 are always 'USUARIO' (docs/domain.md, Chat messages), whatever is asked */
  audience?: Audience;
};

/** A message to store, its id chosen by the caller. */
export type NewMessage = typeof messages.$inferInsert & { id: string };

/** A message as `storeMessages` answers it: what the chat repository reads of a message, and `firstReply`. */
export type StoredMessageRow = {
  /** this message is the lawyer's first reply in the chat (docs/domain.md, Response time) */
  firstReply: boolean;
  id: string;
  chatId: string;
  senderId: string | null;
  senderName: string | null;
  senderImg: string | null;
  text: string;
  createdAt: Date;
  userId: string;
  lawyerId: string;
  type: string;
  audience: Audience;
  proposalId: string | null;
  caseId: string | null;
  proposalAmountCents: number | null;
  proposalStatus: ProposalStatus | null;
  counterDeclined: boolean | null;
  caseTitle: string | null;
  clientMessageId: string | null;
  documentId: string | null;
  documentSize: number | null;
  readAt: Date | null;
  imageWidth: number | null;
  imageHeight: number | null;
};

/**
 * What only the database knows of a stored message (its time, the people's names, the chat's sides, the
 * proposal's and the case's state); the rest is what was given, so the statement does not send it back.
 */
type StoredExtras = Pick<
  StoredMessageRow,
  | 'firstReply'
  | 'id'
  | 'senderName'
  | 'senderImg'
  | 'userId'
  | 'lawyerId'
  | 'proposalStatus'
  | 'counterDeclined'
  | 'caseTitle'
  | 'imageWidth'
  | 'imageHeight'
> & { createdAt: Date | string };

// a first reply is a lawyer's message in a chat whose client had written first, this batch included
// `limit` (every row: it is their count) tells the planner how few rows come in: it would otherwise take
// jsonb_to_recordset's hundred and read the whole chats, proposals and cases tables into hash joins
// where a few index lookups do, on every group of messages (bench/README.md, marketplace)
const storeStatement = fixedStatement<StoredExtras, 'input' | 'count'>(
  'l4l_store_messages',
  (value) => sql`with input as (
      select * from jsonb_to_recordset(${value('input')}::jsonb) as t(o int, id uuid, chat_id uuid, sender_id uuid,
        type text, text text, audience text, proposal_id uuid, case_id uuid, proposal_amount_cents int,
        client_message_id text, document_id uuid, document_size int)
      limit ${value('count')}
    ), ins as (
      insert into ${messages} (id, chat_id, sender_id, type, text, audience, proposal_id, case_id,
        proposal_amount_cents, client_message_id, document_id, document_size)
      select id, chat_id, sender_id, type, text, audience, proposal_id, case_id,
        proposal_amount_cents, client_message_id, document_id, document_size
      from input order by o
      on conflict (sender_id, client_message_id) do nothing
      returning *
    ), client_first as (
      select ins.chat_id, min(ins.seq) filter (where ins.sender_id = c.user_id) as client_seq,
        c.first_client_message_at is not null as asked_before
      from ins join ${chats} c on c.id = ins.chat_id
      group by ins.chat_id, c.first_client_message_at
    ), per_chat as (
      select ins.chat_id, max(ins.created_at) as at, f.client_seq,
        min(ins.seq) filter (where ins.sender_id = c.lawyer_id
          and (f.asked_before or ins.seq > f.client_seq)) as reply_seq
      from ins join ${chats} c on c.id = ins.chat_id join client_first f on f.chat_id = ins.chat_id
      group by ins.chat_id, f.client_seq
    ), touched as (
      update ${chats} set last_message_at = per_chat.at,
        first_client_message_at = case
          when ${chats.firstClientMessageAt} is null and per_chat.client_seq is not null then per_chat.at
          else ${chats.firstClientMessageAt} end,
        first_reply_at = case
          when ${chats.firstReplyAt} is null and per_chat.reply_seq is not null then per_chat.at
          else ${chats.firstReplyAt} end
      -- the chats are locked in id order, so two groups under way never wait on each other in a circle
      from (
        select per_chat.* from ${chats} locked join per_chat on per_chat.chat_id = locked.id
        order by locked.id for no key update of locked
      ) as per_chat
      where ${chats.id} = per_chat.chat_id
      returning ${chats.id} as chat_id, per_chat.reply_seq,
        ${chats.firstReplyAt} = per_chat.at and per_chat.reply_seq is not null as first_reply
    )
    select coalesce(t.first_reply and t.reply_seq = ins.seq, false) as "firstReply", ins.id,
      nullif(trim(s.name || ' ' || s.surname), '') as "senderName", s.photo_url as "senderImg",
      ins.created_at as "createdAt", c.user_id as "userId", c.lawyer_id as "lawyerId",
      p.status as "proposalStatus",
      (ins.type = ${MESSAGE_TYPE.COUNTER_OFFER} and p.status = 'PENDIENTE' and p.counter_offer_cents is null) as "counterDeclined",
      k.title as "caseTitle", u.width as "imageWidth", u.height as "imageHeight"
    from ins join ${chats} c on c.id = ins.chat_id left join ${users} s on s.id = ins.sender_id
    left join touched t on t.chat_id = ins.chat_id
    left join ${proposals} p on p.id = ins.proposal_id and ins.type in ${PROPOSAL_CARD_SQL_LIST}
    left join ${cases} k on k.id = ins.case_id
    left join ${uploads} u on ins.type = ${MESSAGE_TYPE.IMAGE} and u.url = ins.text and u.purpose = 'chat'`,
);

/**
 * Stores messages, in the given order, in one statement (one round trip, atomic without a transaction)
 * and moves their chats' activity times; answers each stored message as every reader sees it, in the
 * order given, or undefined where its sender already sent that clientMessageId. The ids come from the
 * caller, so each answer finds its message. A proposal's status is read in the caller's transaction,
 * which has just written the proposal. Messages stored together share their `createdAt` (one statement,
 * one clock); their order is `seq`, as everywhere.
 */
export async function storeMessages(
  db: Db,
  pool: pg.Pool | undefined,
  values: NewMessage[],
): Promise<Array<StoredMessageRow | undefined>> {
  // what each message is, its defaults filled once: the statement's input, and the answer's given part
  const given = values.map((value) => ({
    id: value.id,
    chatId: value.chatId,
    senderId: value.senderId ?? null,
    type: value.type,
    text: value.text ?? '',
    audience: value.audience ?? 'ALL',
    proposalId: value.proposalId ?? null,
    caseId: value.caseId ?? null,
    proposalAmountCents: value.proposalAmountCents ?? null,
    clientMessageId: value.clientMessageId ?? null,
    documentId: value.documentId ?? null,
    documentSize: value.documentSize ?? null,
  }));
  const input = JSON.stringify(
    given.map((message, o) => ({
      o,
      id: message.id,
      chat_id: message.chatId,
      sender_id: message.senderId,
      type: message.type,
      text: message.text,
      audience: message.audience,
      proposal_id: message.proposalId,
      case_id: message.caseId,
      proposal_amount_cents: message.proposalAmountCents,
      client_message_id: message.clientMessageId,
      document_id: message.documentId,
      document_size: message.documentSize,
    })),
  );
  const rows = await storeStatement(db, pool, { input, count: values.length });
  const stored = new Map(rows.map((row) => [row.id, row]));
  return given.map((message) => {
    const row = stored.get(message.id);
    // node-postgres parses timestamptz; PGlite may hand back the text
    return row && { ...message, ...row, createdAt: new Date(row.createdAt), readAt: null };
  });
}

/**
 * How the chat stores its messages. Outside a transaction they leave in groups while earlier ones are
 * still being written: a burst of SENDs costs a few statements instead of one round trip each
 * (lib/grouped-calls.ts). Inside one they are stored in it, alone.
 */
export function createMessageStore(deps: { db: Db; pool?: pg.Pool; repository: ChatRepository }) {
  const { db, pool, repository } = deps;
  const grouped = new GroupedCalls<NewMessage, StoredMessageRow | undefined>(
    (values) => storeMessages(db, pool, values),
    { concurrency: MESSAGE_WRITES_IN_FLIGHT, maxGroup: MESSAGES_PER_WRITE },
  );
  // a first reply moves its lawyer's response time: the lawyers of the replies that come while one
  // refresh runs are refreshed together by the next, one statement at a time (no two lock their rows)
  const responseTimes = new GroupedCalls<string, void>(
    async (lawyerIds) => {
      await repository.refreshResponseTimes(lawyerIds);
      return lawyerIds.map(() => undefined);
    },
    { concurrency: 1, maxGroup: MESSAGES_PER_WRITE },
  );
  /** the chat repository on `executor`: the service's own outside a transaction */
  const repositoryIn = (executor: Db) => (executor === db ? repository : createChatRepository(executor));

  // a pair's chat never changes once opened: SENDs look it up once per process (bounded, least recent out),
  // the lookups that come together (a fresh process under load) in one statement
  const pairLookups = new GroupedCalls<{ userId: string; lawyerId: string }, string | undefined>(
    (pairs) => repository.chatIdsOfPairs(pairs),
    { concurrency: 2, maxGroup: 500 },
  );
  const chatsOfPairs = new MicroCache<string | undefined>(60 * 60_000, 20_000);

  return {
    /** The chat of a client and a lawyer, if they have one. */
    async chatOfPair(userId: string, lawyerId: string): Promise<string | undefined> {
      const key = `${userId}:${lawyerId}`;
      const id = await chatsOfPairs.get(key, () => pairLookups.add({ userId, lawyerId }));
      // a pair without a chat yet is asked again next time
      if (!id) chatsOfPairs.forget(key);
      return id;
    },

    /**
     * Stores a message in `executor` (`db` or a transaction); a repeated clientMessageId answers the
     * message stored first, with `created` false. `firstReplyOf`: the lawyer whose first reply this is.
     */
    async store(
      executor: Db,
      input: PostMessageInput,
    ): Promise<{ row: Omit<StoredMessageRow, 'firstReply'>; created: boolean; firstReplyOf?: string }> {
      const clientMessageId = input.senderId ? (input.clientMessageId ?? null) : null;
      const value: NewMessage = {
        id: randomUUID(),
        chatId: input.chatId,
        senderId: input.senderId,
        type: input.type,
        text: input.text,
        audience: audienceOf(input.type, input.audience),
        proposalId: input.proposalId ?? null,
        caseId: input.caseId ?? null,
        proposalAmountCents: input.proposalAmountCents ?? null,
        clientMessageId,
        documentId: input.documentId ?? null,
        documentSize: input.documentSize ?? null,
      };
      const stored =
        executor === db ? await grouped.add(value) : (await storeMessages(executor, undefined, [value]))[0];
      // nothing stored: this sender already sent this clientMessageId, and that message is the answer
      const row =
        stored ??
        (input.senderId && clientMessageId
          ? await repositoryIn(executor).findMessageByClientId(input.senderId, clientMessageId)
          : undefined);
      if (!row) throw new Error('message not stored');
      return {
        row,
        created: stored !== undefined,
        firstReplyOf: stored?.firstReply ? stored.lawyerId : undefined,
      };
    },

    /** The lawyer's response time moves after their first reply in a chat: in `executor`, or grouped. */
    async refreshResponseTime(executor: Db, lawyerId: string): Promise<void> {
      if (executor === db) await responseTimes.add(lawyerId);
      else await createChatRepository(executor).refreshResponseTimes([lawyerId]);
    },
  };
}
