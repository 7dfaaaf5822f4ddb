/**
 * The people of the marketplace benchmark, in bulk SQL on a database the server has migrated: `lawyers`
 * lawyers for the directory (seed-lawyers.mjs: 95% verified, 1% banned) and `clients` clients, every one
 * with the same password (one argon2id hash, made as the product makes it) and a confirmed address.
 * Answers `journeyLawyers` verified, unbanned lawyers (see RFC_UUID), who propose and chat in the
 * journeys.
 */
import { openPostgres } from '../../apps/server/src/db/database.ts';
import { hashPassword } from '../../apps/server/src/lib/passwords.ts';
import { seedLawyers } from './seed-lawyers.mjs';

/**
 * seed-lawyers.mjs draws its ids from md5, and only about one in eight of those has the version and variant
 * of an RFC 9562 UUID, which the chat's messages are validated against (as every id the product makes is):
 * the journeys take their lawyers among those.
 */
const RFC_UUID = '^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$';

export const MARKET_PASSWORD = 'Banco-Mercado-2026';

export const marketClientMail = (n) => `cliente${n}@mercado.bench.l4l`;

export async function seedMarket(databaseUrl, { lawyers, clients, journeyLawyers }) {
  const started = performance.now();
  const database = await openPostgres(databaseUrl);
  try {
    const run = (text, params = []) => database.pool.query(text, params);
    await seedLawyers(database.db, lawyers);
    const hash = await hashPassword(MARKET_PASSWORD);
    await run(
      `update users set password_hash = $1, email_verified_at = now() where role = 'ABOGADO' and mail like '%@bench.l4l'`,
      [hash],
    );
    await run(
      `insert into users (role, mail, password_hash, email_verified_at, name, surname, username, phone_number)
       select 'USUARIO', 'cliente' || i || '@mercado.bench.l4l', $1, now(), 'Cliente', 'Mercado ' || i,
         'clientemercado' || i, '611000000'
       from generate_series(0, $2::int - 1) as i`,
      [hash, clients],
    );
    await run('vacuum analyze users');
    const { rows } = await run(
      `select u.id, u.mail from users u join lawyer_profiles p on p.user_id = u.id
       where u.role = 'ABOGADO' and p.verified_at is not null and u.banned_at is null
         and u.id::text ~ '${RFC_UUID}'
       order by u.mail limit $1`,
      [journeyLawyers],
    );
    return {
      lawyers: rows,
      seconds: Number(((performance.now() - started) / 1000).toFixed(1)),
      directoryLawyers: lawyers,
      clients,
    };
  } finally {
    await database.close();
  }
}
