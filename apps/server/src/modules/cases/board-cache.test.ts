import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import { bearer, createAdmin, createLawyer, createUser, signIn } from '../../../test/factories.ts';

/** The board's pages are served again for a few seconds outside tests (ADR 0006): what stays fresh. */
let t: Awaited<ReturnType<typeof buildTestApp>>;
beforeAll(async () => {
  t = await buildTestApp({ env: 'development', shortCaches: true });
});
afterAll(async () => t.close());

describe('the board with its pages cached', () => {
  it("shows a lawyer's own proposal at once, though the page itself is served again", async () => {
    const admin = await signIn(t.app, await createAdmin(t.app));
    const client = await signIn(t.app, await createUser(t.app));
    const lawyer = await signIn(t.app, await createLawyer(t.app));
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/cases/new-case',
      headers: bearer(client),
      payload: { title: 'Vecino ruidoso', description: 'Fiestas cada noche.' },
    });
    const caseId = created.json().data.id;
    await t.app.inject({
      method: 'POST',
      url: `/api/admin/cases/${caseId}/approve`,
      headers: bearer(admin),
      payload: { category: 'Abogado Civil' },
    });
    const board = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/cases/pending-cases', headers: bearer(lawyer) })).json()
        .data;
    expect((await board()).find((c: { id: string }) => c.id === caseId)?.myProposal).toBeNull();

    const proposed = await t.app.inject({
      method: 'POST',
      url: `/api/proposal/create-proposal-to-case/${caseId}`,
      headers: bearer(lawyer),
      payload: { price: 90, message: 'Te ayudo.' },
    });
    expect(proposed.statusCode).toBe(200);
    const card = (await board()).find((c: { id: string }) => c.id === caseId);
    expect(card.myProposal).toMatchObject({ price: 90, status: 'PENDIENTE' });
    // the shared figures may be a few seconds old: the page was served from memory
    expect(card.proposalsCount).toBe(0);

    // another lawyer reads the same cached page, answered with the bytes rendered for everyone without
    // a proposal on it: the first lawyer's proposal is not among them
    const other = await signIn(t.app, await createLawyer(t.app));
    for (let i = 0; i < 2; i += 1) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/cases/pending-cases',
        headers: bearer(other),
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.json().data.find((c: { id: string }) => c.id === caseId).myProposal).toBeNull();
    }
    expect((await board()).find((c: { id: string }) => c.id === caseId).myProposal).toMatchObject({
      price: 90,
    });
  });
});
