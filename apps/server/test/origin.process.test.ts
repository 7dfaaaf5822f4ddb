import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upgradeStatus } from './chat-stomp.ts';
import { postgresPass } from './passes.ts';
import { freePort, type ServerProcess, startServerProcess } from './server-process.ts';

/**
 * The session cookie sent from another origin of the same site (another port), against the real server
 * process: a cookie-authenticated write and the chat's WebSocket upgrade are refused, the same requests
 * from L4L's own origin go through (ADR 0003). plugins/origin-check.test.ts covers every kind of request
 * on an app in the test's own process; this proves the process that operators run behaves the same.
 */

const SESSION_COOKIE = 'l4l_session';

let server: ServerProcess;
let dataDir: string;
/** an attacker's page on the same site, another port */
let foreign: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'l4l-origin-'));
  const port = await freePort();
  server = await startServerProcess(port, { DATA_DIR: dataDir, SEED_DEMO: 'false' });
  foreign = `http://127.0.0.1:${port + 1}`;
}, 120_000);

afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

type Account = { id: string; token: string; mail: string };

async function register(): Promise<Account> {
  const mail = `origen-${randomBytes(4).toString('hex')}@l4l.test`;
  const answer = await fetch(`${server.base}/api/auth/user/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      mail,
      password: 'Clave-Segura-1',
      name: 'Olga',
      surname: 'Origen',
      phoneNumber: '612345678',
    }),
  });
  expect(answer.status).toBe(200);
  const id = ((await answer.json()) as { data: { id: string } }).data.id;
  const token = answer.headers
    .getSetCookie()
    .map((cookie) => cookie.match(new RegExp(`^${SESSION_COOKIE}=([^;]+)`))?.[1])
    .find(Boolean);
  expect(token).toBeTruthy();
  return { id, token: token as string, mail };
}

async function renameWithCookie(account: Account, name: string, origin: string) {
  return fetch(`${server.base}/api/user/profile/${account.id}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', cookie: `${SESSION_COOKIE}=${account.token}`, origin },
    body: JSON.stringify({ name, surname: 'Origen', mail: account.mail, phoneNumber: '612345678' }),
  });
}

async function nameOf(account: Account): Promise<string> {
  const answer = await fetch(`${server.base}/api/user/profile/${account.id}`, {
    headers: { authorization: `Bearer ${account.token}` },
  });
  return ((await answer.json()) as { data: { name: string } }).data.name;
}

/** The chat's upgrade with the cookie from `origin`: 101 once open, else the refusal's HTTP status. */
const upgrade = (account: Account, origin: string) =>
  upgradeStatus(`ws://127.0.0.1:${server.port}/ws`, {
    cookie: `${SESSION_COOKIE}=${account.token}`,
    origin,
  });

describe.skipIf(postgresPass())('the session cookie from another origin, against the server process', () => {
  it('refuses a cookie-authenticated write from a foreign Origin and changes nothing; the own origin writes', async () => {
    const account = await register();
    const refused = await renameWithCookie(account, 'Intrusa', foreign);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBeTruthy();
    expect(await nameOf(account)).toBe('Olga');

    const accepted = await renameWithCookie(account, 'Olga María', server.base);
    expect(accepted.status).toBe(200);
    expect(await nameOf(account)).toBe('Olga María');
  });

  it('refuses the chat upgrade with the cookie from a foreign Origin; the own origin opens it', async () => {
    const account = await register();
    expect(await upgrade(account, foreign)).toBe(403);
    expect(await upgrade(account, server.base)).toBe(101);
  });
});
