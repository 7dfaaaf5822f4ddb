import { searchableText } from '@l4l/shared/search';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { OPEN_PROPOSAL_SQL_LIST } from '../../db/schema/cases.ts';

/**
 * The board's rows (ADR 0006) rebuilt from the cases themselves: every published general case with its
 * search text, open proposals and their lowest price, and its client's finished and active cases. The app
 * keeps the board in step case by case; bulk writers (the demo seed, the benchmark's seed) call this once
 * after they insert.
 */
export async function rebuildBoard(db: Db): Promise<void> {
  await db.execute(sql`delete from board_entries`);
  const { rows } = (await db.execute(sql`select id, title, description from cases
    where status = 'PENDIENTE DE ASIGNACIÓN' and addressed_lawyer_id is null`)) as unknown as {
    rows: Array<{ id: string; title: string; description: string }>;
  };
  // the search text is written by the app's own normaliser, as every later case's is
  for (let from = 0; from < rows.length; from += 5000) {
    const batch = rows.slice(from, from + 5000);
    const ids = batch.map((row) => row.id);
    const texts = batch.map((row) => searchableText(row.title, row.description));
    await db.execute(sql`insert into board_entries (case_id, user_id, created_at, category, search_text,
        proposals_count, lowest_proposal_cents, client_finished_cases, client_active_cases)
      select c.id, c.user_id, c.created_at, c.category, t.search_text,
        (select count(*) from proposals p where p.case_id = c.id and p.status in ${OPEN_PROPOSAL_SQL_LIST}),
        (select min(p.price_cents) from proposals p where p.case_id = c.id and p.status in ${OPEN_PROPOSAL_SQL_LIST}),
        (select count(*) from cases f where f.user_id = c.user_id and f.status = 'FINALIZADO'),
        (select count(*) from cases a where a.user_id = c.user_id and a.status = 'ACTIVO')
      from unnest(${sql.param(ids)}::uuid[], ${sql.param(texts)}::text[]) as t(id, search_text)
      join cases c on c.id = t.id`);
  }
}
