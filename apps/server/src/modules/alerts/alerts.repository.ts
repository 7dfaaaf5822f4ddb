import type { AlertMail, LawyerRule } from '@l4l/shared/alert-rules';
import type { AlertFrequency } from '@l4l/shared/constants/alerts';
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { rowsOf } from '../../db/prepared.ts';
import {
  caseAlertDigests,
  caseAlertJobs,
  caseAlerts,
  cases,
  savedSearches,
  users,
} from '../../db/schema/index.ts';

export type SavedSearchRow = typeof savedSearches.$inferSelect;
export type SavedSearchFields = {
  name: string;
  search: string;
  category: string | null;
  frequency: AlertFrequency;
};

/** A lawyer the fan-out looks at: id, categories and saved searches. */
export type AlertCandidate = LawyerRule & { id: string };

/** A case waiting in a lawyer's next daily digest. */
export type DigestCase = { caseId: string; title: string; category: string; createdAt: Date };

/** Saved searches, the fan-out's jobs and alerts, and the daily digests: Drizzle only. */
export function createAlertsRepository(db: Db) {
  return {
    list(lawyerId: string): Promise<SavedSearchRow[]> {
      return db
        .select()
        .from(savedSearches)
        .where(eq(savedSearches.lawyerId, lawyerId))
        .orderBy(asc(savedSearches.createdAt), asc(savedSearches.id));
    },

    /** The lawyer's saved searches, counted under a lock of the lawyer's rows (two requests at once). */
    async countLocked(lawyerId: string): Promise<number> {
      await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`saved-searches:${lawyerId}`}))`);
      const [row] = await db
        .select({ n: count() })
        .from(savedSearches)
        .where(eq(savedSearches.lawyerId, lawyerId));
      return row?.n ?? 0;
    },

    async insert(lawyerId: string, fields: SavedSearchFields): Promise<SavedSearchRow> {
      const [row] = await db
        .insert(savedSearches)
        .values({ lawyerId, ...fields })
        .returning();
      if (!row) throw new Error('saved search not stored');
      return row;
    },

    /** Another lawyer's search is not found (null). */
    async update(lawyerId: string, id: string, fields: SavedSearchFields): Promise<SavedSearchRow | null> {
      const [row] = await db
        .update(savedSearches)
        .set({ ...fields, updatedAt: new Date() })
        .where(and(eq(savedSearches.id, id), eq(savedSearches.lawyerId, lawyerId)))
        .returning();
      return row ?? null;
    },

    async remove(lawyerId: string, id: string): Promise<boolean> {
      const removed = await db
        .delete(savedSearches)
        .where(and(eq(savedSearches.id, id), eq(savedSearches.lawyerId, lawyerId)))
        .returning({ id: savedSearches.id });
      return removed.length > 0;
    },

    /** The fan-out of a published case, written in the approval's transaction (once per case). */
    async queueJob(caseId: string): Promise<void> {
      await db.insert(caseAlertJobs).values({ caseId }).onConflictDoNothing();
    },

    /**
     * Claims the next due job (a row another process holds is skipped) for `leaseMs`: it is due again then
     * unless the claimant renews the lease with each batch or finishes it.
     */
    async claimJob(now: Date, leaseMs: number) {
      const [due] = await db
        .select({ caseId: caseAlertJobs.caseId })
        .from(caseAlertJobs)
        .where(and(eq(caseAlertJobs.status, 'pending'), lte(caseAlertJobs.nextAttemptAt, now)))
        .orderBy(caseAlertJobs.nextAttemptAt)
        .limit(1)
        .for('update', { skipLocked: true });
      if (!due) return null;
      const [claimed] = await db
        .update(caseAlertJobs)
        .set({
          attempts: sql`${caseAlertJobs.attempts} + 1`,
          claimedAt: now,
          nextAttemptAt: new Date(now.getTime() + leaseMs),
        })
        .where(eq(caseAlertJobs.caseId, due.caseId))
        .returning({ caseId: caseAlertJobs.caseId });
      return claimed ?? null;
    },

    /** The job's row, locked for one batch: its cursor as the last committed batch left it. */
    async lockJob(caseId: string) {
      const [row] = await db
        .select({ status: caseAlertJobs.status, cursor: caseAlertJobs.cursor })
        .from(caseAlertJobs)
        .where(eq(caseAlertJobs.caseId, caseId))
        .for('update');
      return row ?? null;
    },

    async advanceJob(caseId: string, cursor: string, leaseUntil: Date): Promise<void> {
      await db
        .update(caseAlertJobs)
        .set({ cursor, nextAttemptAt: leaseUntil })
        .where(eq(caseAlertJobs.caseId, caseId));
    },

    async finishJob(caseId: string, at: Date): Promise<void> {
      await db
        .update(caseAlertJobs)
        .set({ status: 'done', finishedAt: at, claimedAt: null })
        .where(eq(caseAlertJobs.caseId, caseId));
    },

    /** On the embedded database a claim found at the start is a killed predecessor's: due at once. */
    async releaseClaims(now: Date): Promise<number> {
      const released = await db
        .update(caseAlertJobs)
        .set({ claimedAt: null, nextAttemptAt: now })
        .where(and(eq(caseAlertJobs.status, 'pending'), isNotNull(caseAlertJobs.claimedAt)))
        .returning({ caseId: caseAlertJobs.caseId });
      return released.length;
    },

    /** The published case as the alerts name it; null when it left the board meanwhile. */
    async publishedCase(caseId: string) {
      const [row] = await db
        .select({
          id: cases.id,
          title: cases.title,
          category: cases.category,
          addressedLawyerId: cases.addressedLawyerId,
        })
        .from(cases)
        .where(eq(cases.id, caseId));
      return row ?? null;
    },

    /**
     * The next `limit` lawyers after `cursor` (id order) who may be alerted of a case of `category`: verified,
     * not banned, not erased, with a saved search or, without any, the category among theirs.
     */
    async candidates(category: string, cursor: string | null, limit: number): Promise<AlertCandidate[]> {
      // the profiles are walked in their key's order from the cursor and the walk stops at `limit`, each one's
      // account looked up by its key (the lateral's `limit 1` keeps it a lookup rather than a join over every
      // user): a batch reads about as many rows as it alerts, where a join sorted afterwards read every lawyer
      const after = cursor ? sql`and p.user_id > ${cursor}` : sql``;
      const { rows } = (await db.execute(sql`
        select p.user_id as id, p.categories,
          coalesce((select json_agg(json_build_object('search', s.search, 'category', s.category,
            'frequency', s.frequency)) from saved_searches s where s.lawyer_id = p.user_id), '[]'::json) as searches
        from lawyer_profiles p
        join lateral (select 1 from users u where u.id = p.user_id and u.role = 'ABOGADO'
          and u.banned_at is null and u.erased_at is null limit 1) account on true
        where p.verified_at is not null ${after}
          and (${category} = any(p.categories)
            or exists (select 1 from saved_searches s where s.lawyer_id = p.user_id))
        order by p.user_id
        limit ${limit}`)) as unknown as {
        rows: Array<{ id: string; categories: string[]; searches: unknown }>;
      };
      return rows.map((row) => ({
        id: row.id,
        categories: row.categories,
        searches: (typeof row.searches === 'string'
          ? JSON.parse(row.searches)
          : row.searches) as LawyerRule['searches'],
      }));
    },

    /** Records the alerts of a batch; answers the lawyers not alerted of the case before (a resumed batch). */
    async insertAlerts(
      caseId: string,
      alerts: Array<{ lawyerId: string; mail: AlertMail }>,
    ): Promise<string[]> {
      if (alerts.length === 0) return [];
      // the batch as one JSON value, not three parameters a row: a short statement to build and parse
      const input = JSON.stringify(alerts.map(({ lawyerId, mail }) => ({ lawyer_id: lawyerId, mail })));
      const inserted = await rowsOf<{ lawyerId: string }>(
        db,
        sql`insert into ${caseAlerts} (case_id, lawyer_id, mail)
        select ${caseId}::uuid, lawyer_id, mail from jsonb_to_recordset(${input}::jsonb) as t(lawyer_id uuid, mail text)
        on conflict do nothing
        returning lawyer_id as "lawyerId"`,
      );
      return inserted.map((row) => row.lawyerId);
    },

    /** Lawyers with cases waiting for a daily digest. */
    async digestDue(): Promise<string[]> {
      const rows = await db
        .selectDistinct({ lawyerId: caseAlerts.lawyerId })
        .from(caseAlerts)
        .where(and(eq(caseAlerts.mail, 'daily'), isNull(caseAlerts.digestedAt)));
      return rows.map((row) => row.lawyerId);
    },

    /**
     * Takes the digests of `day` of these lawyers, but those another sweep took already: answers the
     * lawyers this caller is to write a digest for, in the same transaction.
     */
    async takeDigests(lawyerIds: string[], day: string, at: Date): Promise<string[]> {
      if (lawyerIds.length === 0) return [];
      const taken = await db
        .insert(caseAlertDigests)
        .values(lawyerIds.map((lawyerId) => ({ lawyerId, lastDay: day, lastSentAt: at })))
        .onConflictDoUpdate({
          target: caseAlertDigests.lawyerId,
          set: { lastDay: day, lastSentAt: at },
          setWhere: sql`${caseAlertDigests.lastDay} < ${day}`,
        })
        .returning({ lawyerId: caseAlertDigests.lawyerId });
      return taken.map((row) => row.lawyerId);
    },

    /** Marks these lawyers' waiting cases told; answers them per lawyer, newest first. */
    async takeDigestCases(lawyerIds: string[], at: Date): Promise<Map<string, DigestCase[]>> {
      const byLawyer = new Map<string, DigestCase[]>();
      if (lawyerIds.length === 0) return byLawyer;
      const taken = await db
        .update(caseAlerts)
        .set({ digestedAt: at })
        .where(
          and(
            inArray(caseAlerts.lawyerId, lawyerIds),
            eq(caseAlerts.mail, 'daily'),
            isNull(caseAlerts.digestedAt),
          ),
        )
        .returning({
          caseId: caseAlerts.caseId,
          lawyerId: caseAlerts.lawyerId,
          createdAt: caseAlerts.createdAt,
        });
      if (taken.length === 0) return byLawyer;
      const titles = await db
        .select({ id: cases.id, title: cases.title, category: cases.category })
        .from(cases)
        .where(inArray(cases.id, [...new Set(taken.map((row) => row.caseId))]));
      const byId = new Map(titles.map((row) => [row.id, row]));
      for (const row of taken) {
        const found = byId.get(row.caseId);
        if (!found) continue;
        const list = byLawyer.get(row.lawyerId) ?? [];
        list.push({
          caseId: row.caseId,
          title: found.title,
          category: found.category,
          createdAt: row.createdAt,
        });
        byLawyer.set(row.lawyerId, list);
      }
      for (const list of byLawyer.values()) {
        list.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.caseId < b.caseId ? 1 : -1));
      }
      return byLawyer;
    },

    /** Whom a digest mail goes to. */
    async recipient(userId: string) {
      const [row] = await db
        .select({ mail: users.mail, name: users.name })
        .from(users)
        .where(and(eq(users.id, userId), isNull(users.erasedAt)));
      return row ?? null;
    },

    /** How many alerts a case raised (tests, the benchmark). */
    async alertsOf(caseId: string) {
      return db
        .select({ lawyerId: caseAlerts.lawyerId, mail: caseAlerts.mail })
        .from(caseAlerts)
        .where(eq(caseAlerts.caseId, caseId))
        .orderBy(desc(caseAlerts.lawyerId));
    },
  };
}

export type AlertsRepository = ReturnType<typeof createAlertsRepository>;
