#!/usr/bin/env node
/**
 * New-case alerts (docs/alerts.md): BENCH_LAWYERS verified lawyers (10,000; a tenth in the case's category
 * without saved searches, BENCH_SEARCHERS = 200 with an instant saved search the cases match, the rest in
 * another category), and BENCH_CASES cases (100) published by an administrator over BENCH_SECONDS (60), on
 * the real app in this process with its fan-out worker and mail worker running (mails as .eml files under
 * DATA_DIR/outbox). The same number of approvals first on cases nobody is alerted of (the baseline).
 *
 * Targets: p99 from an approval to its last in-app alert < 2 s; the approvals' p99 within 10 % of the
 * baseline's (or 5 ms, whichever is larger: a few-millisecond request is noise at that scale); every instant
 * mail sent exactly once (one outbox row and one .eml per lawyer and case); the daily digests of the
 * category's lawyers built in < 10 s (for 1,000 lawyers). Exits 1 when one is missed.
 * On PostgreSQL when DATABASE_URL is set (a throw-away database), else on PGlite under a temporary DATA_DIR.
 *
 * Small run: BENCH_LAWYERS=1000 BENCH_SEARCHERS=20 BENCH_CASES=10 BENCH_SECONDS=10 npm run bench -- alerts
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';

const LAWYERS = Number(process.env.BENCH_LAWYERS ?? 10_000);
const SEARCHERS = Number(process.env.BENCH_SEARCHERS ?? 200);
const IN_CATEGORY = Math.round(LAWYERS / 10);
const CASES = Number(process.env.BENCH_CASES ?? 100);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const TARGETS = { alertP99Ms: 2000, approvalSlack: 0.1, approvalSlackMs: 5, digestMs: 10_000 };

const ownDir = !process.env.DATA_DIR;
process.env.DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'l4l-bench-alerts-'));
const { benchConfig } = await import('./lib/bench-config.mjs');
const { buildApp } = await import('../apps/server/src/app.ts');

const p = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
const stats = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: p(sorted, 0.5), p99: p(sorted, 0.99), max: sorted.at(-1) ?? 0 };
};
const rows = async (db, query) => (await db.execute(query)).rows;

/** Lawyers in bulk: the category's, the searchers (an instant search for 'herencia'), the rest elsewhere. */
async function seed(db) {
  await db.execute(sql`insert into users (role, mail, name, surname, username, phone_number)
    select 'ABOGADO', 'alerta' || i || '@bench.l4l', 'Abogada', 'Número ' || i, 'alerta' || i, '600000000'
    from generate_series(1, ${LAWYERS}) as i`);
  await db.execute(sql`insert into lawyer_profiles (user_id, categories, province, slug, search_text, verified_at)
    select u.id,
      case when n <= ${IN_CATEGORY} then array['Abogado Civil'] else array['Abogado Fiscal'] end,
      'Madrid', 'alerta-' || n, 'abogada numero ' || n, now()
    from (select id, substring(mail from 'alerta([0-9]+)@')::int as n from users where mail like 'alerta%@bench.l4l') u`);
  await db.execute(sql`insert into saved_searches (lawyer_id, name, search, category, frequency)
    select id, 'Herencias', 'herencia', null, 'instant' from users
    where mail like 'alerta%@bench.l4l' and substring(mail from 'alerta([0-9]+)@')::int > ${LAWYERS - SEARCHERS}`);
  const [client] = await rows(
    db,
    sql`insert into users (role, mail, name, surname, username, phone_number)
    values ('USUARIO', 'cliente@bench.l4l', 'Cliente', 'Prueba', 'cliente-bench', '600000000') returning id`,
  );
  const [admin] = await rows(
    db,
    sql`insert into users (role, mail, name, surname, username, totp_enrolled_at)
    values ('ADMIN', 'admin@bench.l4l', 'Admin', 'Bench', 'admin-bench', now()) returning id, role`,
  );
  return { clientId: client.id, admin };
}

async function newCases(db, clientId, count, title) {
  const made = await rows(
    db,
    sql`insert into cases (user_id, title, description, status, progress_step)
    select ${clientId}, ${title} || ' ' || i, 'Descripción del caso.', 'PENDIENTE DE VALIDACIÓN', 0
    from generate_series(1, ${count}) as i returning id`,
  );
  return made.map((row) => row.id);
}

/** Approves each case, spread over SECONDS, as the administrator; resolves with each approval's timing. */
async function approveAll(app, token, ids, category) {
  const gap = (SECONDS * 1000) / ids.length;
  const started = Date.now();
  return Promise.all(
    ids.map(async (id, i) => {
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, started + i * gap - Date.now())));
      const at = Date.now();
      const res = await app.inject({
        method: 'POST',
        url: `/api/admin/cases/${id}/approve`,
        headers: { authorization: `Bearer ${token}` },
        payload: { category },
      });
      if (res.statusCode !== 200) throw new Error(`approval ${res.statusCode}: ${res.body}`);
      return { id, at, ms: Date.now() - at };
    }),
  );
}

