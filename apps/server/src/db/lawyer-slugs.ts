import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { isUniqueViolation } from '../lib/db-errors.ts';
import type { Db, Tx } from './database.ts';
import { lawyerProfiles, users } from './schema/index.ts';

/** Longer names are cut (at a word) so the address stays readable. */
const SLUG_MAX = 80;
/** Rows written per UPDATE when many profiles get their slug at once (a start after the migration). */
const WRITE_BATCH = 1_000;
/** Another process may take the same slug between the read and the write: the whole pass runs again. */
const ATTEMPTS = 3;

/**
 * docs/domain.md, Public lawyer pages: 'José Núñez Ortega' → 'jose-nunez-ortega'. Lower case, no accents,
 * [a-z0-9] words joined by '-'; a name with nothing of that ('Ωμέγα') is 'abogado'.
 */
export function slugBase(name: string, surname: string): string {
  const words = `${name} ${surname}`
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  let base = '';
  for (const word of words) {
    const next = base ? `${base}-${word}` : word;
    if (next.length > SLUG_MAX) break;
    base = next;
  }
  return base || (words[0]?.slice(0, SLUG_MAX) ?? '') || 'abogado';
}

/** The first of `base`, `base-2`, `base-3`… that is not in `taken` (which it then joins). */
function firstFree(base: string, taken: Set<string>): string {
  let slug = base;
  for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
  taken.add(slug);
  return slug;
}

/**
 * Gives every lawyer profile without a slug its own (one profile when `lawyerId` is given): registration
 * calls it inside its transaction, the demo seed after its inserts, and the server's start for profiles
 * created before slugs existed. A slug once given is never changed here.
 */
export async function assignLawyerSlugs(executor: Db | Tx, lawyerId?: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await assignOnce(executor, lawyerId);
      return;
    } catch (err) {
      if (!isUniqueViolation(err, 'lawyer_profiles_slug_key') || attempt >= ATTEMPTS) throw err;
    }
  }
}

async function assignOnce(executor: Db | Tx, lawyerId: string | undefined): Promise<void> {
  const missing = await executor
    .select({ id: lawyerProfiles.userId, name: users.name, surname: users.surname })
    .from(lawyerProfiles)
    .innerJoin(users, eq(users.id, lawyerProfiles.userId))
    .where(and(isNull(lawyerProfiles.slug), lawyerId ? eq(lawyerProfiles.userId, lawyerId) : undefined))
    .orderBy(users.createdAt, lawyerProfiles.userId);
  if (missing.length === 0) return;
  const bases = [...new Set(missing.map((row) => slugBase(row.name, row.surname)))];
  // the slugs already given that a base could clash with (the base itself or the base with a number);
  // a pass over every profile reads them all rather than bind one parameter per base
  const clashing = await executor
    .select({ slug: lawyerProfiles.slug })
    .from(lawyerProfiles)
    .where(
      lawyerId
        ? inArray(sql`regexp_replace(${lawyerProfiles.slug}, '-[0-9]+$', '')`, bases)
        : isNotNull(lawyerProfiles.slug),
    );
  const taken = new Set(clashing.map((row) => row.slug as string));
  const chosen = missing.map((row) => ({
    id: row.id,
    slug: firstFree(slugBase(row.name, row.surname), taken),
  }));
  // a savepoint inside the caller's transaction: a clash undoes only this pass, which then runs again
  await executor.transaction(async (tx) => {
    for (let i = 0; i < chosen.length; i += WRITE_BATCH) {
      const values = sql.join(
        chosen.slice(i, i + WRITE_BATCH).map((row) => sql`(${row.id}::uuid, ${row.slug})`),
        sql`, `,
      );
      await tx.execute(sql`update ${lawyerProfiles} as p set slug = v.slug
        from (values ${values}) as v(id, slug)
        where p.user_id = v.id and p.slug is null`);
    }
  });
}
