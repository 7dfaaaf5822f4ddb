import { readFileSync } from 'node:fs';
import path from 'node:path';
import { BAR_ASSOCIATIONS } from '@l4l/shared/constants/bar-associations';
import { CASE_STATUSES } from '@l4l/shared/constants/cases';
import { CATEGORIES } from '@l4l/shared/constants/categories';
import { MESSAGE_TYPES } from '@l4l/shared/constants/messages';
import { fiscalProfileInputSchema } from '@l4l/shared/schemas/invoices';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import { schemaErrors, validatesXml } from '../../../test/xsd.ts';
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
    const first = await seedDemo(t.app.db, {
      storage: t.app.storage,
      filesKey: t.config.filesKey,
      invoices: t.app.invoices,
    });
    expect(first.created).toBe(true);
  }, 120_000);
  afterAll(async () => t.close());

  it('has at least 24 verified lawyers covering every category, 5 clients, an erased one and an admin', async () => {
    const [counts] = await rows<{
      lawyers: number;
      clients: number;
      erased: number;
      admins: number;
      pending: number;
    }>(sql`
      select
        (select count(*)::int from lawyer_profiles where verified_at is not null) as lawyers,
        (select count(*)::int from lawyer_profiles where verified_at is null) as pending,
        (select count(*)::int from users where role = 'USUARIO' and erased_at is null) as clients,
        (select count(*)::int from users where erased_at is not null and password_hash is null) as erased,
        (select count(*)::int from users where role = 'ADMIN') as admins`);
    expect(counts?.lawyers).toBeGreaterThanOrEqual(24);
    expect(counts?.pending).toBeGreaterThanOrEqual(1);
    expect(counts?.clients).toBe(5);
    // and a former client who erased their account (docs/domain.md, Privacy rights)
    expect(counts?.erased).toBe(1);
    expect(counts?.admins).toBe(1);
    const covered = await rows<{ category: string }>(sql`
      select distinct unnest(categories) as category from lawyer_profiles where verified_at is not null`);
    expect(covered.map((r) => r.category).sort()).toEqual([...CATEGORIES].sort());
    const provinces = await rows<{ n: number }>(
      sql`select count(distinct province)::int as n from lawyer_profiles`,
    );
    expect(provinces[0]?.n).toBeGreaterThanOrEqual(8);
  });

  it('shows the money flow with a ledger the check finds balanced (docs/money.md)', async () => {
    const [money] = await rows<{
      sent: number;
      owed: number;
      disputes: number;
      refunds: number;
      enabled: number;
      reversedOutside: number;
      reversedByRefund: number;
    }>(sql`
      select
        (select count(*)::int from transfers where status = 'ENVIADA') as sent,
        (select count(*)::int from transfers where status = 'PENDIENTE') as owed,
        (select count(*)::int from disputes where status = 'open') as disputes,
        (select count(*)::int from refunds) as refunds,
        (select count(*)::int from payout_accounts where status = 'enabled') as enabled,
        (select count(*)::int from transfers where reversed_outside_cents > 0) as "reversedOutside",
        (select count(*)::int from transfers
          where reversed_cents > 0 and reversed_outside_cents = 0) as "reversedByRefund"`);
    expect(money?.sent).toBeGreaterThanOrEqual(1);
    expect(money?.owed).toBeGreaterThanOrEqual(1);
    expect(money?.disputes).toBe(1);
    // one running case refunded in part, and one finished case refunded after its transfer was sent
    expect(money?.refunds).toBe(2);
    expect(money?.reversedByRefund).toBe(1);
    expect(money?.enabled).toBeGreaterThanOrEqual(1);
    // one transfer partly reversed outside L4L: its money waits in the ledger's unreconciled account
    expect(money?.reversedOutside).toBe(1);
    const check = await t.app.money.ledgerCheck();
    expect(check.problems).toEqual([]);
    expect(check.balanced).toBe(true);
    expect(check.totals.accounts.unreconciled).toBeLessThan(0);
  });

  it('gives every verified lawyer and the first client fiscal data that passes the checks', async () => {
    const profiles = await rows<{
      mail: string;
      role: string;
      nif: string;
      name: string;
      street: string;
      postal_code: string;
      city: string;
      province: string;
      is_business: boolean;
      irpf_rate: number | null;
      invoicing_consent: boolean | null;
    }>(sql`select u.mail, u.role, f.* from fiscal_profiles f join users u on u.id = f.user_id`);
    const lawyers = profiles.filter((p) => p.role === 'ABOGADO');
    const [verified] = await rows<{ n: number }>(
      sql`select count(*)::int as n from lawyer_profiles where verified_at is not null`,
    );
    expect(lawyers).toHaveLength(verified?.n ?? -1);
    expect(profiles.filter((p) => p.role === 'USUARIO').map((p) => p.mail)).toEqual(['cliente1@l4l.demo']);
    for (const p of profiles) {
      const parsed = fiscalProfileInputSchema.safeParse({
        nif: p.nif,
        name: p.name,
        address: { street: p.street, postalCode: p.postal_code, city: p.city, province: p.province },
        isBusiness: p.is_business,
        ...(p.role === 'ABOGADO' ? { irpfRate: p.irpf_rate, invoicingConsent: p.invoicing_consent } : {}),
      });
      expect(parsed.success, `${p.mail}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
    }
    expect(lawyers.every((p) => p.invoicing_consent)).toBe(true);
    expect(new Set(lawyers.map((p) => p.nif)).size).toBe(lawyers.length);
  });

  it('invoices every demo payment, rectifies its refund, and every record chain verifies', async () => {
    const [counts] = await rows<{ paid: number; services: number; fees: number; rectifying: number }>(sql`
      select
        (select count(*)::int from payments where completed_at is not null) as paid,
        (select count(*)::int from invoices where kind = 'service') as services,
        (select count(*)::int from invoices where kind = 'fee') as fees,
        (select count(*)::int from invoices where kind = 'rectifying') as rectifying`);
    expect(counts?.paid).toBeGreaterThan(0);
    // every demo lawyer consents: each payment has the lawyer's invoice and the platform's fee invoice
    expect(counts?.services).toBe(counts?.paid);
    expect(counts?.fees).toBe(counts?.paid);
    // the demo's two partial refunds rectify both invoices of their payments
    expect(counts?.rectifying).toBe(4);
    const [unmatched] = await rows<{ n: number }>(sql`
      select count(*)::int as n from invoices i join payments p on p.id = i.payment_id
      where i.kind = 'service' and i.total_cents <> p.amount_cents`);
    expect(unmatched?.n).toBe(0);
    const chains = await t.app.invoices.checkChains();
    expect(chains.length).toBeGreaterThan(1);
    expect(chains.every((chain) => chain.ok)).toBe(true);
    // the first demo client gave a NIF: their invoices are complete (F1)
    const [client] = await rows<{ types: string[] }>(sql`
      select array_agg(distinct i.type) as types from invoices i join users u on u.id = i.recipient_user_id
      where u.mail = 'cliente1@l4l.demo' and i.kind = 'service'`);
    expect(client?.types).toEqual(['F1']);
  });

  it.skipIf(!validatesXml)(
    'exports every demo record as XML the AEAT’s schema accepts, the platform as the system’s producer',
    async () => {
      const xml = await t.app.invoices.recordsXml();
      expect(xml.match(/<sum1:RegistroAlta>/g)?.length).toBeGreaterThan(2);
      expect(xml).toContain('<sum1:TipoRectificativa>I</sum1:TipoRectificativa>');
      expect(schemaErrors('export', xml)).toEqual([]);
      const { nif, name } = t.config.platform;
      const systems = xml.match(/<sum1:SistemaInformatico>[\s\S]*?<\/sum1:SistemaInformatico>/g) ?? [];
      expect(systems.length).toBe(xml.match(/<sum1:Registro(Alta|Anulacion)>/g)?.length);
      for (const system of systems) {
        expect(system).toContain(`<sum1:NombreRazon>${name}</sum1:NombreRazon><sum1:NIF>${nif}</sum1:NIF>`);
      }
    },
  );

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

  it('gives the demo people notifications of their past, the newest unread, none mailed', async () => {
    const [counts] = await rows<{ clients: number; lawyers: number; unread: number; mails: number }>(sql`
      select
        (select count(distinct n.user_id)::int from notifications n join users u on u.id = n.user_id
          where u.role = 'USUARIO') as clients,
        (select count(distinct n.user_id)::int from notifications n join users u on u.id = n.user_id
          where u.role = 'ABOGADO') as lawyers,
        (select count(distinct n.user_id)::int from notifications n join users u on u.id = n.user_id
          where u.role = 'USUARIO' and n.read_at is null) as unread,
        (select count(*)::int from notification_mails) as mails`);
    expect(counts?.clients).toBe(5);
    expect(counts?.lawyers).toBeGreaterThanOrEqual(5);
    // the refund after a payout told the lawyer what left their transfer (docs/money.md, Refunds)
    const [reversed] = await rows<{ title: string }>(
      sql`select title from notifications where type = 'payout.reversed'`,
    );
    expect(reversed?.title).toMatch(/^Hemos retirado \d+(,\d{2})?\s€ de tu cobro: «.+»$/);
    // every demo client sees a count on the bell
    expect(counts?.unread).toBe(5);
    expect(counts?.mails).toBe(0);
    const types = await rows<{ type: string }>(sql`select distinct type from notifications`);
    expect(types.length).toBeGreaterThanOrEqual(6);
  });

  it('gives demo lawyers saved searches and the case.match alerts of the board’s cases, once each', async () => {
    const [alerts] = await rows<{
      searches: number;
      lawyers: number;
      matches: number;
      unmatched: number;
    }>(sql`
      select
        (select count(*)::int from saved_searches) as searches,
        (select count(distinct user_id)::int from notifications where type = 'case.match') as lawyers,
        (select count(*)::int from notifications where type = 'case.match') as matches,
        (select count(*)::int from notifications n where n.type = 'case.match' and not exists
          (select 1 from case_alerts a where a.case_id = n.case_id and a.lawyer_id = n.user_id)) as unmatched`);
    expect(alerts?.searches).toBeGreaterThanOrEqual(4);
    expect(alerts?.lawyers).toBeGreaterThanOrEqual(2);
    expect(alerts?.matches).toBeGreaterThanOrEqual(3);
    expect(alerts?.unmatched).toBe(0);
  });

  it('keeps each lawyer counter equal to the rows it summarises', async () => {
    const drift = await rows<{ n: number }>(sql`
      select count(*)::int as n from lawyer_profiles p
      where p.rating_sum <> coalesce((select sum(stars) from ratings r
                                      where r.lawyer_id = p.user_id and r.hidden_at is null), 0)
         or p.rating_count <> (select count(*) from ratings r where r.lawyer_id = p.user_id and r.hidden_at is null)
         or p.active_cases <> (select count(*) from cases c where c.lawyer_id = p.user_id and c.status = 'ACTIVO')
         or p.finished_cases <> (select count(*) from cases c where c.lawyer_id = p.user_id and c.status = 'FINALIZADO')`);
    expect(drift[0]?.n).toBe(0);
    const rated = await rows<{ n: number }>(
      sql`select count(*)::int as n from lawyer_profiles where rating_count > 0`,
    );
    expect(rated[0]?.n).toBeGreaterThanOrEqual(24);
  });

  it('shows a lawyer answering a rating and a rating reported for an administrator to decide', async () => {
    const [moderation] = await rows<{ replies: number; open: number; reporter_is_lawyer: boolean }>(sql`
      select
        (select count(*)::int from ratings where reply_text is not null and replied_at is not null) as replies,
        (select count(*)::int from rating_reports where status = 'open') as open,
        (select bool_and(r.lawyer_id = rr.reporter_id) from rating_reports rr
          join ratings r on r.id = rr.rating_id) as reporter_is_lawyer`);
    expect(moderation).toEqual({ replies: 1, open: 1, reporter_is_lawyer: true });
    const [told] = await rows<{ n: number }>(
      sql`select count(*)::int as n from notifications where type = 'rating.replied'`,
    );
    expect(told?.n).toBe(1);
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

  it('writes a PNG avatar for every demo person (not the erased one) and a shared, verifiable password', async () => {
    const people = await rows<{ photo_url: string; password_hash: string }>(sql`
      select photo_url, password_hash from users where role <> 'ADMIN' and erased_at is null`);
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

  it('gives every demo lawyer availability, and shows consultations booked and one cancelled', async () => {
    const [counts] = await rows<{ lawyers: number; planned: number }>(
      sql`select (select count(*)::int from lawyer_profiles) as lawyers, (select count(*)::int from lawyer_availability) as planned`,
    );
    expect(counts?.planned).toBe(counts?.lawyers);
    const booked = await rows<{ status: string; lawyer_id: string; client_id: string }>(
      sql`select status, lawyer_id, client_id from consultations`,
    );
    expect(booked.filter((row) => row.status === 'RESERVADA').length).toBeGreaterThanOrEqual(3);
    expect(booked.filter((row) => row.status === 'CANCELADA')).toHaveLength(1);
    // a booked one is in its client's list, through the API
    const reserved = booked.find((row) => row.status === 'RESERVADA');
    const [client] = await rows<{ mail: string }>(
      sql`select mail from users where id = ${reserved?.client_id}`,
    );
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: client?.mail, password: DEMO_PASSWORD },
    });
    const list = await t.app.inject({
      url: '/api/consultations?when=upcoming',
      headers: { authorization: `Bearer ${login.json().data.token}` },
    });
    expect(list.json().meta.total).toBeGreaterThanOrEqual(1);
  });

  it('has one paid first consultation, reserved, its payment held and invoiced', async () => {
    const paid = await rows<{ id: string; status: string; payment_id: string | null; price_cents: number }>(
      sql`select id, status, payment_id, price_cents from consultations where price_cents > 0`,
    );
    expect(paid).toHaveLength(1);
    expect(paid[0]?.status).toBe('RESERVADA');
    const [payment] = await rows<{ status: string; consultation_id: string; amount_cents: number }>(
      sql`select status, consultation_id, amount_cents from payments where id = ${paid[0]?.payment_id}`,
    );
    expect(payment).toMatchObject({ status: 'COMPLETADO', consultation_id: paid[0]?.id });
    expect(payment?.amount_cents).toBe(paid[0]?.price_cents);
    const invoiced = await rows<{ kind: string }>(
      sql`select kind from invoices where consultation_id = ${paid[0]?.id} order by kind`,
    );
    expect(invoiced.map((row) => row.kind)).toEqual(['fee', 'service']);
    // held: nothing released before its end
    const released = await rows<{ n: number }>(
      sql`select count(*)::int as n from ledger_entries where consultation_id = ${paid[0]?.id} and kind = 'release'`,
    );
    expect(released[0]?.n).toBe(0);
    expect((await t.app.money.ledgerCheck()).problems).toEqual([]);
  });

  it('gives every demo lawyer the slug of their public page, and shows it', async () => {
    const slugs = await rows<{ slug: string | null }>(sql`select slug from lawyer_profiles`);
    expect(slugs.filter((p) => !p.slug || !/^[a-z0-9]+(-[a-z0-9]+)*$/.test(p.slug))).toEqual([]);
    expect(new Set(slugs.map((p) => p.slug)).size).toBe(slugs.length);
    const page = await t.app.inject({ url: '/abogados/lucia-garcia-fernandez' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<h1>Lucía García Fernández</h1>');
  });

  it('gives every demo lawyer a colegio of the list and a number, and measures response times from the chats', async () => {
    const profiles = await rows<{ association: string; number: string; minutes: number | null }>(sql`
      select lawyer_association as association, membership_number as number, response_minutes as minutes
      from lawyer_profiles`);
    const ids = new Set<string>(BAR_ASSOCIATIONS.map((c) => c.id));
    expect(profiles.filter((p) => !ids.has(p.association) || !/\d/.test(p.number))).toEqual([]);
    // the stored figure is the one the chats give, and some lawyers have one
    const [drift] = await rows<{ n: number }>(sql`
      select count(*)::int as n from lawyer_profiles p where p.response_minutes is distinct from (
        select case when count(*) >= 3 then round(percentile_cont(0.5) within group (
          order by extract(epoch from c.first_reply_at - c.first_client_message_at) / 60))::integer end
        from chats c where c.lawyer_id = p.user_id and c.first_reply_at > now() - interval '90 days')`);
    expect(drift?.n).toBe(0);
    expect(profiles.filter((p) => p.minutes !== null).length).toBeGreaterThan(0);
  });

  it('tells each case in order: proposals after validation, payment, closure, rating', async () => {
    const [bad] = await rows<Record<string, number>>(sql`
      select
        (select count(*)::int from messages m join cases c on c.id = m.case_id
          where m.created_at < c.created_at or m.created_at > now()) as out_of_case,
        (select count(*)::int from messages a join messages b on a.chat_id = b.chat_id
          where a.seq < b.seq and a.created_at > b.created_at) as out_of_order,
        (select count(*)::int from cases where status <> 'PENDIENTE DE VALIDACIÓN'
          and (validated_at is null or validated_at < created_at
               or validated_at > created_at + interval '48 hours')) as validation,
        (select count(*)::int from cases c where c.status in ('ACTIVO', 'FINALIZADO')
          and ((select count(*) from proposals p where p.case_id = c.id and p.status = 'PAGADA') <> 1
            or c.assignation_date < c.validated_at
            or c.case_price_cents <> (select price_cents from proposals p where p.case_id = c.id and p.status = 'PAGADA')
            or exists (select 1 from proposals p where p.case_id = c.id and p.status = 'PENDIENTE'))) as assignment,
        (select count(*)::int from proposals p join messages m on m.proposal_id = p.id and m.type = '10'
          where m.created_at < p.created_at or p.status <> 'PAGADA') as acceptance,
        (select count(*)::int from cases c where c.status = 'FINALIZADO' and (c.progress_step <> 7
          or c.finish_date is null or c.finish_date < c.assignation_date
          or not exists (select 1 from messages m where m.case_id = c.id and m.type = '7')
          or not exists (select 1 from messages m where m.case_id = c.id and m.type = '5'
                         and m.created_at < c.finish_date))) as finished,
        (select count(*)::int from cases c where c.status = 'ACTIVO'
          and (c.progress_step not between 2 and 6 or c.finish_date is not null)) as active,
        (select count(*)::int from cases c where c.status = 'PENDIENTE DE ASIGNACIÓN' and c.progress_step <> 1)
          as published,
        (select count(*)::int from cases c where c.status in ('PENDIENTE DE VALIDACIÓN', 'DESCARTADO')
          and (c.progress_step <> 0 or c.category <> 'Por calificar')) as unclassified,
        (select count(*)::int from cases c where c.status = 'DESCARTADO' and coalesce(c.discard_reason, '') = '')
          as discarded,
        (select count(*)::int from ratings r join cases c on c.id = r.case_id
          where c.status <> 'FINALIZADO' or r.created_at < c.finish_date or r.lawyer_id <> c.lawyer_id
            or r.user_id <> c.user_id) as ratings,
        (select count(*)::int from chats ch where ch.last_message_at is distinct from
          (select max(created_at) from messages m where m.chat_id = ch.id)) as last_message,
        (select count(*)::int from payments p join proposals pr on pr.id = p.proposal_id
          where p.amount_cents <> pr.price_cents or p.provider <> 'sandbox' or p.completed_at is null)
          as payments`);
    expect(bad).toEqual({
      out_of_case: 0,
      out_of_order: 0,
      validation: 0,
      assignment: 0,
      acceptance: 0,
      finished: 0,
      active: 0,
      published: 0,
      unclassified: 0,
      discarded: 0,
      ratings: 0,
      last_message: 0,
      payments: 0,
    });
    const [board] = await rows<{ pending_proposals: number; steps: number }>(sql`
      select
        (select count(*)::int from proposals p join cases c on c.id = p.case_id
          where c.status = 'PENDIENTE DE ASIGNACIÓN' and p.status = 'PENDIENTE') as pending_proposals,
        (select count(distinct progress_step)::int from cases where status = 'ACTIVO') as steps`);
    expect(board?.pending_proposals).toBeGreaterThanOrEqual(2);
    expect(board?.steps).toBe(5);
  });

  it('writes the chat pictures it links, with accented names that an accent-free search finds', async () => {
    // each with its size, which the chat keeps for it before it loads
    const sizes = await rows<{ width: number | null; height: number | null }>(
      sql`select u.width, u.height from messages m join uploads u on u.url = m.text where m.type = 'image'`,
    );
    expect(sizes.length).toBeGreaterThanOrEqual(5);
    for (const size of sizes) expect(size).toEqual({ width: 480, height: 640 });
    const pictures = await rows<{ text: string }>(sql`select text from messages where type = 'image'`);
    expect(pictures.length).toBeGreaterThanOrEqual(5);
    for (const { text } of pictures) {
      expect(text).toMatch(/^\/uploads\/chat\/.+\.png$/);
      const bytes = readFileSync(path.join(t.config.dataDir, text.replace(/^\//, '')));
      expect(bytes.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    }
    const found = await rows<{ name: string }>(sql`
      select u.name || ' ' || u.surname as name from lawyer_profiles p join users u on u.id = p.user_id
      where to_tsvector('spanish', p.search_text) @@ plainto_tsquery('spanish', 'jose nunez')`);
    expect(found.map((r) => r.name)).toEqual(['José Martínez Núñez']);
  });

  it('does nothing on a database that already has users', async () => {
    const before = await rows<{ n: number }>(sql`select count(*)::int as n from users`);
    const again = await seedDemo(t.app.db, { storage: t.app.storage, filesKey: t.config.filesKey });
    expect(again.created).toBe(false);
    expect(again.present).toBe(true);
    const after = await rows<{ n: number }>(sql`select count(*)::int as n from users`);
    expect(after[0]?.n).toBe(before[0]?.n);
  });

  it('seeds once when two starts race on an empty database, with the same ids on every machine', async () => {
    const other = await buildTestApp();
    try {
      const results = await Promise.all([
        seedDemo(other.app.db, { storage: other.app.storage, filesKey: other.config.filesKey }),
        seedDemo(other.app.db, { storage: other.app.storage, filesKey: other.config.filesKey }),
      ]);
      expect(results.filter((r) => r.created)).toHaveLength(1);
      expect(results.every((r) => r.present)).toBe(true);
      const ids = async (db: typeof t.app.db) =>
        ((await db.execute(sql`select id, title from cases order by id`)) as unknown as { rows: unknown[] })
          .rows;
      expect(await ids(other.app.db)).toEqual(await ids(t.app.db));
    } finally {
      await other.close();
    }
  });

  it('seeds nothing, and says no demo is present, on a database that has other users only', async () => {
    const other = await buildTestApp();
    try {
      await ensureAdmin(other.app.db, {
        email: 'otra@l4l.es',
        password: 'Clave-Admin-2026',
        totpSecret: undefined,
      });
      const result = await seedDemo(other.app.db, {
        storage: other.app.storage,
        filesKey: other.config.filesKey,
      });
      expect(result).toMatchObject({ created: false, present: false });
    } finally {
      await other.close();
    }
  });
});
