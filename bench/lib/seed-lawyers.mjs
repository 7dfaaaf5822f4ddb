/**
 * Fills a migrated database with `count` lawyers in bulk SQL (INSERT ... SELECT over generate_series, in
 * batches): Spanish names with accents, 1–3 categories, provinces (some 'Toda España'), prices, ratings and
 * case counters; 95% verified, 1% banned, 0.1% featured. Deterministic: the same count gives the same data.
 */

import { CATEGORIES } from '@l4l/shared/constants/categories';
import { PROVINCES } from '@l4l/shared/constants/provinces';
import { searchableText } from '@l4l/shared/search';
import { sql } from 'drizzle-orm';
import { logEverythingChanged } from '../../apps/server/src/db/synced-index.ts';

const BATCH = 25_000;

export const FIRST_NAMES = [
  'Lucía',
  'María',
  'Carmen',
  'Ana',
  'Laura',
  'Marta',
  'Elena',
  'Sara',
  'Paula',
  'Cristina',
  'Isabel',
  'Pilar',
  'Raquel',
  'Beatriz',
  'Nuria',
  'Sofía',
  'Irene',
  'Rocío',
  'Inés',
  'Mónica',
  'José',
  'Antonio',
  'Manuel',
  'Francisco',
  'David',
  'Javier',
  'Daniel',
  'Carlos',
  'Miguel',
  'Rafael',
  'Pedro',
  'Pablo',
  'Ángel',
  'Alejandro',
  'Fernando',
  'Sergio',
  'Jorge',
  'Luis',
  'Alberto',
  'Álvaro',
  'Adrián',
  'Iñaki',
  'Joaquín',
  'Andrés',
];
export const SURNAMES = [
  'García',
  'Rodríguez',
  'González',
  'Fernández',
  'López',
  'Martínez',
  'Sánchez',
  'Pérez',
  'Gómez',
  'Martín',
  'Jiménez',
  'Ruiz',
  'Hernández',
  'Díaz',
  'Moreno',
  'Muñoz',
  'Álvarez',
  'Romero',
  'Alonso',
  'Gutiérrez',
  'Navarro',
  'Torres',
  'Domínguez',
  'Vázquez',
  'Ramos',
  'Gil',
  'Ramírez',
  'Serrano',
  'Blanco',
  'Molina',
  'Morales',
  'Suárez',
  'Ortega',
  'Delgado',
  'Castro',
  'Ortiz',
  'Rubio',
  'Marín',
  'Sanz',
  'Núñez',
  'Iglesias',
  'Medina',
  'Garrido',
  'Cortés',
  'Castillo',
  'Santos',
  'Lozano',
  'Guerrero',
  'Cano',
  'Prieto',
  'Méndez',
  'Cruz',
  'Calvo',
  'Gallego',
  'Vidal',
  'León',
  'Márquez',
  'Herrera',
  'Peña',
  'Flores',
  'Cabrera',
  'Campos',
  'Vega',
  'Fuentes',
  'Carrasco',
  'Díez',
  'Caballero',
  'Reyes',
  'Nieto',
  'Aguilar',
  'Pascual',
  'Santana',
  'Herrero',
  'Lorenzo',
  'Montero',
  'Hidalgo',
  'Giménez',
  'Ibáñez',
  'Ferrer',
  'Durán',
  'Santiago',
  'Benítez',
];

/** Our own constant words as a SQL array literal (no user text is ever built into SQL like this). */
const sqlArray = (values) => `ARRAY[${values.map((v) => `'${v.replaceAll("'", "''")}'`).join(',')}]::text[]`;

