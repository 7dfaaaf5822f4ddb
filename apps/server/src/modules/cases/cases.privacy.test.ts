import { CASE_STATUS, CASE_STATUSES, type CaseStatus, STEP_BY_STATUS } from '@l4l/shared/constants/cases';
import { ROLE } from '@l4l/shared/constants/roles';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import { bearer, createAdmin, createUser, signIn } from '../../../test/factories.ts';
import type { Db } from '../../db/database.ts';
import { boardEntries, cases } from '../../db/schema/index.ts';
import { CASE_MACHINE, decide, PLATFORM } from './case-machine.ts';
import { casesPrivacy } from './cases.privacy.ts';

/**
 * docs/domain.md, Privacy rights: an erased client's cases still waiting for validation or assignment end
 * through the case machine's `discardOnErasure`, taken by the platform; nothing else of theirs changes.
 */

let t: Awaited<ReturnType<typeof buildTestApp>>;
let adminToken: string;
beforeAll(async () => {
  t = await buildTestApp();
  adminToken = await signIn(t.app, await createAdmin(t.app));
});
afterAll(async () => t.close());

const REASON = 'Cuenta eliminada por su titular.';

/** A case of the client's: created and published through the routes, or stored in a later status. */
async function caseIn(client: { id: string; token: string }, status: CaseStatus) {
  if (status === CASE_STATUS.PDTEAVALIDACION || status === CASE_STATUS.PENDIENTE_ASIGNACION) {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/cases/new-case',
      headers: bearer(client.token),
      payload: { title: 'La fianza del piso', description: 'El casero no devuelve la fianza.' },
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().data.id as string;
    if (status === CASE_STATUS.PENDIENTE_ASIGNACION) {
      const approved = await t.app.inject({
        method: 'POST',
        url: `/api/admin/cases/${id}/approve`,
        headers: bearer(adminToken),
        payload: { category: 'Abogado Civil' },
      });
      expect(approved.statusCode, approved.body).toBe(200);
    }
    return id;
  }
  const [row] = await t.app.db
    .insert(cases)
    .values({
      userId: client.id,
      title: `Un caso ${status}`,
      description: 'Un caso que la eliminación no cambia.',
      category: 'Abogado Civil',
      status,
      progressStep: STEP_BY_STATUS[status],
    })
    .returning({ id: cases.id });
  return row?.id as string;
}

async function client() {
  const user = await createUser(t.app);
  return { id: user.id, token: await signIn(t.app, user) };
}

describe('discardOnErasure', () => {
  it('is the platform’s, from a case waiting for validation or assignment only', () => {
    const row = { userId: 'c', lawyerId: null, addressedLawyerId: null };
    for (const status of CASE_STATUSES) {
      const open = status === CASE_STATUS.PDTEAVALIDACION || status === CASE_STATUS.PENDIENTE_ASIGNACION;
      expect(decide('discardOnErasure', PLATFORM, { ...row, status }), status).toBe(
        open ? 'allowed' : 'invalid',
      );
      expect(decide('discardOnErasure', { id: 'c', role: ROLE.USUARIO }, { ...row, status })).toBe(
        'forbidden',
      );
    }
    expect(CASE_MACHINE.discardOnErasure.to).toBe(CASE_STATUS.DESCARTADO);
  });

  it('discards the client’s open cases with the reason and takes them off the board; nothing else', async () => {
    const erased = await client();
    const other = await client();
    const ids = {} as Record<CaseStatus, string>;
    for (const status of CASE_STATUSES) ids[status] = await caseIn(erased, status);
    const othersCase = await caseIn(other, CASE_STATUS.PENDIENTE_ASIGNACION);
    const onBoard = () =>
      t.app.db
        .select({ caseId: boardEntries.caseId })
        .from(boardEntries)
        .where(inArray(boardEntries.caseId, [ids[CASE_STATUS.PENDIENTE_ASIGNACION], othersCase]));
    expect(await onBoard()).toHaveLength(2);

    const discarded = await t.app.db.transaction((tx) => casesPrivacy.eraseFor(erased.id, tx as Db, REASON));

    const open = [ids[CASE_STATUS.PDTEAVALIDACION], ids[CASE_STATUS.PENDIENTE_ASIGNACION]];
    expect([...discarded].sort()).toEqual([...open].sort());
    for (const status of CASE_STATUSES) {
      const [row] = await t.app.db.select().from(cases).where(eq(cases.id, ids[status]));
      const wasOpen = open.includes(ids[status]);
      expect(row?.status, status).toBe(wasOpen ? CASE_STATUS.DESCARTADO : status);
      expect(row?.discardReason, status).toBe(wasOpen ? REASON : null);
    }
    expect(await onBoard()).toEqual([{ caseId: othersCase }]);
    const [untouched] = await t.app.db.select().from(cases).where(eq(cases.id, othersCase));
    expect(untouched?.status).toBe(CASE_STATUS.PENDIENTE_ASIGNACION);

    // a second erasure finds nothing left to discard
    expect(await t.app.db.transaction((tx) => casesPrivacy.eraseFor(erased.id, tx as Db, REASON))).toEqual(
      [],
    );
  });
});
