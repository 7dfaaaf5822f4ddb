import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import { banUser, createLawyerWithProfile, createRating, createUser } from '../../../test/factories.ts';

/**
 * docs/domain.md, Public directory pages: /abogados/{category} and /abogados/{category}/{province},
 * rendered by the server from the listed lawyers, on a database of their own (the counts are exact).
 */

type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

const ORIGIN = 'https://l4l.example';

const meta = (html: string, name: string) =>
  html.match(new RegExp(`<meta (?:property|name)="${name}" content="([^"]*)">`))?.[1];
const canonical = (html: string) => html.match(/<link rel="canonical" href="([^"]*)">/)?.[1];
const title = (html: string) => html.match(/<title>([^<]*)<\/title>/)?.[1];
const h1 = (html: string) => html.match(/<h1>([^<]*)<\/h1>/)?.[1];
/** The lawyers the list links to, in order: the path of each card's heading link. */
const listed = (html: string) =>
  [...html.matchAll(/<li class="lawyer">[\s\S]*?<h2><a href="([^"]+)">/g)].map((m) => m[1]);

type JsonLdNode = { '@type': string; [key: string]: unknown };
function jsonLd(html: string): JsonLdNode[] {
  const text = html.match(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/)?.[1];
  if (!text) throw new Error('no JSON-LD on the page');
  return JSON.parse(text) as JsonLdNode[];
}
const node = (html: string, type: string) => jsonLd(html).find((one) => one['@type'] === type);

let t: TestApp;

/** Each address is the Spanish 404 page, kept out of search engines by its header and its meta. */
async function expectNoPage(urls: string[]) {
  for (const url of urls) {
    const res = await t.app.inject({ url });
    expect(res.statusCode, url).toBe(404);
    expect(res.headers['x-robots-tag'], url).toBe('noindex');
    expect(meta(res.body, 'robots'), url).toBe('noindex');
  }
}

const slugs: Record<string, string> = {};

beforeAll(async () => {
  t = await buildTestApp({ publicUrl: ORIGIN });
  const lawyer = async (key: string, name: string, surname: string, profile: object, verified = true) => {
    const row = await createLawyerWithProfile(t.app, { name, surname, verified, profile });
    slugs[key] = `/abogados/${name}-${surname}`
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .toLowerCase()
      .replace(/ /g, '-');
    return row;
  };
  const best = await lawyer('best', 'Alba', 'Mejor Valorada', {
    province: 'Madrid',
    categories: ['Abogado Civil', 'Abogado Divorcios'],
  });
  const client = await createUser(t.app);
  await createRating(t.app, { userId: client.id, lawyerId: best.id, stars: 5 });
  await lawyer('plain', 'Bruno', 'Sin Valoraciones', { province: 'Madrid', categories: ['Abogado Civil'] });
  await lawyer('everywhere', 'Carla', 'Toda España', {
    province: 'Toda España',
    categories: ['Abogado Civil'],
  });
  await lawyer('seville', 'Diego', 'Sevillano', { province: 'Sevilla', categories: ['Abogado Laboral'] });
  await lawyer('pending', 'Eva', 'Pendiente', { province: 'Madrid', categories: ['Abogado Civil'] }, false);
  const banned = await lawyer('banned', 'Félix', 'Vetado', {
    province: 'Madrid',
    categories: ['Abogado Civil'],
  });
  await banUser(t.app, banned.id);
  // 21 fiscal lawyers in Cádiz: two pages of 20
  for (let i = 1; i <= 21; i++) {
    await lawyer(`fiscal${i}`, 'Fiscal', `Número ${String(i).padStart(2, '0')}`, {
      province: 'Cádiz',
      categories: ['Abogado Fiscal'],
      priceHourCents: 1000 * i,
    });
  }
}, 120_000);
afterAll(async () => t?.close());

