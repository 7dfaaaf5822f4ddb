import type { AddressInfo } from 'node:net';
import { es } from '@l4l/shared/texts/es';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildTestApp } from '../../test/app.ts';
import { createAdmin, createLawyer, createUser, signIn } from '../../test/factories.ts';
import { uploads, users } from '../db/schema/index.ts';
import { SESSION_COOKIE, trustedOrigins } from './security.ts';

/**
 * A page on another port or subdomain of the same site gets the SameSite=Strict cookie sent along; the
 * server must refuse to act on it. Real HTTP and a real WebSocket client against a listening app.
 */

const PUBLIC_URL = 'http://localhost:3000';
/** the attacker's page: same site (localhost), another port */
const FOREIGN = 'http://localhost:4000';

let t: Awaited<ReturnType<typeof buildTestApp>>;
let base: string;
beforeAll(async () => {
  t = await buildTestApp({ publicUrl: PUBLIC_URL });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => t.close());

const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

function multipartPng(): { body: Buffer; type: string } {
  return {
    type: 'multipart/form-data; boundary=x',
    body: Buffer.concat([
      Buffer.from(
        '--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n',
      ),
      PNG_1X1,
      Buffer.from('\r\n--x--\r\n'),
    ]),
  };
}

const cookie = (token: string) => ({ cookie: `${SESSION_COOKIE}=${token}` });

async function ban(adminToken: string, userId: string, headers: Record<string, string>) {
  return fetch(`${base}/api/admin/users/${userId}/ban`, {
    method: 'POST',
    headers: { ...cookie(adminToken), ...headers },
  });
}

const bannedAt = async (userId: string) =>
  (await t.app.db.select({ bannedAt: users.bannedAt }).from(users).where(eq(users.id, userId)))[0]?.bannedAt;

/** Opens /ws with the given headers: the upgrade's HTTP status when refused, or 101 once open. */
function upgrade(headers: Record<string, string>): Promise<{ status: number; body: string }> {
  const socket = new WebSocket(`${base.replace('http', 'ws')}/ws`, ['v12.stomp'], { headers });
  return new Promise((resolve, reject) => {
    socket.once('open', () => {
      socket.close();
      resolve({ status: 101, body: '' });
    });
    socket.once('unexpected-response', (_request, response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => {
        body += chunk;
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      socket.once('error', () => {});
    });
    socket.once('error', reject);
  });
}

describe('the session cookie from another origin', () => {
  it('cannot ban a user with the administrator’s cookie, from a foreign Origin or Sec-Fetch-Site', async () => {
    const admin = await createAdmin(t.app);
    const token = await signIn(t.app, admin);
    const refusals: Array<Record<string, string>> = [
      { origin: FOREIGN },
      { origin: 'http://l4l.localhost:3000' },
      { origin: 'null' },
      { 'sec-fetch-site': 'same-site' },
      { 'sec-fetch-site': 'cross-site' },
    ];
    let accepted = 0;
    for (const headers of refusals) {
      const victim = await createUser(t.app);
      const res = await ban(token, victim.id, headers);
      if (res.status === 200) accepted += 1;
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ error: { code: 'FORBIDDEN', message: es.security.foreignOrigin } });
      expect(await bannedAt(victim.id)).toBeNull();
    }
    expect(accepted).toBe(0);
  });

  it('still acts for L4L’s own pages, Vite’s dev server outside production, and non-browser clients', async () => {
    const admin = await createAdmin(t.app);
    const token = await signIn(t.app, admin);
    const allowed: Array<Record<string, string>> = [
      { origin: PUBLIC_URL },
      { origin: 'http://localhost:5173' },
      { 'sec-fetch-site': 'same-origin' },
      {},
    ];
    for (const headers of allowed) {
      const victim = await createUser(t.app);
      const res = await ban(token, victim.id, headers);
      expect(res.status, JSON.stringify(headers)).toBe(200);
      expect(await bannedAt(victim.id)).toBeInstanceOf(Date);
    }
  });

  it('leaves Bearer callers alone, whatever their Origin', async () => {
    const admin = await createAdmin(t.app);
    const victim = await createUser(t.app);
    const res = await fetch(`${base}/api/admin/users/${victim.id}/ban`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await signIn(t.app, admin)}`, origin: FOREIGN },
    });
    expect(res.status).toBe(200);
  });

  it('refuses a multipart upload carrying the cookie from a foreign Origin, storing nothing', async () => {
    const user = await createUser(t.app);
    const token = await signIn(t.app, user);
    const post = (origin: string) => {
      const { body, type } = multipartPng();
      return fetch(`${base}/api/uploads`, {
        method: 'POST',
        headers: { ...cookie(token), origin, 'content-type': type },
        body,
      });
    };
    const refused = await post(FOREIGN);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('FORBIDDEN');
    const stored = () => t.app.db.select().from(uploads).where(eq(uploads.ownerId, user.id));
    expect(await stored()).toHaveLength(0);
    expect((await post(PUBLIC_URL)).status).toBe(200);
    expect(await stored()).toHaveLength(1);
  });

  it('refuses the chat’s WebSocket upgrade with the cookie from a foreign Origin (HTTP 403, no STOMP)', async () => {
    const client = await createUser(t.app);
    await createLawyer(t.app);
    const token = await signIn(t.app, client);
    const refused = await upgrade({ ...cookie(token), origin: FOREIGN });
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.body)).toEqual({
      error: { code: 'FORBIDDEN', message: es.security.foreignOrigin },
    });
    expect((await upgrade({ ...cookie(token), origin: PUBLIC_URL })).status).toBe(101);
    // without the cookie the CONNECT must bring its own token: no cookie authority to protect
    expect((await upgrade({ origin: FOREIGN })).status).toBe(101);
  });

  it('trusts Vite’s dev server only outside production', () => {
    expect([...trustedOrigins({ publicUrl: 'https://l4l.es/', env: 'production' })]).toEqual([
      'https://l4l.es',
    ]);
    expect(trustedOrigins({ publicUrl: PUBLIC_URL, env: 'development' }).has('http://localhost:5173')).toBe(
      true,
    );
  });
});
