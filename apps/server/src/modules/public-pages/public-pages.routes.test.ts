import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { RESERVED_LAWYER_SLUGS } from '@l4l/shared/constants/directory-pages';
import { es } from '@l4l/shared/texts/es';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import {
  banUser,
  bearer,
  createAdmin,
  createLawyerWithProfile,
  createRating,
  createUser,
  DEFAULT_PASSWORD,
  signIn,
  uniqueMail,
} from '../../../test/factories.ts';
import { lawyerProfiles, users } from '../../db/schema/index.ts';
import { assignLawyerSlugs, slugBase } from '../lawyers/index.ts';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

const slugOf = async (t: TestApp, lawyerId: string) => {
  const [row] = await t.app.db
    .select({ slug: lawyerProfiles.slug })
    .from(lawyerProfiles)
    .where(eq(lawyerProfiles.userId, lawyerId));
  return row?.slug ?? null;
};

/** The attribute of the first tag that matches `pattern` (a meta or link of the page's head). */
function attribute(html: string, pattern: RegExp, name: string): string | undefined {
  const tag = html.match(pattern)?.[0];
  return tag?.match(new RegExp(`${name}="([^"]*)"`))?.[1];
}

const meta = (html: string, property: string) =>
  attribute(html, new RegExp(`<meta (?:property|name)="${property}"[^>]*>`), 'content');

function jsonLd(html: string): Record<string, unknown> {
  const text = html.match(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/)?.[1];
  if (!text) throw new Error('no JSON-LD on the page');
  return JSON.parse(text) as Record<string, unknown>;
}

const decode = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

