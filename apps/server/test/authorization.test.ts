import { ROLE, type Role } from '@l4l/shared/constants/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from './app.ts';
import { AUTHORIZATION, type Built, type Rule, type World } from './authorization.ts';
import {
  bearer,
  createAdmin,
  createLawyer,
  createRating,
  createUser,
  DEFAULT_PASSWORD,
  login,
  signIn,
} from './factories.ts';

/**
 * Every route, as every persona — anonymous, client A, client B, verified lawyer A, lawyer B, an
 * unverified lawyer, a banned user and an administrator — on A's objects and on B's. A persona the table
 * refuses must get 401, 403 or 404 as the table says and none of the owner's data; one it allows must get
 * past the guards (no 401/403/404). A route the app serves that the table lacks fails the test.
 */

type Person = { id: string; role: Role } | null;
type Persona = { name: string; person: Person; token: () => Promise<string | null> };

let t: Awaited<ReturnType<typeof buildTestApp>>;
const worlds: Record<'A' | 'B', World> = {} as Record<'A' | 'B', World>;
let personas: Persona[];

const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

async function api(token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  const res = await t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  if (res.statusCode >= 400) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json().data;
}

/** Everything one owner has: a client and a lawyer with an ACTIVO case, a paid payment, an open case... */
async function buildWorld(adminToken: string): Promise<World> {
  const client = await createUser(t.app);
  const lawyer = await createLawyer(t.app);
  const third = await createLawyer(t.app);
  const victim = await createUser(t.app);
  const pending = [
    await createLawyer(t.app, { verified: false }),
    await createLawyer(t.app, { verified: false }),
  ];
  const [clientToken, lawyerToken, thirdToken] = await Promise.all(
    [client, lawyer, third].map((p) => signIn(t.app, p)),
  );
  const ct = clientToken as string;
  const lt = lawyerToken as string;

  const publish = async (title: string) => {
    const created = await api(ct, 'POST', '/api/cases/new-case', {
      title,
      description: 'Descripción de prueba.',
    });
    await api(adminToken, 'POST', `/api/admin/cases/${created.id}/approve`, { category: 'Abogado Civil' });
    return created.id as string;
  };
  const sessionOf = (url: string) => new URL(url).pathname.split('/').pop() as string;

  // the lawyer invoices through the platform, so the paid case has an invoice
  await api(lt, 'PUT', '/api/billing/fiscal-profile', {
    nif: '12345678Z',
    name: 'Abogada de prueba',
    address: { street: 'Calle Mayor, 1', postalCode: '28013', city: 'Madrid', province: 'Madrid' },
    isBusiness: false,
    irpfRate: 15,
    invoicingConsent: true,
  });
  const activeCaseId = await publish('Caso activo');
  const paid = await api(lt, 'POST', `/api/proposal/create-proposal-to-case/${activeCaseId}`, {
    price: 200,
    message: 'Hola',
  });
  const session = sessionOf(await api(ct, 'POST', `/api/proposal/accept-proposal/${paid.id}`));
  await t.app.inject({ method: 'POST', url: `/payment/sandbox/${session}/pay`, headers: bearer(ct) });

  const openCaseId = await publish('Caso abierto');
  const pendingProposal = await api(lt, 'POST', `/api/proposal/create-proposal-to-case/${openCaseId}`, {
    price: 150,
    message: 'Otra propuesta',
  });
  const other = await api(
    thirdToken as string,
    'POST',
    `/api/proposal/create-proposal-to-case/${openCaseId}`,
    {
      price: 90,
      message: 'La mía',
    },
  );
  const sandboxSessionId = sessionOf(await api(ct, 'POST', `/api/proposal/accept-proposal/${other.id}`));

  const pendingCases = [
    (await api(ct, 'POST', '/api/cases/new-case', { title: 'Por validar 1', description: 'x' })).id,
    (await api(ct, 'POST', '/api/cases/new-case', { title: 'Por validar 2', description: 'x' })).id,
  ] as [string, string];

  const education = await api(lt, 'PUT', `/api/lawyers/education/${lawyer.id}`, {
    center: 'Universidad de Salamanca',
    title: 'Grado en Derecho',
    startDate: '2010-09-01',
  });
  const experience = await api(lt, 'PUT', `/api/lawyers/experience/${lawyer.id}`, {
    company: 'Bufete Ruiz',
    position: 'Asociada',
    startDate: '2015-01-01',
  });
  const upload = await t.app.inject({
    method: 'POST',
    url: '/api/uploads',
    headers: { ...bearer(ct), 'content-type': 'multipart/form-data; boundary=x' },
    payload: Buffer.concat([
      Buffer.from(
        '--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n',
      ),
      PNG_1X1,
      Buffer.from('\r\n--x--\r\n'),
    ]),
  });
  const document = await t.app.inject({
    method: 'POST',
    url: `/api/cases/${activeCaseId}/documents`,
    headers: { ...bearer(ct), 'content-type': 'multipart/form-data; boundary=x' },
    payload: Buffer.concat([
      Buffer.from(
        '--x\r\nContent-Disposition: form-data; name="file"; filename="contrato.pdf"\r\nContent-Type: application/pdf\r\n\r\n',
      ),
      Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
      Buffer.from('\r\n--x--\r\n'),
    ]),
  });
  const { payments } = await import('../src/db/schema/index.ts');
  const { eq } = await import('drizzle-orm');
  const [payment] = await t.app.db.select().from(payments).where(eq(payments.caseId, activeCaseId));
  const { notifications } = await import('../src/db/schema/index.ts');
  const [notification] = await t.app.db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, client.id));
  // money: the lawyer's sandbox payout account, and a dispute the client opened on the paid case
  const onboarding = await api(lt, 'POST', '/api/payouts/account/onboarding');
  const dispute = await api(ct, 'POST', `/api/cases/${activeCaseId}/dispute`, {
    reason: 'El trabajo no está terminado.',
  });
  const { invoices } = await import('../src/db/schema/index.ts');
  const [invoice] = await t.app.db.select().from(invoices).where(eq(invoices.caseId, activeCaseId));

  const rating = await createRating(t.app, {
    userId: (await createUser(t.app)).id,
    lawyerId: lawyer.id,
    stars: 2,
  });

  const savedSearch = await api(lt, 'POST', '/api/board/saved-searches', {
    name: 'Divorcios',
    search: 'divorcio',
    frequency: 'instant',
  });
  // first consultations: the third lawyer takes bookings every hour, free; the pair has one reserved
  const { consultations, lawyerAvailability, lawyerProfiles } = await import('../src/db/schema/index.ts');
  await t.app.db
    .update(lawyerProfiles)
    .set({ firstVisitFree: true })
    .where(eq(lawyerProfiles.userId, third.id));
  const everyDay = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, from: '00:00', to: '24:00' }));
  await t.app.db
    .insert(lawyerAvailability)
    .values({ lawyerId: third.id, weekly: everyDay, slotMinutes: 60, modes: ['video'] });
  const hour = 3_600_000;
  const bookableStart = new Date((Math.floor(Date.now() / hour) + 48) * hour);
  const [consultation] = await t.app.db
    .insert(consultations)
    .values({
      lawyerId: lawyer.id,
      clientId: client.id,
      startAt: new Date(bookableStart.getTime() + 24 * hour),
      endAt: new Date(bookableStart.getTime() + 25 * hour),
      mode: 'video',
      status: 'RESERVADA',
      priceCents: 0,
    })
    .returning();

  return {
    client: { id: client.id, mail: client.mail },
    lawyer: { id: lawyer.id, mail: lawyer.mail },
    victim: { id: victim.id },
    pendingLawyers: [pending[0]?.id as string, pending[1]?.id as string],
    activeCaseId,
    chatId: paid.chatId,
    openCaseId,
    pendingProposalId: pendingProposal.id,
    pendingCaseIds: pendingCases,
    paymentId: payment?.id as string,
    invoiceId: invoice?.id as string,
    sandboxSessionId,
    educationId: education.id,
    experienceId: experience.id,
    uploadPath: new URL(upload.json().data.imageUrl, 'http://x').pathname,
    documentId: document.json().data.id,
    notificationId: notification?.id as string,
    payoutAccountId: (onboarding.url as string).split('/').pop() as string,
    disputeId: dispute.id as string,
    ratingId: rating.id,
    savedSearchId: savedSearch.id as string,
    consultationId: consultation?.id as string,
    bookableLawyerId: third.id,
    bookableStart: bookableStart.toISOString(),
  };
}

