import { RESERVED_LAWYER_SLUGS } from '@l4l/shared/constants/directory-pages';
import { slugWords } from '@l4l/shared/search';
import { and, eq, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/database.ts';
import { lawyerProfiles, users } from '../../db/schema/index.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';

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
  const words = slugWords(`${name} ${surname}`);
  let base = '';
  for (const word of words) {
    const next = base ? `${base}-${word}` : word;
    if (next.length > SLUG_MAX) break;
    base = next;
  }
  return base || (words[0]?.slice(0, SLUG_MAX) ?? '') || 'abogado';
}

/**
 * The page address of an erased lawyer (docs/domain.md, Privacy rights): it names nobody, is unique by
 * construction (like the erased mail), and no registration can want it, so it is given at once.
 */
export const erasedLawyerSlug = (userId: string) => `eliminado-${userId}`;

/**
 * The slugs `base` could clash with: `base` itself and every `base-…`, read as a range of the
 * `text_pattern_ops` index (byte order, whatever the database's collation): '.' is the character after
 * '-', so `base-` ≤ slug < `base.` holds exactly the slugs that start with `base-`.
 */
function clashingWith(bases: string[]): SQL | undefined {
  return or(
    ...bases.map(
      (base) =>
        sql`(${lawyerProfiles.slug} = ${base} or (${lawyerProfiles.slug} ~>=~ ${`${base}-`} and ${lawyerProfiles.slug} ~<~ ${`${base}.`}))`,
    ),
  );
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
 * created before slugs existed. A slug once given is never changed here, but for a category's, which the
 * start takes back first (docs/decisions/0018).
 */
export async function assignLawyerSlugs(executor: Db | Tx, lawyerId?: string): Promise<void> {
  if (!lawyerId) await freeReservedSlugs(executor);
  for (let attempt = 1; ; attempt++) {
    try {
      await assignOnce(executor, lawyerId);
      return;
    } catch (err) {
      if (!isUniqueViolation(err, 'lawyer_profiles_slug_key') || attempt >= ATTEMPTS) throw err;
    }
  }
}

/**
 * docs/decisions/0018: a lawyer whose slug became a category's (given before the directory pages
 * existed) gets a new one in the pass that follows; their old address is the category page now.
 */
async function freeReservedSlugs(executor: Db | Tx): Promise<void> {
  await executor
    .update(lawyerProfiles)
    .set({ slug: null })
    .where(inArray(lawyerProfiles.slug, [...RESERVED_LAWYER_SLUGS]));
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
  // the slugs already given that a base could clash with (the base itself or the base with a suffix),
  // an index range for one registration; a pass over every profile reads them all rather than bind
  // two parameters per base
  const clashing = await executor
    .select({ slug: lawyerProfiles.slug })
    .from(lawyerProfiles)
    .where(lawyerId ? clashingWith(bases) : isNotNull(lawyerProfiles.slug));
  // a category's slug is never a lawyer's (docs/decisions/0018)
  const taken = new Set([...RESERVED_LAWYER_SLUGS, ...clashing.map((row) => row.slug as string)]);
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
