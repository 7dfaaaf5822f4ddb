import { sql } from 'drizzle-orm';
import type { Db } from './database.ts';

/**
 * Recomputes the board's figures of published cases from the rows themselves (ADR 0006): open proposals
 * and their lowest price, and the client's finished and active cases. The app keeps them in step case by
 * case; bulk writers (the demo seed, the benchmark's seed) call this once after they insert.
 */
export async function refreshBoardFigures(db: Db): Promise<void> {
  await db.execute(sql`update cases set
    proposals_count = (select count(*) from proposals p where p.case_id = cases.id and p.status in ('PENDIENTE', 'ACEPTADA')),
    lowest_proposal_cents = (select min(p.price_cents) from proposals p where p.case_id = cases.id and p.status in ('PENDIENTE', 'ACEPTADA')),
    client_finished_cases = (select count(*) from cases c where c.user_id = cases.user_id and c.status = 'FINALIZADO'),
    client_active_cases = (select count(*) from cases c where c.user_id = cases.user_id and c.status = 'ACTIVO')
    where status = 'PENDIENTE DE ASIGNACIÓN'`);
}
