/**
 * A bulk fill of tables kept by triggers (the directory's and the board's search projections), as their
 * migrations fill them: each row written once into tables whose secondary indexes are built afterwards, from
 * their own definitions. Written row by row through the indexes, a million lawyers' projection took 20
 * minutes, and a million cases' board words most of 432 s. The indexes that back a constraint stay.
 */
import { sql } from 'drizzle-orm';

export async function withIndexesDropped(db, tables, fill) {
  const { rows } = await db.execute(sql`select i.indexname as name, i.indexdef as definition from pg_indexes i
    where i.schemaname = current_schema() and i.tablename = any(${sql.param(tables)}::text[])
      and not exists (select 1 from pg_constraint c
        where c.conindid = (quote_ident(i.schemaname) || '.' || quote_ident(i.indexname))::regclass)`);
  for (const { name } of rows) await db.execute(sql.raw(`drop index "${name}"`));
  await fill();
  for (const { definition } of rows) await db.execute(sql.raw(definition));
}