beforeAll(async () => {
  t = await buildTestApp({ rateLimitFactor: 1000 });
  const admin = await createAdmin(t.app);
  const adminToken = await signIn(t.app, admin);
  worlds.A = await buildWorld(adminToken);
  worlds.B = await buildWorld(adminToken);

  // an unverified lawyer cannot sign in, so never holds a session
  const unverified = await createLawyer(t.app, { verified: false });
  expect((await login(t.app, unverified.mail, DEFAULT_PASSWORD)).statusCode).toBe(403);
  // a banned user's session stops working at once
  const banned = await createUser(t.app);
  const bannedToken = await signIn(t.app, banned);
  await api(adminToken, 'POST', `/api/admin/users/${banned.id}/ban`, { reason: 'Prueba' });

  const fresh = (person: { id: string; role: Role }) => () => signIn(t.app, person);
  const asPerson = (w: World, side: 'client' | 'lawyer') => ({
    id: w[side].id,
    role: side === 'client' ? ROLE.USUARIO : ROLE.ABOGADO,
  });
  personas = [
    { name: 'anonymous', person: null, token: async () => null },
    { name: 'unverified lawyer', person: null, token: async () => null },
    { name: 'banned user', person: null, token: async () => bannedToken },
    { name: 'client A', person: asPerson(worlds.A, 'client'), token: fresh(asPerson(worlds.A, 'client')) },
    { name: 'client B', person: asPerson(worlds.B, 'client'), token: fresh(asPerson(worlds.B, 'client')) },
    { name: 'lawyer A', person: asPerson(worlds.A, 'lawyer'), token: fresh(asPerson(worlds.A, 'lawyer')) },
    { name: 'lawyer B', person: asPerson(worlds.B, 'lawyer'), token: fresh(asPerson(worlds.B, 'lawyer')) },
    // the administrator goes last: what it changes (verifications, bans) must not hide the others' answers
    { name: 'admin', person: { id: admin.id, role: ROLE.ADMIN }, token: fresh(admin) },
  ];
}, 120_000);
afterAll(async () => t?.close());

