import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CASE_STATUSES } from '@l4l/shared/constants/cases';
import { CATEGORIES } from '@l4l/shared/constants/categories';
import { MESSAGE_TYPES } from '@l4l/shared/constants/messages';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { ensureAdmin } from './admin.ts';
import { DEMO_PASSWORD, seedDemo } from './demo.ts';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe('demo data', () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await t.app.db.execute(query)) as unknown as { rows: T[] }).rows;

  beforeAll(async () => {
    t = await buildTestApp();
    const first = await seedDemo(t.app.db, { dataDir: t.config.dataDir });
    expect(first.created).toBe(true);
  }, 120_000);
  afterAll(async () => t.close());

  it('has at least 24 verified lawyers covering every category, 5 clients and an admin', async () => {
    const [counts] = await rows<{ lawyers: number; clients: number; admins: number; pending: number }>(sql`
      select
        (select count(*)::int from lawyer_profiles where verified_at is not null) as lawyers,
        (select count(*)::int from lawyer_profiles where verified_at is null) as pending,
        (select count(*)::int from users where role = 'USUARIO') as clients,
        (select count(*)::int from users where role = 'ADMIN') as admins`);
    expect(counts?.lawyers).toBeGreaterThanOrEqual(24);
    expect(counts?.pending).toBeGreaterThanOrEqual(1);
    expect(counts?.clients).toBe(5);
    expect(counts?.admins).toBe(1);
    const covered = await rows<{ category: string }>(sql`
      select distinct unnest(categories) as category from lawyer_profiles where verified_at is not null`);
    expect(covered.map((r) => r.category).sort()).toEqual([...CATEGORIES].sort());
    const provinces = await rows<{ n: number }>(
      sql`select count(distinct province)::int as n from lawyer_profiles`,
    );
    expect(provinces[0]?.n).toBeGreaterThanOrEqual(8);
  });

  it('has cases in every status and chat messages of every type', async () => {
    const statuses = await rows<{ status: string }>(sql`select distinct status from cases`);
    expect(statuses.map((r) => r.status).sort()).toEqual([...CASE_STATUSES].sort());
    const types = await rows<{ type: string }>(sql`select distinct type from messages`);
    expect(types.map((r) => r.type).sort()).toEqual([...MESSAGE_TYPES].sort());
    const wrongAudience = await rows<{ n: number }>(sql`
      select count(*)::int as n from messages
      where (type in ('9', '11')) <> (audience = 'USUARIO')`);
    expect(wrongAudience[0]?.n).toBe(0);
  });

  it('keeps each lawyer counter equal to the rows it summarises', async () => {
    const drift = await rows<{ n: number }>(sql`
      select count(*)::int as n from lawyer_profiles p
      where p.rating_sum <> coalesce((select sum(stars) from ratings r where r.lawyer_id = p.user_id), 0)
         or p.rating_count <> (select count(*) from ratings r where r.lawyer_id = p.user_id)
         or p.active_cases <> (select count(*) from cases c where c.lawyer_id = p.user_id and c.status = 'ACTIVO')
         or p.finished_cases <> (select count(*) from cases c where c.lawyer_id = p.user_id and c.status = 'FINALIZADO')`);
    expect(drift[0]?.n).toBe(0);
    const rated = await rows<{ n: number }>(
      sql`select count(*)::int as n from lawyer_profiles where rating_count > 0`,
    );
    expect(rated[0]?.n).toBeGreaterThanOrEqual(24);
  });

  it('gives every active or finished case its lawyer, price, paid proposal and payment', async () => {
    const incomplete = await rows<{ n: number }>(sql`
      select count(*)::int as n from cases c
      where c.status in ('ACTIVO', 'FINALIZADO')
        and (c.lawyer_id is null or c.case_price_cents is null or c.assignation_date is null
          or not exists (select 1 from payments p where p.case_id = c.id and p.status = 'COMPLETADO'
                         and p.fee_cents = round(p.amount_cents * 0.1)))`);
    expect(incomplete[0]?.n).toBe(0);
  });

  it('writes a PNG avatar for every demo person and a shared, verifiable password', async () => {
    const people = await rows<{ photo_url: string; password_hash: string }>(sql`
      select photo_url, password_hash from users where role <> 'ADMIN'`);
    for (const person of people) {
      expect(person.photo_url).toMatch(/^\/uploads\/avatars\/.+\.png$/);
      const bytes = readFileSync(path.join(t.config.dataDir, person.photo_url.replace(/^\//, '')));
      expect(bytes.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    }
    expect(await verifyPassword(people[0]?.password_hash, DEMO_PASSWORD)).toBe(true);
  });

  it('lists the demo lawyers in the directory and lets a demo client sign in', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'cliente1@l4l.demo', password: DEMO_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    const token = login.json().data.token;
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/lawyers?search=garcia&pageSize=50',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((l: { fullName: string }) => l.fullName)).toContain('Lucía García Fernández');
  });

  it('does nothing on a database that already has users', async () => {
    const before = await rows<{ n: number }>(sql`select count(*)::int as n from users`);
    const again = await seedDemo(t.app.db, { dataDir: t.config.dataDir });
    expect(again.created).toBe(false);
    expect(again.present).toBe(true);
    const after = await rows<{ n: number }>(sql`select count(*)::int as n from users`);
    expect(after[0]?.n).toBe(before[0]?.n);
  });

  it('seeds nothing, and says no demo is present, on a database that has other users only', async () => {
    const other = await buildTestApp();
    try {
      await ensureAdmin(other.app.db, {
        email: 'otra@l4l.es',
        password: 'Clave-Admin-2026',
        totpSecret: undefined,
      });
      const result = await seedDemo(other.app.db, { dataDir: other.config.dataDir });
      expect(result).toMatchObject({ created: false, present: false });
    } finally {
      await other.close();
    }
  });

  it('ensures the configured administrator, creating it once and updating it after', async () => {
    const admin = { email: 'Jefa@L4L.es', password: 'Clave-Admin-2026', totpSecret: 'JBSWY3DPEHPK3PXP' };
    expect(await ensureAdmin(t.app.db, admin)).toBe('created');
    expect(await ensureAdmin(t.app.db, { ...admin, password: 'Otra-Clave-2027' })).toBe('updated');
    const [row] = await rows<{ role: string; password_hash: string; totp_secret: string }>(sql`
      select role, password_hash, totp_secret from users where mail = 'jefa@l4l.es'`);
    expect(row?.role).toBe('ADMIN');
    expect(row?.totp_secret).toBe('JBSWY3DPEHPK3PXP');
    expect(await verifyPassword(row?.password_hash, 'Otra-Clave-2027')).toBe(true);
  });
});
