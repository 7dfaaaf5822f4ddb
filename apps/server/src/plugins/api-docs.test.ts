import { validate } from '@readme/openapi-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app.ts';
import { API_DOCS_PREFIX } from './api-docs.ts';

/**
 * Routes that are not part of the HTTP API: the reference UI's own files (HTML, scripts, its copy of the
 * document) and the chat's WebSocket, which OpenAPI cannot describe (docs/api/stomp.md does).
 */
const notHttpApi = (url: string) =>
  url === '/ws' || url === API_DOCS_PREFIX || url.startsWith(`${API_DOCS_PREFIX}/`);

/**
 * OpenAPI writes path parameters as {id} where Fastify writes :id (or :n(^\d+) with its pattern), and a
 * wildcard as {*}.
 */
const openApiPath = (url: string) => url.replace(/:(\w+)(?:\([^)]*\))?/g, '{$1}').replace(/\*$/, '{*}');

describe('the OpenAPI document at /api/openapi.json', () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let document: {
    openapi: string;
    paths: Record<string, Record<string, { responses?: Record<string, { content?: unknown }> }>>;
  };
  beforeAll(async () => {
    t = await buildTestApp({}, { METRICS_TOKEN: 'metrics-token-for-the-tests' });
    const res = await t.app.inject({ url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    document = res.json();
  });
  afterAll(async () => t?.close());

  it('is OpenAPI 3.1 and passes a maintained validator', async () => {
    expect(document.openapi).toBe('3.1.0');
    const result = await validate(structuredClone(document) as never);
    expect(result.valid ? [] : result.errors).toEqual([]);
    expect(result.valid).toBe(true);
    // and the validator does refuse a broken document (an answer without its description)
    const broken = structuredClone(document);
    const first = Object.values(broken.paths)[0]?.get?.responses?.['200'] as Record<string, unknown>;
    delete first.description;
    expect((await validate(broken as never)).valid).toBe(false);
  });

  it('lists every route the server serves, with its method', () => {
    const served = t.routes.filter((r) => r.method !== 'OPTIONS' && !notHttpApi(r.url));
    expect(served.length).toBeGreaterThan(60);
    const missing = served
      .filter((r) => !document.paths[openApiPath(r.url)]?.[r.method.toLowerCase()])
      .map((r) => `${r.method} ${r.url}`);
    expect(missing, 'routes missing from the OpenAPI document').toEqual([]);
    const documented = Object.entries(document.paths).flatMap(([url, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${url}`),
    );
    // buildTestApp leaves out the HEAD routes Fastify adds for every GET
    const stale = documented.filter(
      (key) => !key.startsWith('HEAD ') && !served.some((r) => `${r.method} ${openApiPath(r.url)}` === key),
    );
    expect(stale, 'documented routes the server does not serve').toEqual([]);
  });

  it('describes the request and the answer the routes validate with', () => {
    const login = document.paths['/api/auth/login']?.post as
      | { requestBody?: { content?: Record<string, { schema?: { properties?: object } }> } }
      | undefined;
    expect(Object.keys(login?.requestBody?.content?.['application/json']?.schema?.properties ?? {})).toEqual(
      expect.arrayContaining(['email', 'password']),
    );
    expect(document.paths['/api/health/ready']?.get?.responses?.['200']?.content).toBeDefined();
  });
});

describe('the reference UI at /api/docs', () => {
  it('is served outside production from its own files (no CDN)', async () => {
    const t = await buildTestApp();
    try {
      for (const url of ['/api/docs', '/api/docs/']) {
        const page = await t.app.inject({ url });
        expect(page.statusCode, url).toBe(200);
        expect(page.headers['content-type']).toContain('text/html');
        // every script and stylesheet is the server's own: the reference works offline
        const assets = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1] ?? '');
        expect(assets.length).toBeGreaterThan(1);
        expect(assets.filter((asset) => /^(https?:)?\/\//.test(asset))).toEqual([]);
      }
      for (const asset of ['swagger-ui-bundle.js', 'swagger-ui.css', 'swagger-initializer.js']) {
        const res = await t.app.inject({ url: `/api/docs/static/${asset}` });
        expect(res.statusCode, asset).toBe(200);
      }
      const initializer = await t.app.inject({ url: '/api/docs/static/swagger-initializer.js' });
      expect(initializer.body).toContain('json');
    } finally {
      await t.close();
    }
  });

  it('is not served in production unless API_DOCS=true; the document always is', async () => {
    const production = { NODE_ENV: 'production', ALLOW_SANDBOX_PAYMENTS: 'true', LOG_LEVEL: 'silent' };
    const off = await buildTestApp({}, production);
    const on = await buildTestApp({}, { ...production, API_DOCS: 'true' });
    try {
      expect(off.config.apiDocs).toBe(false);
      const hidden = await off.app.inject({ url: '/api/docs' });
      expect(hidden.statusCode).toBe(404);
      expect(hidden.json().error.code).toBe('NOT_FOUND');
      expect((await off.app.inject({ url: '/api/openapi.json' })).statusCode).toBe(200);
      expect(on.config.apiDocs).toBe(true);
      expect((await on.app.inject({ url: '/api/docs/' })).statusCode).toBe(200);
    } finally {
      await off.close();
      await on.close();
    }
  });
});