/** What the table says a persona gets: 'any' (a public route), 'allow', or the refusal's status. */
function expected(rule: Rule, built: Built, person: Person): 'any' | 'allow' | 401 | 403 | 404 {
  if (rule.access === 'public') return 'any';
  if (!person) return 401;
  if (rule.access !== 'signed-in' && !rule.access.includes(person.role)) return 403;
  const adminPasses = rule.admin === true && person.role === ROLE.ADMIN;
  if (rule.scope === 'self' && built.subject !== person.id && !adminPasses) return 403;
  if (rule.scope === 'party' && !built.parties?.includes(person.id) && !adminPasses) return 404;
  return 'allow';
}

describe('authorization matrix', () => {
  it('lists every route the app serves, and nothing else', () => {
    const served = t.routes.filter((r) => r.method !== 'OPTIONS').map((r) => `${r.method} ${r.url}`);
    const missing = served.filter((key) => !(key in AUTHORIZATION));
    expect(missing, 'routes missing from test/authorization.ts').toEqual([]);
    const stale = Object.keys(AUTHORIZATION).filter((key) => !served.includes(key));
    expect(stale, 'routes in the table the app does not serve').toEqual([]);
  });

  it('gives every persona exactly what the table says, on A’s objects and on B’s', async () => {
    const leaks: string[] = [];
    for (const [key, entry] of Object.entries(AUTHORIZATION)) {
      const method = key.split(' ')[0] as 'GET' | 'POST' | 'PUT' | 'DELETE';
      for (const owner of ['A', 'B'] as const) {
        const world = worlds[owner];
        const built = entry.request(world);
        for (const persona of personas) {
          const token = await persona.token();
          const res = await t.app.inject({
            method,
            url: built.url,
            headers: token ? bearer(token) : {},
            ...(built.body !== undefined ? { payload: built.body as object } : {}),
          });
          const want = expected(entry, built, persona.person);
          const what = `${key} as ${persona.name} on ${owner}'s objects → ${res.statusCode}`;
          // 503 is an answer of the API (Google sign-in or Stripe not configured); 500 is a fault
          if (res.statusCode === 500) leaks.push(`${what}: server error`);
          else if (want === 'allow' && [401, 403, 404].includes(res.statusCode)) {
            leaks.push(`${what}: refused, the table allows it (${res.body.slice(0, 120)})`);
          } else if (typeof want === 'number') {
            if (res.statusCode !== want) leaks.push(`${what}: expected ${want}`);
            if (res.body.includes(world.client.mail) || res.body.includes(world.lawyer.mail)) {
              leaks.push(`${what}: the refusal shows the owner's data`);
            }
          }
        }
      }
    }
    expect(leaks).toEqual([]);
  }, 300_000);
});
