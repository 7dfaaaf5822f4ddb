import { RESPONSE_TIME_DAYS, RESPONSE_TIME_MIN_CHATS } from '@l4l/shared/constants/limits';
import { inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/database.ts';
import { chats, lawyerProfiles } from '../../db/schema/index.ts';

/**
 * docs/domain.md, Response time: each lawyer's median minutes to a first reply over the chats answered in
 * the last 90 days, null below 3 of them. The chat runs it for the lawyers whose chats got a first reply
 * (an index range over each one's answered chats), those of replies that came together in one statement;
 * the demo seed runs it for everyone. Reading a profile never computes it.
 */
export async function refreshResponseTimes(executor: Db | Tx, lawyerIds?: string[]): Promise<void> {
  await executor.execute(sql`update ${lawyerProfiles} set response_minutes = (
      select case when count(*) >= ${RESPONSE_TIME_MIN_CHATS} then round(percentile_cont(0.5) within group (
        order by extract(epoch from c.first_reply_at - c.first_client_message_at) / 60))::integer end
      from ${chats} c
      where c.lawyer_id = ${lawyerProfiles.userId} and c.first_reply_at is not null
        and c.first_reply_at > now() - make_interval(days => ${RESPONSE_TIME_DAYS}))
    ${lawyerIds ? sql`where ${inArray(lawyerProfiles.userId, lawyerIds)}` : sql``}`);
}
