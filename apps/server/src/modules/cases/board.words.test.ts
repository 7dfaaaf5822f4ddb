import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import { bearer, createLawyer, createUser, signIn } from '../../../test/factories.ts';
import { rebuildBoard } from './board-rebuild.ts';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

/**
 * GET /api/cases/pending-cases: a case's words match as accent-free prefixes, never by stem, and every
 * word searched must match (docs/decisions/0023-search-words-by-prefix.md).
 */
describe('board search: words by prefix, never by stem', () => {
  let t: TestApp;
  let auth: { authorization: string };
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await buildTestApp();
    auth = bearer(await signIn(t.app, await createLawyer(t.app)));
    const client = await createUser(t.app);
    const titles = {
      lucia: 'Herencia de mi tía Lucía',
      lucio: 'Despido de Lucio en la obra',
      martin: 'Accidente de Martín con la moto',
      martina: 'Custodia de Martina',
    };
    for (const [key, title] of Object.entries(titles)) {
      const { rows } =
        (await t.app.db.execute(sql`insert into cases (user_id, title, description, category, status)
        values (${client.id}, ${title}, 'Necesito ayuda.', 'Abogado Civil', 'PENDIENTE DE ASIGNACIÓN')
        returning id`)) as unknown as { rows: Array<{ id: string }> };
      ids[key] = rows[0]!.id;
    }
    await rebuildBoard(t.app.db);
  });
  afterAll(async () => t.close());

  const search = async (text: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/cases/pending-cases?search=${encodeURIComponent(text)}`,
      headers: auth,
    });
    expect(res.statusCode, res.body).toBe(200);
    const found = (res.json().data as Array<{ id: string }>).map((c) => c.id);
    return Object.keys(ids)
      .filter((key) => found.includes(ids[key]!))
      .sort();
  };

  it('finds Lucía by "Lucía", "lucia" and "luc", and never by "Lucio"', async () => {
    expect(await search('Lucía')).toEqual(['lucia']);
    expect(await search('lucia')).toEqual(['lucia']);
    expect(await search('luc')).toEqual(['lucia', 'lucio']);
    expect(await search('Lucio')).toEqual(['lucio']);
  });

  it('"Martina" does not find Martín; "martin" finds both', async () => {
    expect(await search('Martina')).toEqual(['martina']);
    expect(await search('martín')).toEqual(['martin', 'martina']);
  });

  it('needs every word to match, stop words included', async () => {
    expect(await search('herencia de')).toEqual(['lucia']);
    expect(await search('custodia la')).toEqual([]);
    expect(await search('despido obra')).toEqual(['lucio']);
  });

  it('ignores punctuation alone, and answers a 500-character search with 400 in Spanish', async () => {
    expect(await search('¿¡?!')).toEqual(['lucia', 'lucio', 'martin', 'martina']);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/cases/pending-cases?search=${'a'.repeat(500)}`,
      headers: auth,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.search).toBe('La búsqueda no puede superar los 100 caracteres.');
  });
});
