import { es } from '@l4l/shared/texts/es';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import {
  bearer,
  createAdmin,
  createFiscalProfile,
  createLawyer,
  createUser,
  DEFAULT_PASSWORD,
  login,
  signIn,
} from '../../../test/factories.ts';
import { cases, payments } from '../../db/schema/index.ts';

/**
 * The sandbox checkout takes no money, so its link alone must not pay: the page and its buttons need the
 * session of the client who accepted the proposal (cookie, as in the browser, or Bearer). Anonymous: 401;
 * anyone else, administrators included: 404, as for a checkout that does not exist.
 */
let t: Awaited<ReturnType<typeof buildTestApp>>;
let clientToken: string;
let clientCookie: string;
let others: Array<[string, string]>;
let caseId: string;
let sessionId: string;

const status = async () => {
  const [payment] = await t.app.db.select().from(payments).where(eq(payments.caseId, caseId));
  const [row] = await t.app.db.select().from(cases).where(eq(cases.id, caseId));
  return { payment: payment?.status, case: row?.status };
};

beforeAll(async () => {
  t = await buildTestApp();
  const client = await createUser(t.app);
  // a price above 400 € is paid only with the client's fiscal data (docs/invoices.md)
  await createFiscalProfile(t.app, client.id);
  const lawyer = await createLawyer(t.app);
  const admin = await createAdmin(t.app);
  clientToken = await signIn(t.app, client);
  const lawyerToken = await signIn(t.app, lawyer);
  const adminToken = await signIn(t.app, admin);
  const cookie = (await login(t.app, client.mail, DEFAULT_PASSWORD)).cookies.find(
    (c) => c.name === 'l4l_session',
  );
  clientCookie = `l4l_session=${cookie?.value}`;
  others = [
    ['another client', await signIn(t.app, await createUser(t.app))],
    ['the lawyer', lawyerToken],
    ['an administrator', adminToken],
  ];
  const call = (token: string, url: string, payload?: object) =>
    t.app.inject({ method: 'POST', url, headers: bearer(token), ...(payload ? { payload } : {}) });
  caseId = (
    await call(clientToken, '/api/cases/new-case', { title: 'Herencia', description: 'Reparto.' })
  ).json().data.id;
  await call(adminToken, `/api/admin/cases/${caseId}/approve`, { category: 'Abogado Civil' });
  const proposal = (
    await call(lawyerToken, `/api/proposal/create-proposal-to-case/${caseId}`, { price: 4999, message: 'Yo' })
  ).json().data;
  const checkout = (await call(clientToken, `/api/proposal/accept-proposal/${proposal.id}`)).json().data;
  sessionId = new URL(checkout).pathname.split('/').pop() as string;
});
afterAll(async () => t.close());

describe('the sandbox checkout', () => {
  it('refuses an anonymous visitor: the page in Spanish (401), the buttons 401, and nothing is paid', async () => {
    const page = await t.app.inject({ method: 'GET', url: `/payment/sandbox/${sessionId}` });
    expect(page.statusCode).toBe(401);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Tienes que iniciar sesión para continuar.');
    expect(page.body).not.toContain('4999');
    for (const action of ['pay', 'cancel']) {
      const res = await t.app.inject({ method: 'POST', url: `/payment/sandbox/${sessionId}/${action}` });
      expect(res.statusCode, action).toBe(401);
      expect(res.json().error.code).toBe('UNAUTHENTICATED');
    }
    expect(await status()).toEqual({ payment: 'PENDIENTE', case: 'PENDIENTE DE ASIGNACIÓN' });
  });

  it('answers anyone but the paying client 404, as for an unknown checkout', async () => {
    for (const [who, token] of others) {
      const page = await t.app.inject({
        method: 'GET',
        url: `/payment/sandbox/${sessionId}`,
        headers: bearer(token),
      });
      expect(page.statusCode, who).toBe(404);
      expect(page.body).toContain(es.payment.sandboxUnknown);
      for (const action of ['pay', 'cancel']) {
        const res = await t.app.inject({
          method: 'POST',
          url: `/payment/sandbox/${sessionId}/${action}`,
          headers: bearer(token),
        });
        expect(res.statusCode, `${who} ${action}`).toBe(404);
        expect(res.json().error).toEqual({ code: 'NOT_FOUND', message: es.payment.sandboxUnknown });
      }
    }
    expect(await status()).toEqual({ payment: 'PENDIENTE', case: 'PENDIENTE DE ASIGNACIÓN' });
  });

  it('lets the paying client see the page and pay in their browser session (the cookie)', async () => {
    const page = await t.app.inject({
      method: 'GET',
      url: `/payment/sandbox/${sessionId}`,
      headers: { cookie: clientCookie },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(es.payment.sandboxBadge);
    const pay = await t.app.inject({
      method: 'POST',
      url: `/payment/sandbox/${sessionId}/pay`,
      headers: { cookie: clientCookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(pay.statusCode).toBe(303);
    expect(pay.headers.location).toBe('/payment-success');
    expect(await status()).toEqual({ payment: 'COMPLETADO', case: 'ACTIVO' });
  });
});
