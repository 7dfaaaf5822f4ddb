import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openConfiguredDatabase } from '../src/db/database.ts';
import { notificationMails } from '../src/db/schema/index.ts';
import { withTransaction } from '../src/lib/transaction.ts';
import { TEST_FILES_KEY, TEST_PLATFORM } from './app.ts';
import { createUser } from './factories.ts';
import { postgresPass } from './passes.ts';
import { freePort, type ServerProcess, startServerProcess } from './server-process.ts';
import { startSmtp } from './smtp.ts';

/**
 * docs/notifications.md, The mail worker: `kill -9` of the real server process in the middle of a burst
 * of 200 notification mails, twice, restarted each time on the same embedded database, loses no mail and
 * sends none twice except the one mail the SMTP server had taken when the process died before hearing so.
 *
 * The two kills are placed by the SMTP server, so that both sides of the one window SMTP leaves are
 * exercised every run, not by luck:
 * - the first while the server withholds its answer to a RCPT TO: the mail has not been received, the
 *   process dies with it claimed; the next process releases the claim at its start (it alone owns the
 *   embedded database) and sends it, once;
 * - the second once the server has received and kept a mail but not yet answered 250: the sender cannot
 *   know it was delivered, so the next process sends it again, with the same Message-ID, which is how
 *   the receiving side recognises the copy. No other mail arrives twice.
 *
 * The child uses the embedded database in every test pass (server-process.ts clears DATABASE_URL), so it
 * runs in the embedded pass only (test/passes.ts); on PostgreSQL a claim is released by its lease instead
 * (2 minutes).
 */

const MAILS = 200;
/** the RCPT TO whose answer never comes: the first process dies there */
const FIRST_KILL_AT_RCPT = 60;
/** the mail received whose 250 never leaves: the second process dies there */
const SECOND_KILL_AT_MAIL = 140;

let dataDir: string;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let recipient: string;
const servers: ServerProcess[] = [];

/** A promise and its resolve, to hear from the SMTP server that a kill point is reached. */
function signal() {
  let fire = () => {};
  const fired = new Promise<void>((resolve) => {
    fire = resolve;
  });
  return { fired, fire };
}
const atFirstKill = signal();
const atSecondKill = signal();
/** a conversation held here is never answered: its process is killed meanwhile */
const never = new Promise<void>(() => {});

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'l4l-mail-kill-'));
  // the 200 notifications and their outbox rows, written the app's own way (notify, in one transaction)
  // on the database the server processes then open
  const config = loadConfig(
    { NODE_ENV: 'test', DATA_DIR: dataDir, SEED_DEMO: 'false', FILES_KEY: TEST_FILES_KEY, ...TEST_PLATFORM },
    { jwtSecret: 'mail-kill-test-secret-long-enough-to-sign', webDist: undefined },
  );
  const database = await openConfiguredDatabase({ dataDir, databaseUrl: undefined });
  const app = await buildApp(config, { database });
  await app.ready();
  const person = await createUser(app, { name: 'Carmen' });
  recipient = person.mail;
  await withTransaction(app.db, async (tx, afterCommit) => {
    for (let i = 1; i <= MAILS; i++) {
      await app.notifications.notify(tx, afterCommit, {
        userId: person.id,
        type: 'case.approved',
        title: `Tu caso ${i} está publicado`,
        body: `El caso ${i} ya es visible para los abogados.`,
        link: '/dashboard/casos',
      });
    }
  });
  await app.close();
  await database.close();

  smtp = await startSmtp({
    beforeRcptReply: async (n) => {
      if (n !== FIRST_KILL_AT_RCPT) return;
      atFirstKill.fire();
      await never;
    },
    beforeDataReply: async (n) => {
      if (n !== SECOND_KILL_AT_MAIL) return;
      atSecondKill.fire();
      await never;
    },
  });
}, 180_000);

