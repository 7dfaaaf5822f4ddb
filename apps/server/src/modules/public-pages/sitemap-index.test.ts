import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import { seedInRanges } from '../../../test/database.ts';
import { SITEMAP_MAX_BYTES, SITEMAP_MAX_URLS, sitemapFiles, urlsetXml } from './sitemap.ts';

/**
 * docs/domain.md, Public lawyer pages: past the sitemaps protocol's 50,000 addresses a file,
 * /sitemap.xml is an index of /sitemap-1.xml, /sitemap-2.xml… each within the limits.
 */

const ORIGIN = 'https://l4l.example';
const LAWYERS = 50_010;

const locsOf = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1] ?? '');

describe('a sitemap of more than 50,000 addresses', () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;

  beforeAll(async () => {
    t = await buildTestApp({ publicUrl: ORIGIN });
    // the accounts and their listed profiles, the search projection filled by its trigger
    await seedInRanges(
      t.database,
      LAWYERS,
      (from, to) => sql`
        with made as (
          insert into users (role, mail, name, surname, username)
          select 'ABOGADO', 'masa-' || g || '@l4l.test', 'Masa', 'Abogado ' || g, 'masa' || g
          from generate_series(${from}::int, ${to}::int) as g
          returning id, surname
        )
        insert into lawyer_profiles (user_id, province, categories, slug, verified_at)
        select id, 'Madrid', '{Abogado Civil}', 'masa-' || replace(lower(surname), ' ', '-'), now()
        from made`,
    );
  }, 180_000);
  afterAll(async () => t?.close());

  it('answers an index of the files at /sitemap.xml, and every file within the protocol’s limits', async () => {
    const index = await t.app.inject({ url: '/sitemap.xml' });
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toBe('application/xml; charset=utf-8');
    const entry = String.raw`<sitemap><loc>[^<]+</loc><lastmod>\d{4}-\d{2}-\d{2}</lastmod></sitemap>`;
    expect(index.body).toMatch(
      new RegExp(
        String.raw`^<\?xml version="1\.0" encoding="UTF-8"\?>\n<sitemapindex xmlns="http://www\.sitemaps\.org/schemas/sitemap/0\.9">\n(?:${entry}\n)+</sitemapindex>\n$`,
      ),
    );
    // 4 pages of the app, 2 directory pages (civil, civil in Madrid) and the lawyers: two files
    expect(locsOf(index.body)).toEqual([`${ORIGIN}/sitemap-1.xml`, `${ORIGIN}/sitemap-2.xml`]);

    const all: string[] = [];
    const sizes: number[] = [];
    for (const loc of locsOf(index.body)) {
      const file = await t.app.inject({ url: new URL(loc).pathname });
      expect(file.statusCode, loc).toBe(200);
      expect(file.headers['content-type']).toBe('application/xml; charset=utf-8');
      expect(file.body).toMatch(
        /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">\n/,
      );
      expect(file.body.endsWith('</urlset>\n')).toBe(true);
      expect(Buffer.byteLength(file.body)).toBeLessThanOrEqual(SITEMAP_MAX_BYTES);
      const locs = locsOf(file.body);
      sizes.push(locs.length);
      all.push(...locs);
    }
    expect(sizes).toEqual([SITEMAP_MAX_URLS, LAWYERS + 6 - SITEMAP_MAX_URLS]);
    // every address once, every lawyer among them
    expect(new Set(all).size).toBe(all.length);
    expect(all.filter((loc) => loc.startsWith(`${ORIGIN}/abogados/masa-abogado-`))).toHaveLength(LAWYERS);
    expect(all).toEqual(
      expect.arrayContaining([`${ORIGIN}/`, `${ORIGIN}/abogados/civil`, `${ORIGIN}/abogados/civil/madrid`]),
    );

    for (const missing of ['/sitemap-3.xml', '/sitemap-0.xml', '/sitemap-x.xml']) {
      expect((await t.app.inject({ url: missing })).statusCode, missing).toBe(404);
    }
  }, 120_000);
});

describe('cutting a sitemap into files', () => {
  const lawyers = Array.from({ length: 7 }, (_, i) => ({
    slug: `abogado-${i + 1}`,
    updatedAt: new Date(Date.UTC(2026, 0, i + 1)),
  }));

  it('starts a new file at the address limit, and keeps each file’s newest change', () => {
    const files = sitemapFiles(ORIGIN, lawyers, [], { urls: 5, bytes: SITEMAP_MAX_BYTES });
    expect(files.map((file) => file.lines.length)).toEqual([5, 5, 1]);
    expect(files.map((file) => file.lastmod?.toISOString().slice(0, 10))).toEqual([
      '2026-01-01',
      '2026-01-06',
      '2026-01-07',
    ]);
  });

  it('starts a new file before one would pass the byte limit', () => {
    const limit = 400;
    const files = sitemapFiles(ORIGIN, lawyers, [], { urls: SITEMAP_MAX_URLS, bytes: limit });
    expect(files.length).toBeGreaterThan(1);
    for (const file of files) {
      expect(file.lines.length).toBeGreaterThan(0);
      expect(Buffer.byteLength(urlsetXml(file))).toBeLessThanOrEqual(limit);
    }
    expect(files.flatMap((file) => file.lines)).toHaveLength(4 + lawyers.length);
  });
});
