import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app.ts';

/** The built web app: compressed copies when the browser takes them, the SPA fallback, API 404s. */
let t: Awaited<ReturnType<typeof buildTestApp>>;
let dist: string;
const script = `console.log(${JSON.stringify('L4L '.repeat(500))});`;

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'l4l-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>L4L</title>');
  writeFileSync(path.join(dist, 'assets', 'app-1a2b.js'), script);
  writeFileSync(path.join(dist, 'assets', 'app-1a2b.js.br'), brotliCompressSync(script));
  writeFileSync(path.join(dist, 'assets', 'app-1a2b.js.gz'), gzipSync(script));
  t = await buildTestApp({ webDist: dist });
});
afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('the web app', () => {
  it('sends the pre-compressed copy a browser accepts, immutable, and the plain file otherwise', async () => {
    const br = await t.app.inject({ url: '/assets/app-1a2b.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toContain('immutable');
    expect(br.rawPayload.length).toBeLessThan(script.length / 5);
    const gz = await t.app.inject({ url: '/assets/app-1a2b.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await t.app.inject({
      url: '/assets/app-1a2b.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('answers every client-side route with index.html, and unknown API paths with the envelope', async () => {
    const page = await t.app.inject({ url: '/dashboard/casos/123' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['cache-control']).toBe('no-cache');
    const api = await t.app.inject({ url: '/api/no-existe' });
    expect(api.statusCode).toBe(404);
    expect(api.json().error.code).toBe('NOT_FOUND');
  });

  it.each([
    '/api',
    '/api/no-existe/ni-esto',
    '/api/docs-antiguos',
    '/metrics',
    '/metrics/',
    '/docs',
    '/docs/index.html',
    '/openapi.json',
  ])(
    'answers %s, which only the server could serve, with the 404 envelope and never the web page',
    async (url) => {
      for (const method of ['GET', 'HEAD'] as const) {
        const res = await t.app.inject({ method, url });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.headers['content-type']).toContain('application/json');
        if (method === 'GET')
          expect(res.json()).toEqual({
            error: { code: 'NOT_FOUND', message: 'No hemos encontrado lo que buscas.' },
          });
      }
    },
  );

  it('still answers client routes that merely start like a server path with the web page', async () => {
    for (const url of ['/docsis', '/metricas', '/apiario']) {
      const page = await t.app.inject({ url });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
    }
  });
});

describe('the landing page (landing.html) and the client home (home.html), ADRs 0008 and 0021', () => {
  let withLanding: Awaited<ReturnType<typeof buildTestApp>>;
  let landingDist: string;
  beforeAll(async () => {
    landingDist = mkdtempSync(path.join(tmpdir(), 'l4l-dist-'));
    writeFileSync(path.join(landingDist, 'index.html'), '<!doctype html><title>SPA</title>');
    writeFileSync(path.join(landingDist, 'landing.html'), '<!doctype html><title>Landing</title>');
    writeFileSync(path.join(landingDist, 'home.html'), '<!doctype html><title>Home</title>');
    withLanding = await buildTestApp({ webDist: landingDist });
  });
  afterAll(async () => {
    await withLanding?.close();
    rmSync(landingDist, { recursive: true, force: true });
  });

  it.each([
    ['/', 'Landing'],
    ['/login', 'Landing'],
    ['/registro', 'Landing'],
    ['/?utm_source=x', 'Landing'],
    ['/login?next=1', 'Landing'],
    ['/dashboard/inicio', 'Home'],
    ['/dashboard/inicio?categorias=Abogado%20Civil', 'Home'],
  ])('answers a hard load of %s with its page (%s), revalidated every time', async (url, title) => {
    for (const method of ['GET', 'HEAD'] as const) {
      const page = await withLanding.app.inject({ method, url });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.headers['cache-control']).toBe('no-cache');
      if (method === 'GET') expect(page.body).toContain(`<title>${title}</title>`);
    }
  });

  it('keeps index.html for every other page, and for / and /dashboard/inicio when the build has neither page', async () => {
    for (const url of [
      '/dashboard',
      '/dashboard/casos',
      '/login/otra',
      '/registros',
      '/politica-de-cookies',
    ]) {
      const page = await withLanding.app.inject({ url });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<title>SPA</title>');
    }
    const direct = await withLanding.app.inject({ url: '/landing.html' });
    expect(direct.headers['cache-control']).toBe('no-cache');
    const home = await t.app.inject({ url: '/' });
    expect(home.statusCode).toBe(200);
    expect(home.body).toBe('<!doctype html><title>L4L</title>');
    expect(home.headers['cache-control']).toBe('no-cache');
    const login = await t.app.inject({ url: '/login' });
    expect(login.body).toBe('<!doctype html><title>L4L</title>');
    const dashboardHome = await t.app.inject({ url: '/dashboard/inicio' });
    expect(dashboardHome.body).toBe('<!doctype html><title>L4L</title>');
  });
});