async function waitFor(check, timeoutMs, what) {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const app = await buildApp(benchConfig());
await app.ready();
const failures = [];
try {
  console.log(
    `alerts on ${app.database.kind}: ${LAWYERS} lawyers (${IN_CATEGORY} in the category, ${SEARCHERS} with searches), ${CASES} cases over ${SECONDS} s`,
  );
  const { clientId, admin } = await seed(app.db);
  const token = await app.sessions.create(admin, { persistent: false });

  const quiet = await approveAll(
    app,
    token,
    await newCases(app.db, clientId, CASES, 'Competencia desleal'),
    'Abogado Competencia',
  );
  const loud = await approveAll(
    app,
    token,
    await newCases(app.db, clientId, CASES, 'Herencia del abuelo'),
    'Abogado Civil',
  );
  const perCase = IN_CATEGORY + SEARCHERS;
  await waitFor(
    async () => {
      const [row] = await rows(
        app.db,
        sql`select count(*)::int as n from case_alert_jobs where status = 'pending'`,
      );
      return row.n === 0;
    },
    600_000,
    'the fan-out',
  );
  const last = await rows(
    app.db,
    sql`select case_id, count(*)::int as n, max(created_at) as last from notifications
    where type = 'case.match' group by case_id`,
  );
  const byCase = new Map(last.map((row) => [row.case_id, row]));
  const alertMs = loud.map((one) => new Date(byCase.get(one.id)?.last ?? 0).getTime() - one.at);
  const wrongCounts = loud.filter((one) => byCase.get(one.id)?.n !== perCase).length;
  const quietAlerts = quiet.filter((one) => byCase.has(one.id)).length;

  // every instant mail: one outbox row, sent once, one .eml with its Message-ID
  const expected = CASES * SEARCHERS;
  await waitFor(
    async () => {
      const [row] = await rows(
        app.db,
        sql`select count(*)::int as n from notification_mails m
      join notifications n on n.id = m.notification_id where n.type = 'case.match' and m.status = 'sent'`,
      );
      return row.n >= expected;
    },
    1_800_000,
    'the instant mails',
  );
  const [mails] = await rows(
    app.db,
    sql`select count(*)::int as rows, count(*) filter (where m.status = 'sent')::int as sent
    from notification_mails m join notifications n on n.id = m.notification_id where n.type = 'case.match'`,
  );
  const outbox = path.join(process.env.DATA_DIR, 'outbox');
  const ids = readdirSync(outbox).flatMap((file) => {
    const raw = readFileSync(path.join(outbox, file), 'utf8');
    return /^To: .*alerta\d+@bench\.l4l/m.test(raw) ? [raw.match(/^Message-ID: (.*)$/im)?.[1] ?? file] : [];
  });
  const distinct = new Set(ids).size;

  const digestStarted = Date.now();
  const digests = await app.alerts.sweepDigests(new Date(Date.now() + 24 * 3_600_000));
  const digestMs = Date.now() - digestStarted;

  const quietStats = stats(quiet.map((one) => one.ms));
  const loudStats = stats(loud.map((one) => one.ms));
  const alertStats = stats(alertMs);
  console.table({
    'approval, nobody to alert (ms)': quietStats,
    'approval, alerts fanned out (ms)': loudStats,
    'approval → last in-app alert (ms)': alertStats,
  });
  console.log(
    `alerts per case: ${perCase} expected, ${wrongCounts} cases off; cases nobody should hear of that alerted: ${quietAlerts}`,
  );
  console.log(
    `instant mails: ${expected} expected, ${mails.rows} outbox rows, ${mails.sent} sent, ${ids.length} .eml files, ${distinct} distinct Message-IDs`,
  );
  console.log(`daily digests: ${digests} written in ${digestMs} ms`);

  if (alertStats.p99 >= TARGETS.alertP99Ms)
    failures.push(`alert p99 ${alertStats.p99} ms ≥ ${TARGETS.alertP99Ms}`);
  const allowed = Math.max(
    quietStats.p99 * (1 + TARGETS.approvalSlack),
    quietStats.p99 + TARGETS.approvalSlackMs,
  );
  if (loudStats.p99 > allowed) failures.push(`approval p99 ${loudStats.p99} ms > ${allowed.toFixed(1)} ms`);
  if (wrongCounts || quietAlerts) failures.push('wrong alerts');
  if (mails.rows !== expected || mails.sent !== expected || distinct !== expected)
    failures.push('instant mails not exactly once');
  if (digests < IN_CATEGORY) failures.push(`only ${digests} digests for ${IN_CATEGORY} lawyers`);
  if (digestMs >= TARGETS.digestMs) failures.push(`digests took ${digestMs} ms`);
} finally {
  await app.close();
  if (ownDir) rmSync(process.env.DATA_DIR, { recursive: true, force: true });
}
console.log(failures.length ? `alerts: targets missed: ${failures.join('; ')}` : 'alerts: every target met');
process.exit(failures.length ? 1 : 0);