afterAll(async () => {
  for (const server of servers) if (server.process.exitCode === null) server.process.kill('SIGKILL');
  await smtp?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function startServer(): Promise<ServerProcess> {
  const server = await startServerProcess(await freePort(), {
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    SMTP_URL: smtp.url,
    JWT_SECRET: 'mail-kill-test-secret-long-enough-to-sign',
    // a failed attempt is logged as a warning: the failure message carries it
    LOG_LEVEL: 'warn',
  });
  servers.push(server);
  return server;
}

async function killHard(server: ServerProcess): Promise<void> {
  server.process.kill('SIGKILL');
  expect(await server.exited).toBeNull();
  expect(server.process.signalCode).toBe('SIGKILL');
}

const messageIds = () => smtp.received.map((mail) => mail.messageId ?? '');

describe.skipIf(postgresPass())('kill -9 in the middle of 200 mails', () => {
  it('delivers each of the 200 mails; only the one taken but unacknowledged at a kill arrives twice, same Message-ID', async () => {
    const started = Date.now();
    const first = await startServer();
    await atFirstKill.fired;
    await killHard(first);
    const firstKilled = Date.now();
    // mails 1–59 arrived; the 60th was claimed and never got past RCPT TO
    expect(smtp.received).toHaveLength(FIRST_KILL_AT_RCPT - 1);

    const second = await startServer();
    await atSecondKill.fired;
    await killHard(second);
    const secondKilled = Date.now();
    expect(smtp.received).toHaveLength(SECOND_KILL_AT_MAIL);
    const inTheWindow = messageIds()[SECOND_KILL_AT_MAIL - 1];

    const third = await startServer();
    const thirdStarted = Date.now();
    try {
      await expect.poll(() => new Set(messageIds()).size, { timeout: 180_000, interval: 500 }).toBe(MAILS);
    } catch (error) {
      const last = smtp.received.at(-1)?.at ?? thirdStarted;
      throw new Error(
        `${(error as Error).message}; the third process started ${thirdStarted}, last mail at ${last}\n${third.output()}`,
      );
    }
    const done = Date.now();
    expect(await third.stop()).toBe(0);
    console.info(
      `kill -9 test: first process killed after ${firstKilled - started} ms, the second ${secondKilled - firstKilled} ms ` +
        `later, the third delivered the rest in ${done - secondKilled} ms (each including its start)`,
    );

    const ids = messageIds();
    expect(ids.every((id) => /^<notification-[0-9a-f-]{36}@[^>]+>$/.test(id))).toBe(true);
    const copies = new Map<string, number>();
    for (const id of ids) copies.set(id, (copies.get(id) ?? 0) + 1);
    const twice = [...copies].filter(([, n]) => n > 1).map(([id]) => id);
    // the mail the SMTP server had taken when the process died before its 250: sent again, the same mail
    expect(twice).toEqual([inTheWindow]);
    expect(copies.get(inTheWindow!)).toBe(2);
    expect(ids).toHaveLength(MAILS + 1);
    expect(smtp.received.every((mail) => mail.to.includes(recipient))).toBe(true);

    const database = await openConfiguredDatabase({ dataDir, databaseUrl: undefined });
    try {
      const rows = await database.db.select().from(notificationMails);
      expect(rows).toHaveLength(MAILS);
      expect(rows.every((row) => row.status === 'sent' && row.claimedAt === null)).toBe(true);
      expect(new Set(rows.map((row) => row.messageId))).toEqual(new Set(ids));
      // two attempts each for the two mails a process died with; one for every other
      const retried = rows.filter((row) => row.attempts > 1);
      expect(retried).toHaveLength(2);
      expect(retried.every((row) => row.attempts === 2)).toBe(true);
      const [windowRow] = await database.db
        .select()
        .from(notificationMails)
        .where(eq(notificationMails.messageId, inTheWindow!));
      expect(windowRow?.attempts).toBe(2);
    } finally {
      await database.close();
    }
  }, 420_000);
});
