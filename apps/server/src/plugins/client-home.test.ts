import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { PERSON_MARKS } from '@l4l/shared/constants/pages';
import type { ROLE } from '@l4l/shared/constants/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app.ts';
import { createLawyer, createUser, signIn } from '../../test/factories.ts';
import { fillClientHome } from './client-home.ts';
import { SESSION_COOKIE } from './security.ts';

const { name, surname } = PERSON_MARKS;
/** What the build writes (apps/web/build/prerender.ts): the marks where the name, surname and initials go. */
const TEMPLATE =
  `<!doctype html><title>Client home</title><div id="root"><div data-prerendered inert>` +
  `<p>Hola, ${name}</p><a aria-label="${name} ${surname}, mi perfil">${name}<!-- --> <!-- -->${surname}` +
  `<span data-initials="${name}${surname}"></span></a></div></div>`;

describe('fillClientHome', () => {
  it('writes the name, surname and initials where the marks are, escaped for text and attributes', () => {
    const page = fillClientHome(TEMPLATE, { name: 'Ana "la" <b>', surname: "O'Neil & Ruiz" });
    expect(page).toContain('<p>Hola, Ana &quot;la&quot; &lt;b&gt;</p>');
    expect(page).toContain('aria-label="Ana &quot;la&quot; &lt;b&gt; O&#39;Neil &amp; Ruiz, mi perfil"');
    expect(page).toContain('data-initials="AO"');
    expect(page).not.toMatch(/[\uE000\uE001]/);
  });

  it('does not read the marks again inside the names it writes', () => {
    const page = fillClientHome(TEMPLATE, { name: surname, surname: name });
    expect(page).toContain(`<p>Hola, ${surname}</p>`);
  });
});

describe('a hard load of /dashboard/inicio with the client home in the build (ADR 0037)', () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'l4l-dist-'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>SPA</title>');
    writeFileSync(path.join(dist, 'home.html'), '<!doctype html><title>Home</title>');
    writeFileSync(path.join(dist, 'home-client.html'), TEMPLATE);
    t = await buildTestApp({ webDist: dist });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const cookieOf = async (user: { id: string; role: (typeof ROLE)[keyof typeof ROLE] }) =>
    `${SESSION_COOKIE}=${await signIn(t.app, user)}`;
  const load = (cookie?: string, url = '/dashboard/inicio', encoding = 'identity') =>
    t.app.inject({ url, headers: { 'accept-encoding': encoding, ...(cookie ? { cookie } : {}) } });

  it('answers a signed-in client with a confirmed mail their own home, kept out of shared caches', async () => {
    const client = await createUser(t.app, {
      name: 'Ana',
      surname: 'Ortiz <Campos>',
      emailVerifiedAt: new Date(),
    });
    const page = await load(await cookieOf(client));
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['cache-control']).toBe('private, no-cache');
    expect(page.headers.vary).toContain('cookie');
    expect(page.body).toContain('<p>Hola, Ana</p>');
    expect(page.body).toContain('Ortiz &lt;Campos&gt;<span data-initials="AO">');
  });

  it('compresses it for a browser that takes brotli or gzip', async () => {
    const client = await createUser(t.app, { name: 'Ana', surname: 'Ortiz', emailVerifiedAt: new Date() });
    const cookie = await cookieOf(client);
    const br = await load(cookie, undefined, 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('<p>Hola, Ana</p>');
    const gz = await load(cookie, undefined, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toContain('<p>Hola, Ana</p>');
  });

  it('answers home.html to anyone else: no session, a lawyer, a client whose mail is not confirmed, a query', async () => {
    const lawyer = await createLawyer(t.app, { emailVerifiedAt: new Date() });
    const unconfirmed = await createUser(t.app, { emailVerifiedAt: null });
    const client = await createUser(t.app, { emailVerifiedAt: new Date() });
    for (const page of [
      await load(),
      await load(`${SESSION_COOKIE}=not-a-token`),
      await load(await cookieOf(lawyer)),
      await load(await cookieOf(unconfirmed)),
      await load(await cookieOf(client), '/dashboard/inicio?search=garcia'),
    ]) {
      expect(page.statusCode).toBe(200);
      expect(page.body).toBe('<!doctype html><title>Home</title>');
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.headers.vary).toContain('cookie');
    }
  });
});