export async function seedLawyers(db, count) {
  const started = performance.now();
  const run = (text) => db.execute(sql.raw(text));
  const h = (salt) => `abs(hashint4(i + ${salt})::bigint)`;
  await run('drop table if exists bench_source');
  // one row per lawyer with the pseudo-random draws both inserts read, so names and profiles agree; each
  // attribute a sort or a filter reads has a draw of its own (when 'verified' and 'finished cases' shared
  // one, the 5% of lawyers with the most finished cases were all unverified, a pattern no real directory has)
  await run(`create unlogged table bench_source as
    select i, md5('bench-lawyer-' || i)::uuid as id,
      1 + ${h(0)} % ${FIRST_NAMES.length} as f, 1 + ${h(7919)} % ${SURNAMES.length} as s1,
      1 + ${h(15881)} % ${SURNAMES.length} as s2, ${h(23773)} as h1, ${h(31817)} as h2,
      ${h(39857)} as h3, ${h(47777)} as h4, ${h(55933)} % 40 as rc, ${h(63997)} as h5, ${h(72073)} as h6,
      ${h(80021)} as h7
    from generate_series(1, ${count}) as i`);
  const names = `(select ${sqlArray(FIRST_NAMES)} as fn, ${sqlArray(FIRST_NAMES.map((n) => searchableText(n)))} as fnp,
      ${sqlArray(SURNAMES)} as sn, ${sqlArray(SURNAMES.map((n) => searchableText(n)))} as snp,
      ${sqlArray([...CATEGORIES])} as cats, ${sqlArray(PROVINCES.slice(1))} as provs) as words`;
  // the rows go in with the triggers off: one "everything changed" is logged after them, not one per batch
  await run('alter table lawyer_profiles disable trigger user');
  await run('alter table users disable trigger user');
  for (let from = 1; from <= count; from += BATCH) {
    const range = `s.i between ${from} and ${Math.min(count, from + BATCH - 1)}`;
    await run(`insert into users (id, role, mail, name, surname, username, phone_number, banned_at)
      select s.id, 'ABOGADO', 'abogado' || s.i || '@bench.l4l', fn[s.f], sn[s.s1] || ' ' || sn[s.s2],
        'abogado' || s.i, '600000000', case when s.h1 % 100 = 0 then now() end
      from bench_source s, ${names} where ${range}`);
    await run(`insert into lawyer_profiles (user_id, description, categories, province, lawyer_association,
        slug, response_minutes, price_hour_cents, price_first_visit_cents, first_visit_free, verified_at, featured,
        search_text, rating_sum, rating_count, active_cases, finished_cases)
      select s.id, 'Abogado con años de experiencia en asesoramiento y litigación. Primera consulta sin compromiso.',
        (array[cats[1 + s.h2 % 15], cats[1 + (s.h2 + 5) % 15], cats[1 + (s.h2 + 10) % 15]])[1:1 + s.h3 % 3],
        case when s.h3 % 33 = 0 then 'Toda España' else provs[1 + s.h4 % ${PROVINCES.length - 1}] end,
        'Ilustre Colegio de la Abogacía de Madrid', fnp[s.f] || '-' || snp[s.s1] || '-' || snp[s.s2] || '-' || s.i,
        case when s.rc > 0 then 20 + s.h1 % 2000 end, (30 + s.h4 % 170) * 100, (s.h1 % 4) * 1000, s.h1 % 4 = 0,
        case when s.h6 % 100 < 95 then now() end, s.h3 % 1000 = 999,
        fnp[s.f] || ' ' || snp[s.s1] || ' ' || snp[s.s2],
        s.rc * 3 + s.h4 % (2 * s.rc + 1), s.rc, s.h7 % 10, s.h5 % 100
      from bench_source s, ${names} where ${range}`);
  }
  await run('drop table bench_source');
  await run('alter table lawyer_profiles enable trigger user');
  await run('alter table users enable trigger user');
  // statistics and the visibility map, as once autovacuum has passed: the index's load and the plain SQL
  // are planned on tables the planner knows
  await run('vacuum analyze users');
  await run('vacuum analyze lawyer_profiles');
  // the rows came in with the triggers off: every process's index in memory (ADR 0042) loads again
  await logEverythingChanged(db, 'lawyer_search');
  return { lawyers: count, seconds: Number(((performance.now() - started) / 1000).toFixed(1)) };
}
