/**
 * Fills a database that already holds the benchmark's lawyers (seed-lawyers.mjs) with `clients` clients and
 * `count` cases in bulk SQL: 60% finished, 15% active, 10% published (the board; a tenth of them addressed
 * to one lawyer), 10% awaiting validation, 5% discarded; titles and descriptions in Spanish; 0–3 pending
 * proposals on each published case. Deterministic: the same counts give the same data.
 */
import { CATEGORIES } from '@l4l/shared/constants/categories';
import { sql } from 'drizzle-orm';
import { rebuildBoard } from '../../apps/server/src/modules/cases/index.ts';
import { withIndexesDropped } from './bulk-fill.mjs';

const BATCH = 100_000;

export const TITLES = [
  'Desahucio por impago del alquiler',
  'Herencia sin testamento entre hermanos',
  'Despido improcedente tras baja médica',
  'Divorcio de mutuo acuerdo con hijos',
  'Reclamación a la aseguradora por siniestro',
  'Multa de tráfico recurrida',
  'Deuda con el banco por tarjeta revolving',
  'Constitución de una sociedad limitada',
  'Permiso de residencia por arraigo',
  'Inspección de Hacienda sobre el IRPF',
  'Obras sin licencia del vecino',
  'Custodia compartida y pensión de alimentos',
  'Cláusula suelo de la hipoteca',
  'Impago de un cliente de mi empresa',
  'Protección de datos en mi comercio',
  'Concurso de acreedores de mi autónomo',
];
const DESCRIPTIONS = [
  'Necesito asesoramiento para saber qué opciones tengo y cuánto puede costar el procedimiento.',
  'Llevo meses intentando resolverlo por mi cuenta sin éxito y quiero que un abogado revise la documentación.',
  'Tengo todos los papeles preparados y busco a alguien que pueda encargarse cuanto antes.',
  'Me gustaría una primera consulta para entender los plazos y si merece la pena reclamar.',
];

const sqlArray = (values) => `ARRAY[${values.map((v) => `'${v.replaceAll("'", "''")}'`).join(',')}]::text[]`;

/**
 * The board (ADR 0006) rebuilt, its words and counts (ADR 0033) kept by its triggers a batch at a time, into
 * tables whose secondary indexes are built after: through all eight indexes, a million cases took 432 s.
 */
const fillBoard = (db) =>
  withIndexesDropped(db, ['board_entries', 'board_search_words'], () => rebuildBoard(db));

export async function seedCases(db, { count, clients, lawyers }) {
  const started = performance.now();
  const run = (text) => db.execute(sql.raw(text));
  const h = (salt) => `abs(hashint4(i + ${salt})::bigint)`;
  await run(`insert into users (id, role, mail, name, surname, username, phone_number)
    select md5('bench-client-' || i)::uuid, 'USUARIO', 'cliente' || i || '@bench.l4l', 'Cliente', 'Bench ' || i,
      'cliente' || i, '611000000'
    from generate_series(1, ${clients}) as i`);
  const words = `(select ${sqlArray(TITLES)} as titles, ${sqlArray(DESCRIPTIONS)} as descs,
      ${sqlArray([...CATEGORIES])} as cats) as words`;
  const lawyerOf = (salt) => `md5('bench-lawyer-' || (1 + ${h(salt)} % ${lawyers}))::uuid`;
  for (let from = 1; from <= count; from += BATCH) {
    const to = Math.min(count, from + BATCH - 1);
    await run(`insert into cases (id, user_id, addressed_lawyer_id, lawyer_id, title, description, category, status,
        progress_step, case_price_cents, created_at, validated_at, assignation_date, finish_date)
      select md5('bench-case-' || i)::uuid, md5('bench-client-' || (1 + ${h(11)} % ${clients}))::uuid,
        case when st = 'PENDIENTE DE ASIGNACIÓN' and ${h(29)} % 10 = 0 then ${lawyerOf(37)} end,
        case when st in ('ACTIVO', 'FINALIZADO') then ${lawyerOf(37)} end,
        titles[1 + ${h(41)} % ${TITLES.length}], descs[1 + ${h(43)} % ${DESCRIPTIONS.length}],
        case when st = 'PENDIENTE DE VALIDACIÓN' then 'Por calificar' else cats[1 + ${h(47)} % 15] end,
        st,
        case st when 'PENDIENTE DE VALIDACIÓN' then 0 when 'PENDIENTE DE ASIGNACIÓN' then 1 when 'ACTIVO' then 2 + ${h(53)} % 5
          when 'FINALIZADO' then 7 else 0 end,
        case when st in ('ACTIVO', 'FINALIZADO') then (100 + ${h(59)} % 2000) * 100 end,
        now() - make_interval(mins => (${h(61)} % 525600)::int),
        case when st <> 'PENDIENTE DE VALIDACIÓN' then now() end,
        case when st in ('ACTIVO', 'FINALIZADO') then now() end,
        case when st = 'FINALIZADO' then now() end
      from (select i, case when ${h(3)} % 100 < 60 then 'FINALIZADO' when ${h(3)} % 100 < 75 then 'ACTIVO'
              when ${h(3)} % 100 < 85 then 'PENDIENTE DE ASIGNACIÓN' when ${h(3)} % 100 < 95 then 'PENDIENTE DE VALIDACIÓN'
              else 'DESCARTADO' end as st
            from generate_series(${from}, ${to}) as i) as drawn, ${words}`);
  }
  // 0–3 pending proposals on every published general case, from different lawyers
  await run(`insert into proposals (case_id, lawyer_id, price_cents, message, status)
    select c.id, md5('bench-lawyer-' || (1 + abs(hashint4((c.n * 4 + k)::int)::bigint) % ${lawyers}))::uuid,
      (50 + abs(hashint4((c.n + k)::int)::bigint) % 3000) * 100, 'Puedo encargarme de su caso.', 'PENDIENTE'
    from (select id, row_number() over () as n from cases
          where status = 'PENDIENTE DE ASIGNACIÓN' and addressed_lawyer_id is null) as c,
      generate_series(1, 3) as k
    where k <= abs(hashint4(c.n::int)::bigint) % 4
    on conflict do nothing`);
  // statistics first: the figures' correlated subqueries must read indexes, not the fresh table's heap
  await run('vacuum analyze cases');
  await run('vacuum analyze proposals');
  await fillBoard(db);
  await run('vacuum analyze board_entries');
  await run('vacuum analyze board_search_words');
  await run('vacuum analyze board_search_counts');
  await run('vacuum analyze cases');
  await run('vacuum analyze proposals');
  await run('vacuum analyze users');
  const [{ board }] = (await run(`select count(*)::int as board from board_entries`)).rows;
  return { cases: count, clients, board, seconds: Number(((performance.now() - started) / 1000).toFixed(1)) };
}