describe('a category’s page', () => {
  it('lists the category’s verified lawyers of all of Spain, best rated first, with what a search engine reads', async () => {
    const res = await t.app.inject({ url: '/abogados/civil' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
    expect(res.headers['x-robots-tag']).toBeUndefined();
    const html = res.body;
    expect(html).toMatch(/^<!doctype html>\s*<html lang="es">/);
    expect(title(html)).toBe('Abogados de derecho civil en España | L4L');
    expect(h1(html)).toBe('Abogados de derecho civil en España');
    expect(meta(html, 'description')).toContain(
      'Abogados de derecho civil en España: 3 abogados verificados',
    );
    expect(meta(html, 'robots')).toBeUndefined();
    expect(canonical(html)).toBe(`${ORIGIN}/abogados/civil`);
    expect(meta(html, 'og:url')).toBe(`${ORIGIN}/abogados/civil`);
    // neither the unverified nor the banned lawyer; the rated one first
    expect(new Set(listed(html))).toEqual(new Set([slugs.best, slugs.everywhere, slugs.plain]));
    expect(listed(html)).toHaveLength(3);
    expect(listed(html)[0]).toBe(slugs.best);
    expect(html).toContain('Alba Mejor Valorada');
    expect(html).toContain('Desde 60 €/hora');
    expect(html).toContain('5,0 de 5 (1 valoración)');
    expect(html).not.toContain('Eva Pendiente');
    expect(html).not.toContain('Félix Vetado');
    // the provinces where civil lawyers have their office, each a page of its own
    expect(html).toContain('<a href="/abogados/civil/madrid">Madrid</a>');
    expect(html).not.toContain('/abogados/civil/sevilla');
    expect(html).not.toContain('/abogados/civil/toda-espana');
  });

  it('describes the list and the way to it in JSON-LD: an ItemList and a BreadcrumbList', async () => {
    const html = (await t.app.inject({ url: '/abogados/civil' })).body;
    const list = node(html, 'ItemList');
    expect(list).toMatchObject({
      '@context': 'https://schema.org',
      name: 'Abogados de derecho civil en España',
      url: `${ORIGIN}/abogados/civil`,
      numberOfItems: 3,
    });
    const items = list?.itemListElement as Array<{ position: number; url: string; name: string }>;
    expect(items.map((item) => item.position)).toEqual([1, 2, 3]);
    expect(items[0]).toMatchObject({
      '@type': 'ListItem',
      url: `${ORIGIN}${slugs.best}`,
      name: 'Alba Mejor Valorada',
    });
    expect(node(html, 'BreadcrumbList')?.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Inicio', item: `${ORIGIN}/` },
      { '@type': 'ListItem', position: 2, name: 'Civil', item: `${ORIGIN}/abogados/civil` },
    ]);
  });
});

describe('a category’s page in a province', () => {
  it('lists the lawyers of the province and those who work in all of Spain, with the way back', async () => {
    const res = await t.app.inject({ url: '/abogados/civil/madrid' });
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(title(html)).toBe('Abogados de derecho civil en Madrid | L4L');
    expect(h1(html)).toBe('Abogados de derecho civil en Madrid');
    expect(canonical(html)).toBe(`${ORIGIN}/abogados/civil/madrid`);
    expect(new Set(listed(html))).toEqual(new Set([slugs.best, slugs.plain, slugs.everywhere]));
    expect(html).toContain('<a href="/abogados/civil">Ver todos los abogados de derecho civil de España</a>');
    expect(node(html, 'BreadcrumbList')?.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Inicio', item: `${ORIGIN}/` },
      { '@type': 'ListItem', position: 2, name: 'Civil', item: `${ORIGIN}/abogados/civil` },
      { '@type': 'ListItem', position: 3, name: 'Madrid', item: `${ORIGIN}/abogados/civil/madrid` },
    ]);
    expect(html).toContain('<li aria-current="page">Madrid</li>');
  });

  it('says so when no lawyer matches, and keeps that page out of search engines', async () => {
    const res = await t.app.inject({ url: '/abogados/laboral/madrid' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(
      'Todavía no hay ningún abogado verificado de esta especialidad en esta provincia.',
    );
    expect(meta(res.body, 'robots')).toBe('noindex');
    expect(canonical(res.body)).toBeUndefined();
    expect(listed(res.body)).toEqual([]);
    expect(node(res.body, 'ItemList')?.numberOfItems).toBe(0);
  });

  it('offers next steps on an empty page: the whole country, the province’s other categories, "Cuéntanos tu caso"', async () => {
    const res = await t.app.inject({ url: '/abogados/laboral/madrid' });
    const next = res.body.slice(res.body.indexOf('<section class="next">'));
    expect(next).toContain('<h2>Qué puedes hacer ahora</h2>');
    expect(next).toContain('<a href="/abogados/laboral">Ver todos los abogados laboralistas de España</a>');
    expect(next).toContain('Otras especialidades con abogados en Madrid:');
    expect(next).toContain('<a href="/abogados/civil/madrid">Civil</a>');
    expect(next).toContain('<a href="/abogados/divorcios/madrid">Divorcios</a>');
    // the empty category itself is not offered again
    expect(next).not.toContain('/abogados/laboral/madrid"');
    expect(next).toContain('<a class="cta" href="/registro">Cuéntanos tu caso</a>');

    // a page with lawyers has no such section
    const full = await t.app.inject({ url: '/abogados/civil/madrid' });
    expect(full.body).not.toContain('<section class="next">');
  });

  it('pages a long list: 20 a page, ?pagina=2 with its own canonical, and 404 past the last page', async () => {
    const first = (await t.app.inject({ url: '/abogados/fiscal/cadiz' })).body;
    expect(listed(first)).toHaveLength(20);
    expect(first).toContain('21 abogados verificados');
    expect(first).toContain('<a rel="next" href="/abogados/fiscal/cadiz?pagina=2">Página siguiente</a>');
    expect(first).not.toContain('rel="prev"');
    expect(first).toContain('Página 1 de 2');

    const second = await t.app.inject({ url: '/abogados/fiscal/cadiz?pagina=2' });
    expect(second.statusCode).toBe(200);
    expect(title(second.body)).toBe('Abogados fiscalistas en Cádiz (página 2) | L4L');
    expect(canonical(second.body)).toBe(`${ORIGIN}/abogados/fiscal/cadiz?pagina=2`);
    expect(listed(second.body)).toHaveLength(1);
    expect(second.body).toContain('<a rel="prev" href="/abogados/fiscal/cadiz">Página anterior</a>');
    const items = node(second.body, 'ItemList')?.itemListElement as Array<{ position: number }>;
    expect(items.map((item) => item.position)).toEqual([21]);
    // every lawyer once over the two pages
    expect(new Set([...listed(first), ...listed(second.body)]).size).toBe(21);

    expect((await t.app.inject({ url: '/abogados/fiscal/cadiz?pagina=1' })).statusCode).toBe(200);
    await expectNoPage([
      '/abogados/fiscal/cadiz?pagina=3',
      '/abogados/fiscal/cadiz?pagina=0',
      '/abogados/fiscal/cadiz?pagina=-1',
      '/abogados/fiscal/cadiz?pagina=dos',
      '/abogados/fiscal/cadiz?pagina=2&pagina=3',
      '/abogados/civil?pagina=2',
    ]);
  });

  it('answers 404 for a category or province that does not exist', async () => {
    await expectNoPage([
      '/abogados/civil/atlantida',
      '/abogados/civil/toda-espana',
      '/abogados/civil/Madrid',
      '/abogados/penal/madrid',
      '/abogados/Civil',
      '/abogados/madrid/civil',
    ]);
  });
});

describe('the directory pages in the sitemap', () => {
  it('lists each category with a lawyer, and each category and province where one has their office', async () => {
    const res = await t.app.inject({ url: '/sitemap.xml' });
    const locs = [...res.body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
    const directory = locs.filter((loc) =>
      /\/abogados\/(civil|divorcios|laboral|fiscal)(\/|$)/.test(loc ?? ''),
    );
    expect(directory.sort()).toEqual(
      [
        '/abogados/civil',
        '/abogados/civil/madrid',
        '/abogados/divorcios',
        '/abogados/divorcios/madrid',
        '/abogados/fiscal',
        '/abogados/fiscal/cadiz',
        '/abogados/laboral',
        '/abogados/laboral/sevilla',
      ].map((path) => `${ORIGIN}${path}`),
    );
    // no other category has a lawyer
    expect(locs.filter((loc) => /\/abogados\/(mercantil|extranjeria)/.test(loc ?? ''))).toEqual([]);
    // a directory page's lastmod is its newest lawyer's change
    expect(res.body).toMatch(
      new RegExp(
        `<url><loc>${ORIGIN}/abogados/civil/madrid</loc><lastmod>\\d{4}-\\d{2}-\\d{2}</lastmod></url>`,
      ),
    );
  });
});
