import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { MESSAGE_TYPE } from '@l4l/shared/constants/messages';
import { sql } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import { multipart } from '../../../test/documents.ts';
import {
  bearer,
  createAdmin,
  createFiscalProfile,
  createLawyer,
  createRating,
  createUser,
  DEFAULT_PASSWORD,
  signIn,
} from '../../../test/factories.ts';
import { moneyHelpers, type Person } from '../../../test/money.ts';
import { pdf } from '../../../test/zip.ts';
import { emailVerifications, mailChangeTokens } from '../../db/schema/index.ts';

/**
 * The proofs of docs/domain.md, Privacy rights: after an erasure, no table and no stored file holds the
 * person's mail, phone, name or surname, except where the law keeps them (each exception listed with its
 * reason); and an export holds every row of every table that points at the person.
 */

type TestApp = Awaited<ReturnType<typeof buildTestApp>>;
type Row = Record<string, unknown>;

const CLIENT = {
  name: 'Eustaquia',
  surname: 'Villaquirán',
  mail: 'eustaquia.villaquiran@l4l.test',
  phoneNumber: '699117223',
};
const LAWYER = {
  name: 'Florindo',
  surname: 'Quintanar',
  mail: 'florindo.quintanar@l4l.test',
  phoneNumber: '688334455',
};

/**
 * Where an erased person's identity may stay, and why. An invoice is immutable once issued: the name and
 * fiscal data of its issuer and recipient stay as printed (RD 1619/2012; Código de Comercio art. 30).
 */
const KEPT_BY_LAW: Array<{ table: string; column: string; reason: string }> = [
  { table: 'invoices', column: 'issuer_name', reason: 'an invoice keeps its issuer as issued' },
  { table: 'invoices', column: 'recipient_name', reason: 'an invoice keeps its recipient as issued' },
  {
    table: 'verifactu_records',
    column: 'issuer_name',
    reason: 'the chained VERI*FACTU record of an invoice is kept unaltered for the tax agency',
  },
];

/**
 * Tables pointing at a person that the export leaves out, and why: secrets and single-use tokens (a copy
 * would be a credential, or useless), and marks that only serve the platform's own bookkeeping.
 */
const NOT_EXPORTED: Record<string, string> = {
  sessions: 'a session id is what signs the person in: a credential, not a fact about them',
  password_reset_tokens: 'a single-use secret',
  mail_change_tokens: 'a single-use secret',
  email_verifications: 'a single-use secret',
  mfa_challenges: 'a single-use secret of a sign-in half done',
  case_creation_keys: 'the idempotency key of a request, kept 24 hours',
  message_digests: 'when the last unread-messages mail went; the notification itself is exported',
};

/** Tables with one row per person: the export's section stands for the row. */
const ONE_PER_PERSON: Record<string, string> = {
  lawyer_profiles: 'lawyerSheet',
  fiscal_profiles: 'fiscalProfile',
  payout_accounts: 'payoutAccount',
};

let t: TestApp;
let client: Person;
let lawyer: Person;
let caseId: string;
let avatarFiles: string[] = [];

const rows = async <T = Row>(query: ReturnType<typeof sql>) =>
  ((await t.app.db.execute(query)) as unknown as { rows: T[] }).rows;

/** Every file under a folder, as paths relative to it. */
function filesUnder(dir: string, base = dir): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const where = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(where, base) : [path.relative(base, where)];
  });
}

/** Every string anywhere in a JSON value. */
function stringsOf(value: unknown, into = new Set<string>()): Set<string> {
  if (typeof value === 'string') into.add(value);
  else if (Array.isArray(value)) for (const item of value) stringsOf(item, into);
  else if (value && typeof value === 'object') for (const item of Object.values(value)) stringsOf(item, into);
  return into;
}

async function exportOf(who: Person) {
  const res = await t.app.inject({ method: 'GET', url: '/api/me/export', headers: who.headers });
  expect(res.statusCode, res.body).toBe(200);
  const files = unzipSync(new Uint8Array(res.rawPayload));
  return JSON.parse(new TextDecoder().decode(files['datos.json'])) as Record<string, unknown>;
}

