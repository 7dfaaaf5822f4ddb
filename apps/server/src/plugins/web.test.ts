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
});