describe('public lawyer pages', () => {
  let t: TestApp;
  let lucia: Awaited<ReturnType<typeof createLawyerWithProfile>>;
  let slug: string;

  beforeAll(async () => {
    t = await buildTestApp({ publicUrl: 'https://l4l.example' });
    lucia = await createLawyerWithProfile(t.app, {
      name: 'Lucía',
      surname: 'García Fernández',
      photoUrl: '/uploads/avatars/lucia.png',
      profile: {
        province: 'Madrid',
        categories: ['Abogado Divorcios', 'Abogado Civil'],
        description: 'Abogada de familia con doce años de experiencia en divorcios de mutuo acuerdo.',
        priceHourCents: 6000,
        firstVisitFree: true,
        lawyerAssociation: 'madrid',
        membershipNumber: '78.412',
        responseMinutes: 125,
      },
    });
    const client = await createUser(t.app, { name: 'Carmen', surname: 'Ruiz Pérez' });
    await createRating(t.app, {
      userId: client.id,
      lawyerId: lucia.id,
      stars: 5,
      title: 'Resolvió mi divorcio en un mes',
      description: 'Muy clara con los plazos y el precio.',
    });
    await createRating(t.app, { userId: client.id, lawyerId: lucia.id, stars: 4 });
    slug = (await slugOf(t, lucia.id)) as string;
  });
  afterAll(async () => t?.close());

  it("names an Abogada's specialities as she chose, and 'Colegiada'", async () => {
    const abogada = await createLawyerWithProfile(t.app, {
      name: 'Marta',
      surname: 'Inmobiliaria Pérez',
      profile: {
        province: 'Madrid',
        categories: ['Abogado Inmobiliario', 'Abogado Laboral'],
        professionalTitle: 'Abogada',
        lawyerAssociation: 'madrid',
        membershipNumber: '12.345',
      },
    });
    const html = (await t.app.inject({ url: `/abogados/${await slugOf(t, abogada.id)}` })).body;
    expect(html).toContain('Abogada Inmobiliaria</a>');
    expect(html).toContain('Abogada Laboral</a>');
    expect(html).toContain('Colegiada nº 12.345');
    // Lucía chose nothing: Abogado, as before
    const lucias = (await t.app.inject({ url: `/abogados/${slug}` })).body;
    expect(lucias).toContain('Abogado Divorcios</a>');
  });

  it('gives a lawyer the slug of their name, lower case and without accents', () => {
    expect(slug).toBe('lucia-garcia-fernandez');
  });

  it('renders the page on the server: title, description, canonical, Open Graph and what a client needs', async () => {
    const res = await t.app.inject({ url: `/abogados/${slug}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
    const html = res.body;
    expect(html).toMatch(/^<!doctype html>\s*<html lang="es">/);
    expect(html).toContain(
      '<title>Lucía García Fernández, abogacía en Madrid (Divorcios, Civil) | L4L</title>',
    );
    expect(meta(html, 'description')).toBe(
      'Abogada de familia con doce años de experiencia en divorcios de mutuo acuerdo.',
    );
    const url = 'https://l4l.example/abogados/lucia-garcia-fernandez';
    expect(attribute(html, /<link rel="canonical"[^>]*>/, 'href')).toBe(url);
    expect(meta(html, 'og:url')).toBe(url);
    expect(meta(html, 'og:type')).toBe('profile');
    expect(meta(html, 'og:title')).toContain('Lucía García Fernández');
    expect(meta(html, 'og:description')).toContain('Abogada de familia');
    expect(meta(html, 'og:image')).toBe('https://l4l.example/uploads/avatars/lucia.png');
    expect(meta(html, 'robots')).toBeUndefined();

    expect(html).toContain('<h1>Lucía García Fernández</h1>');
    expect(html).toContain(es.trust.colegiado('78.412', 'Colegio de la Abogacía de Madrid'));
    expect(html).toContain('Suele responder en 2 h');
    expect(html).toContain('Desde 60 €/hora');
    expect(html).toContain('4,5 de 5 (2 valoraciones)');
    expect(html).toContain('Resolvió mi divorcio en un mes');
    expect(html).toContain('Muy clara con los plazos y el precio.');
    // a client is named no further than the first name and an initial
    expect(html).toContain('Carmen R.');
    expect(html).not.toContain('Ruiz Pérez');
    // the call to action: the sign-in, then the lawyer's profile in the dashboard
    // followed by no crawler: it leads to the sign-in
    const cta = html.match(/<a class="cta" rel="nofollow" href="([^"]+)">([^<]+)<\/a>/);
    expect(cta?.[2]).toBe('Consultar con Lucía');
    expect(decode(cta?.[1] ?? '')).toBe(`/login?destino=%2Fdashboard%2Fabogados%2F${lucia.id}`);
    // (+) and the first consultation's slot picker, after the sign-in
    const booking = html.match(/<a class="booking" rel="nofollow" href="([^"]+)">([^<]+)<\/a>/);
    expect(booking?.[2]).toBe('Reservar una primera consulta');
    expect(decode(booking?.[1] ?? '')).toBe(
      `/login?destino=%2Fdashboard%2Fabogados%2F${lucia.id}%2Fprimera-consulta`,
    );
  });

  it('describes the lawyer as a schema.org Attorney in JSON-LD', async () => {
    const data = jsonLd((await t.app.inject({ url: `/abogados/${slug}` })).body);
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Attorney',
      name: 'Lucía García Fernández',
      description: 'Abogada de familia con doce años de experiencia en divorcios de mutuo acuerdo.',
      url: 'https://l4l.example/abogados/lucia-garcia-fernandez',
      image: 'https://l4l.example/uploads/avatars/lucia.png',
      address: { '@type': 'PostalAddress', addressRegion: 'Madrid', addressCountry: 'ES' },
      areaServed: { '@type': 'AdministrativeArea', name: 'Madrid' },
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.5, reviewCount: 2, bestRating: 5 },
      // docs/domain.md, Lawyers' prices: the price is an hourly rate
      priceRange: 'Desde 60 €/hora',
      makesOffer: {
        '@type': 'Offer',
        priceSpecification: {
          '@type': 'UnitPriceSpecification',
          price: '60.00',
          priceCurrency: 'EUR',
          unitCode: 'HUR',
          unitText: 'HOUR',
        },
      },
    });
    expect(data.review).toHaveLength(2);
  });

  it('leaves the rating out of the JSON-LD while there is none, and acts everywhere for Toda España', async () => {
    const lawyer = await createLawyerWithProfile(t.app, {
      name: 'Marta',
      surname: 'Vidal Soto',
      profile: { province: 'Toda España', description: '' },
    });
    const res = await t.app.inject({ url: `/abogados/${await slugOf(t, lawyer.id)}` });
    expect(res.statusCode).toBe(200);
    const data = jsonLd(res.body);
    expect(data.aggregateRating).toBeUndefined();
    expect(data.image).toBeUndefined();
    expect(data.areaServed).toEqual({ '@type': 'Country', name: 'España' });
    expect(res.body).toContain(es.lawyerPage.noRatings);
    expect(res.body).toContain('abogacía en toda España');
    // no description of their own: the meta description says who and where
    expect(meta(res.body, 'description')).toContain('Marta Vidal Soto atiende consultas');
  });

  it('escapes everything a person wrote, in the HTML and in the JSON-LD', async () => {
    const hostile = '</script><script>alert("x")</script><img src=x onerror=alert(1)> & "comillas"';
    const lawyer = await createLawyerWithProfile(t.app, {
      name: 'Pedro<b>',
      surname: 'López "Ruiz"',
      profile: { description: hostile },
    });
    const client = await createUser(t.app, { name: '<i>Eva</i>', surname: 'Sanz' });
    await createRating(t.app, {
      userId: client.id,
      lawyerId: lawyer.id,
      stars: 1,
      title: '<script>alert(2)</script>',
      description: hostile,
    });
    const res = await t.app.inject({ url: `/abogados/${await slugOf(t, lawyer.id)}` });
    expect(res.statusCode).toBe(200);
    const html = res.body;
    // the only script element is the JSON-LD one, and no markup a person wrote survives
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('<b>');
    expect(html).not.toContain('<i>');
    expect(html).toContain('&lt;/script&gt;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(html).toContain('<h1>Pedro&lt;b&gt; López &quot;Ruiz&quot;</h1>');
    // the JSON-LD still parses and holds the text as it was written
    const data = jsonLd(html);
    expect(data.description).toBe(hostile);
    expect(data.name).toBe('Pedro<b> López "Ruiz"');
  });

  it('answers a Spanish 404 page, kept out of search engines, for an unknown, unverified or banned lawyer', async () => {
    const unverified = await createLawyerWithProfile(t.app, {
      name: 'Sara',
      surname: 'Nueva',
      verified: false,
    });
    const banned = await createLawyerWithProfile(t.app, { name: 'Raúl', surname: 'Vetado' });
    await banUser(t.app, banned.id);
    const slugs = [
      'nadie-con-este-nombre',
      await slugOf(t, unverified.id),
      await slugOf(t, banned.id),
      'Lucia-Garcia-Fernandez',
      'lucía',
      '-',
      'a'.repeat(150),
      encodeURIComponent('<script>'),
    ];
    for (const wanted of slugs) {
      const res = await t.app.inject({ url: `/abogados/${wanted}` });
      expect(res.statusCode, wanted ?? '').toBe(404);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body).toContain('<html lang="es">');
      expect(res.body).toContain(es.lawyerPage.notFoundTitle);
      expect(meta(res.body, 'robots')).toBe('noindex');
      expect(res.body).not.toContain('<script');
    }
  });

  it('keeps the slug when the name changes, and numbers a name already taken', async () => {
    const first = await createLawyerWithProfile(t.app, { name: 'José', surname: 'Núñez Ortega' });
    const second = await createLawyerWithProfile(t.app, { name: 'Jose', surname: 'Nuñez Ortega' });
    const third = await createLawyerWithProfile(t.app, { name: 'JOSÉ', surname: 'NÚÑEZ ORTEGA' });
    expect([await slugOf(t, first.id), await slugOf(t, second.id), await slugOf(t, third.id)]).toEqual([
      'jose-nunez-ortega',
      'jose-nunez-ortega-2',
      'jose-nunez-ortega-3',
    ]);
    await t.app.db.update(users).set({ name: 'Josefa' }).where(eq(users.id, first.id));
    await assignLawyerSlugs(t.app.db);
    expect(await slugOf(t, first.id)).toBe('jose-nunez-ortega');
    const res = await t.app.inject({ url: '/abogados/jose-nunez-ortega' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<h1>Josefa Núñez Ortega</h1>');
  });

  it('gives a slug at registration, and the page shows once an administrator verifies the lawyer', async () => {
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/auth/lawyer/register',
      payload: {
        mail: uniqueMail('registro'),
        password: DEFAULT_PASSWORD,
        name: 'Íñigo',
        surname: 'Sáez de Ibarra',
        phoneNumber: '612 345 678',
        lawyerCategory: ['Abogado Laboral'],
        lawyerDescription: 'Laboralista en Bilbao.',
        lawyerPrice: '50',
        province: 'Vizcaya',
        barNumber: '1.234',
        barAssociation: 'bizkaia',
        lawyerPhoto: '',
      },
    });
    expect(registered.statusCode, registered.body).toBe(200);
    const id = registered.json().data.id as string;
    expect(await slugOf(t, id)).toBe('inigo-saez-de-ibarra');
    expect((await t.app.inject({ url: '/abogados/inigo-saez-de-ibarra' })).statusCode).toBe(404);

    const admin = await createAdmin(t.app);
    const verified = await t.app.inject({
      method: 'POST',
      url: `/api/admin/lawyers/${id}/verify`,
      headers: bearer(await signIn(t.app, admin)),
    });
    expect(verified.statusCode, verified.body).toBe(200);
    const page = await t.app.inject({ url: '/abogados/inigo-saez-de-ibarra' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<h1>Íñigo Sáez de Ibarra</h1>');
  });

  it('gives their slug to profiles made before slugs existed, after the slugs already given', async () => {
    const kept = await createLawyerWithProfile(t.app, { name: 'Ana', surname: 'Antigua' });
    // numbered in the order they joined
    const older = await createLawyerWithProfile(t.app, {
      name: 'Ana',
      surname: 'Antigua',
      createdAt: new Date('2020-02-01T10:00:00Z'),
    });
    const oldest = await createLawyerWithProfile(t.app, {
      name: 'Ana',
      surname: 'Antigua',
      createdAt: new Date('2020-01-01T10:00:00Z'),
    });
    for (const lawyer of [older, oldest]) {
      await t.app.db.update(lawyerProfiles).set({ slug: null }).where(eq(lawyerProfiles.userId, lawyer.id));
    }
    expect((await t.app.inject({ url: '/abogados/ana-antigua-2' })).statusCode).toBe(404);
    await assignLawyerSlugs(t.app.db);
    expect([await slugOf(t, kept.id), await slugOf(t, oldest.id), await slugOf(t, older.id)]).toEqual([
      'ana-antigua',
      'ana-antigua-2',
      'ana-antigua-3',
    ]);
    expect((await t.app.inject({ url: '/abogados/ana-antigua-3' })).statusCode).toBe(200);
  });

  it('lists the landing, the legal pages and every listed lawyer in /sitemap.xml, as valid XML', async () => {
    const hidden = await createLawyerWithProfile(t.app, {
      name: 'Oculta',
      surname: 'Pendiente',
      verified: false,
    });
    const res = await t.app.inject({ url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
    // the whole document follows the sitemap grammar: declaration, urlset, one url per line
    const entry = String.raw`<url><loc>([^<&]*(?:&amp;[^<&]*)*)</loc>(?:<lastmod>\d{4}-\d{2}-\d{2}</lastmod>)?</url>`;
    expect(res.body).toMatch(
      new RegExp(
        String.raw`^<\?xml version="1\.0" encoding="UTF-8"\?>\n<urlset xmlns="http://www\.sitemaps\.org/schemas/sitemap/0\.9">\n(?:${entry}\n)+</urlset>\n$`,
      ),
    );
    const locs = [...res.body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => decode(m[1] ?? ''));
    for (const loc of locs) expect(new URL(loc).origin).toBe('https://l4l.example');
    expect(locs).toEqual(
      expect.arrayContaining([
        'https://l4l.example/',
        'https://l4l.example/aviso-legal',
        'https://l4l.example/politica-de-privacidad',
        'https://l4l.example/politica-de-cookies',
        'https://l4l.example/abogados/lucia-garcia-fernandez',
        'https://l4l.example/abogados/jose-nunez-ortega-2',
      ]),
    );
    // neither the unverified nor the banned lawyer
    expect(locs).not.toContain(`https://l4l.example/abogados/${await slugOf(t, hidden.id)}`);
    expect(locs).not.toContain('https://l4l.example/abogados/raul-vetado');
    // exactly the directory's lawyers, beside the directory pages of their categories
    const directory = await t.app.inject({
      url: '/api/lawyers',
      headers: bearer(await signIn(t.app, lucia)),
    });
    const lawyerPages = locs.filter((loc) => {
      const [, root, slug, more] = new URL(loc).pathname.split('/');
      return root === 'abogados' && slug && !more && !RESERVED_LAWYER_SLUGS.has(slug);
    });
    expect(lawyerPages).toHaveLength(directory.json().meta.total);
    expect(locs).toEqual(
      expect.arrayContaining([
        'https://l4l.example/abogados/civil',
        'https://l4l.example/abogados/civil/madrid',
      ]),
    );
    // one file is enough: no index, and no numbered file
    expect((await t.app.inject({ url: '/sitemap-1.xml' })).statusCode).toBe(404);
  });

  it('shows the lawyer’s answer to a rating with its date, and never a rating an administrator hid', async () => {
    const nuria = await createLawyerWithProfile(t.app, { name: 'Nuria', surname: 'Respuesta Gil' });
    const client = await createUser(t.app, { name: 'Elena', surname: 'Mora' });
    const answered = await createRating(t.app, {
      userId: client.id,
      lawyerId: nuria.id,
      stars: 5,
      title: 'Muy resolutiva',
      description: 'Ganamos el juicio.',
    });
    const abusive = await createRating(t.app, {
      userId: client.id,
      lawyerId: nuria.id,
      stars: 1,
      title: 'Texto ofensivo',
      description: 'Insultos que no deben publicarse.',
    });
    const replied = await t.app.inject({
      method: 'POST',
      url: `/api/rating/${answered.id}/reply`,
      headers: bearer(await signIn(t.app, nuria)),
      payload: { text: 'Gracias, Elena: fue un placer <llevar> tu caso.' },
    });
    expect(replied.statusCode, replied.body).toBe(200);
    const hidden = await t.app.inject({
      method: 'POST',
      url: `/api/admin/ratings/${abusive.id}/hide`,
      headers: bearer(await signIn(t.app, await createAdmin(t.app))),
      payload: { note: 'Insultos.' },
    });
    expect(hidden.statusCode, hidden.body).toBe(200);

    const html = (await t.app.inject({ url: `/abogados/${await slugOf(t, nuria.id)}` })).body;
    const answerDay = new Intl.DateTimeFormat('es-ES', {
      timeZone: 'Europe/Madrid',
      day: 'numeric',
      month: 'numeric',
      year: 'numeric',
    }).format(new Date(replied.json().data.reply.createdAt));
    expect(html).toContain(
      `<p class="by">${es.ratings.replyBy('Nuria Respuesta Gil')} · ${answerDay}</p><p class="text">Gracias, Elena: fue un placer &lt;llevar&gt; tu caso.</p>`,
    );
    expect(html).toContain('Muy resolutiva');
    expect(html).not.toContain('Texto ofensivo');
    expect(html).not.toContain('Insultos que no deben publicarse.');
    // the rating and its count are the visible ratings only
    expect(html).toContain('5,0 de 5 (1 valoración)');
    const data = jsonLd(html);
    expect(data.review).toHaveLength(1);
    expect(data.aggregateRating).toMatchObject({ ratingValue: 5, reviewCount: 1 });
  });

  it('never gives a lawyer a category’s slug, and moves one given before the directory pages existed', async () => {
    const named = await createLawyerWithProfile(t.app, { name: 'Civil', surname: '' });
    expect(await slugOf(t, named.id)).toBe('civil-2');
    const older = await createLawyerWithProfile(t.app, { name: 'Laboral', surname: '' });
    await t.app.db.update(lawyerProfiles).set({ slug: 'laboral' }).where(eq(lawyerProfiles.userId, older.id));
    await assignLawyerSlugs(t.app.db);
    expect(await slugOf(t, older.id)).toBe('laboral-2');
    const page = await t.app.inject({ url: '/abogados/laboral' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<h1>Abogados laboralistas en España</h1>');
    expect((await t.app.inject({ url: '/abogados/civil-2' })).body).toContain('<h1>Civil</h1>');
  });

  it('serves /robots.txt: the public pages allowed, the API and the signed-in screens not, and the sitemap named', async () => {
    const res = await t.app.inject({ url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = res.body.split('\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        'User-agent: *',
        'Allow: /',
        'Disallow: /api/',
        'Disallow: /dashboard',
        'Disallow: /admin',
        'Disallow: /profile',
        'Disallow: /login',
        'Disallow: /registro',
        'Disallow: /reset-password',
        'Sitemap: https://l4l.example/sitemap.xml',
      ]),
    );
  });
});

describe('public pages beside the built web app', () => {
  it('answer before the web app’s fallback would send index.html', async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'l4l-dist-'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>SPA</title>');
    const t = await buildTestApp({ webDist: dist });
    try {
      const robots = await t.app.inject({ url: '/robots.txt' });
      expect(robots.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(robots.body).toContain('Disallow: /api/');
      const sitemap = await t.app.inject({ url: '/sitemap.xml' });
      expect(sitemap.body).toContain('<urlset');
      const missing = await t.app.inject({ url: '/abogados/nadie' });
      expect(missing.statusCode).toBe(404);
      expect(missing.body).not.toContain('<title>SPA</title>');
      expect(missing.body).toContain(es.lawyerPage.notFoundTitle);

      // the app's private screens, the sign-in, the API and any path the web app answers are noindex
      const lawyer = await createLawyerWithProfile(t.app, { name: 'Inés', surname: 'Pública' });
      for (const url of [
        '/dashboard/inicio',
        '/dashboard/casos',
        '/admin/abogados',
        '/profile',
        '/login',
        '/login?destino=%2Fdashboard%2Finicio',
        '/registro',
        '/reset-password?token=abc',
        '/verificar-correo?token=abc',
        '/payment-success',
        '/ruta-que-no-existe',
        '/abogados',
        '/abogados/',
        '/api/lawyers/destacados',
        '/api/lawyers',
        '/abogados/nadie',
      ]) {
        const res = await t.app.inject({ url });
        expect(res.headers['x-robots-tag'], url).toBe('noindex');
      }
      // the public pages stay indexable
      for (const url of [
        '/',
        '/aviso-legal',
        '/politica-de-privacidad',
        '/politica-de-cookies',
        `/abogados/${await slugOf(t, lawyer.id)}`,
        '/abogados/civil',
        '/abogados/civil/alava',
        '/sitemap.xml',
        '/robots.txt',
      ]) {
        const res = await t.app.inject({ url });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['x-robots-tag'], url).toBeUndefined();
      }
    } finally {
      await t.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });
});

describe('slugBase', () => {
  it('is the name and surnames in lower case, without accents, joined by hyphens', () => {
    expect(slugBase('María José', 'Martínez de la Fuente')).toBe('maria-jose-martinez-de-la-fuente');
    expect(slugBase('Ángel', "O'Donnell-Núñez")).toBe('angel-o-donnell-nunez');
    expect(slugBase('Ωμέγα', '')).toBe('abogado');
    expect(slugBase('Juan', 'a'.repeat(200))).toBe('juan');
    expect(slugBase('Ana', 'López '.repeat(30)).length).toBeLessThanOrEqual(80);
  });
});