beforeAll(async () => {
  t = await buildTestApp({}, {}, { money: { sweepIntervalMs: 0 } });
  const money = moneyHelpers(() => t);
  const c = await createUser(t.app, CLIENT);
  const l = await createLawyer(t.app, LAWYER);
  const a = await createAdmin(t.app);
  client = { id: c.id, headers: bearer(await signIn(t.app, c)) };
  lawyer = { id: l.id, headers: bearer(await signIn(t.app, l)) };
  const admin = { id: a.id, headers: bearer(await signIn(t.app, a)) };
  await createFiscalProfile(t.app, client.id, { name: `${CLIENT.name} ${CLIENT.surname}`, nif: '12345678Z' });
  const fiscal = await t.app.inject({
    method: 'PUT',
    url: '/api/billing/fiscal-profile',
    headers: lawyer.headers,
    payload: {
      nif: '00000000T',
      name: `${LAWYER.name} ${LAWYER.surname}`,
      address: { street: 'Calle Mayor, 1', postalCode: '28013', city: 'Madrid', province: 'Madrid' },
      isBusiness: false,
      irpfRate: 15,
      invoicingConsent: true,
    },
  });
  expect(fiscal.statusCode, fiscal.body).toBe(200);

  ({ caseId } = await money.paidCase(client, lawyer, admin, 200));
  const chatId = await money.pairChat(client, lawyer);
  for (const [senderId, text] of [
    [client.id, 'Buenos días, le envío el contrato.'],
    [lawyer.id, 'Recibido, lo reviso esta semana.'],
  ] as const) {
    await t.app.chat.postMessage({ chatId, senderId, type: MESSAGE_TYPE.TEXT, text });
  }
  for (const who of [client, lawyer]) {
    const body = await multipart(pdf('Contrato de arrendamiento'), 'Contrato.pdf');
    const uploaded = await t.app.inject({
      method: 'POST',
      url: `/api/cases/${caseId}/documents`,
      headers: { ...who.headers, ...body.headers },
      payload: body.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
  }
  expect((await money.requestClosure(lawyer, caseId)).statusCode).toBe(200);
  expect((await money.confirmClosure(client, lawyer, caseId)).statusCode).toBe(200);
  await money.enablePayouts(lawyer);
  await t.app.money.sweep();
  await createRating(t.app, { userId: client.id, lawyerId: lawyer.id, stars: 5 });
  // an avatar, and mail links still pending: a verification of the mail and a change of it
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#aa3322' } })
    .png()
    .toBuffer();
  const photo = await t.app.inject({
    method: 'POST',
    url: '/api/user/profile/photo',
    headers: client.headers,
    payload: { id: client.id, role: 'USUARIO', image: `data:image/png;base64,${png.toString('base64')}` },
  });
  expect(photo.statusCode, photo.body).toBe(200);
  const avatar = path.basename(photo.json().data.photoUrl as string, '.png');
  avatarFiles = filesUnder(t.config.dataDir).filter((file) => file.includes(avatar));
  expect(avatarFiles.length).toBeGreaterThan(0);
  const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000);
  const tokenHash = () => randomBytes(16).toString('hex');
  await t.app.db
    .insert(emailVerifications)
    .values({ userId: client.id, mail: CLIENT.mail, tokenHash: tokenHash(), expiresAt: tomorrow });
  await t.app.db.insert(mailChangeTokens).values({
    userId: lawyer.id,
    newMail: `nuevo.${LAWYER.mail}`,
    tokenHash: tokenHash(),
    expiresAt: tomorrow,
  });
  await t.app.notifications.drainOutbox();
}, 180_000);
afterAll(async () => t?.close());

describe('the export is complete', () => {
  it('holds every row of every table that points at the person', async () => {
    const references = await rows<{ table_name: string; column_name: string }>(sql`
      select kcu.table_name, kcu.column_name
      from information_schema.referential_constraints rc
      join information_schema.key_column_usage kcu on kcu.constraint_name = rc.constraint_name
      join information_schema.constraint_column_usage ccu on ccu.constraint_name = rc.unique_constraint_name
      where ccu.table_name = 'users' and ccu.column_name = 'id' and kcu.table_schema = 'public'
      order by kcu.table_name, kcu.column_name`);
    expect(references.length).toBeGreaterThan(10);
    const missing: string[] = [];
    for (const who of [client, lawyer]) {
      const data = await exportOf(who);
      const strings = stringsOf(data);
      for (const { table_name: table, column_name: column } of references) {
        if (NOT_EXPORTED[table]) continue;
        const theirs = await rows(
          sql`select * from ${sql.identifier(table)} where ${sql.identifier(column)} = ${who.id}`,
        );
        const section = ONE_PER_PERSON[table];
        for (const row of theirs) {
          const represented = section
            ? data[section] != null
            : typeof row.id === 'string' && strings.has(row.id);
          if (!represented) missing.push(`${table}.${column} ${JSON.stringify(row).slice(0, 160)}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });
});

describe('the erasure leaves no trace', () => {
  it('no column of any table, and no stored file, holds the mail, phone, name or surname', async () => {
    for (const who of [client, lawyer]) {
      const res = await t.app.inject({
        method: 'DELETE',
        url: '/api/me',
        headers: who.headers,
        payload: { password: DEFAULT_PASSWORD },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    await t.app.notifications.drainOutbox();
    const needles = [CLIENT, LAWYER].flatMap((p) => [p.mail, p.phoneNumber, p.name, p.surname]);
    const columns = await rows<{ table_name: string; column_name: string }>(sql`
      select table_name, column_name from information_schema.columns
      where table_schema = 'public' and data_type in ('text', 'character varying', 'jsonb', 'ARRAY')
      order by table_name, column_name`);
    expect(columns.length).toBeGreaterThan(50);
    const found: string[] = [];
    for (const { table_name: table, column_name: column } of columns) {
      if (KEPT_BY_LAW.some((kept) => kept.table === table && kept.column === column)) continue;
      for (const needle of needles) {
        const [hit] = await rows<{ n: number }>(sql`
          select count(*)::int as n from ${sql.identifier(table)}
          where ${sql.identifier(column)}::text ilike ${`%${needle}%`}`);
        if (hit && hit.n > 0) found.push(`${table}.${column} ~ ${needle} (${hit.n})`);
      }
    }
    expect(found).toEqual([]);

    // documents are sealed at rest; avatars are deleted
    const stored = filesUnder(t.config.dataDir);
    expect(stored.filter((file) => avatarFiles.includes(file))).toEqual([]);
    const inFiles = stored.flatMap((file) => {
      const bytes = readFileSync(path.join(t.config.dataDir, file));
      const text = `${bytes.toString('utf8')}\n${bytes.toString('latin1')}`.toLowerCase();
      return needles
        .filter((needle) => text.includes(needle.toLowerCase()))
        .map((needle) => `${file} ~ ${needle}`);
    });
    expect(inFiles).toEqual([]);
  });
});
