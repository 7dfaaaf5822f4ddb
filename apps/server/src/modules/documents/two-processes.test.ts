import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { TEST_FILES_KEY } from '../../../test/app.ts';
import { closeAllStomp, connectAs, listeningApp, textMessage } from '../../../test/chat-stomp.ts';
import { openTestDatabase } from '../../../test/database.ts';
import { documentsWorld, multipart } from '../../../test/documents.ts';
import { pdf } from '../../../test/zip.ts';
import type { App } from '../../app.ts';
import type { Database } from '../../db/database.ts';
import { chats } from '../../db/schema/index.ts';

const redisUrl = process.env.REDIS_URL;

/**
 * Two server processes on one database, one S3 bucket (s3rver, started here) and one Redis: a document
 * sent through one downloads through the other, and a read receipt sent on one reaches the sender on the
 * other. Runs only when REDIS_URL is set.
 */
describe.skipIf(!redisUrl)('documents and read receipts across two processes', () => {
  const prefix = `l4l-test-${randomBytes(6).toString('hex')}`;
  const dirs: string[] = [];
  let database: Database;
  let s3: S3rver;
  let first: App;
  let second: App;

  beforeAll(async () => {
    const directory = mkdtempSync(path.join(tmpdir(), 'l4l-s3-'));
    dirs.push(directory);
    s3 = new S3rver({
      port: 0,
      address: '127.0.0.1',
      silent: true,
      directory,
      configureBuckets: [{ name: 'l4l-dos', configs: [] }],
    });
    const { port } = await s3.run();
    process.env.AWS_ACCESS_KEY_ID = 'S3RVER';
    process.env.AWS_SECRET_ACCESS_KEY = 'S3RVER';
    database = await openTestDatabase(inject('dbTemplate'));
    const env = {
      REDIS_URL: redisUrl,
      REDIS_PREFIX: prefix,
      STORAGE_URL: `s3://l4l-dos?endpoint=http://127.0.0.1:${port}`,
      FILES_KEY: TEST_FILES_KEY,
      RATE_LIMIT_FACTOR: '1000',
    };
    for (const slot of [0, 1]) {
      const { app, dataDir } = await listeningApp(database, { env });
      dirs.push(dataDir);
      if (slot === 0) first = app;
      else second = app;
    }
  }, 120_000);

  afterAll(async () => {
    await closeAllStomp();
    await first?.close();
    await second?.close();
    await database?.close();
    await s3?.close();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('downloads through B the document uploaded through A', async () => {
    const w = await documentsWorld({ app: first });
    const file = pdf('enviado por el proceso A');
    const body = await multipart(file, 'acta.pdf');
    const sent = await first.inject({
      method: 'POST',
      url: `/api/cases/${w.caseId}/documents`,
      headers: { ...w.asClient, ...body.headers },
      payload: body.payload,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const got = await second.inject({
      method: 'GET',
      url: `/api/documents/${sent.json().data.id}`,
      headers: w.asLawyer,
    });
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(file)).toBe(true);
  }, 90_000);

  it('gives the sender on B the read receipt sent on A', async () => {
    const w = await documentsWorld({ app: first });
    const [chat] = await first.db.select().from(chats).where(eq(chats.userId, w.client.id));
    const senderOnB = await connectAs(second, w.client);
    await senderOnB.subscribe('/user/queue/read');
    const readerOnA = await connectAs(first, w.lawyer);
    await readerOnA.subscribe('/user/queue/messages');
    await senderOnB.send('/app/chat', textMessage(chat!, '¿Has leído el contrato?'));
    const [message] = await readerOnA.waitForMessages(1);
    await readerOnA.send('/app/read', { chatId: chat!.id, upTo: message!.id });
    const [receipt] = (await senderOnB.waitForMessages(1)) as unknown as Array<Record<string, string>>;
    expect(receipt).toMatchObject({ chatId: chat!.id, upTo: message!.id });
    expect(Number.isNaN(Date.parse(receipt!.readAt!))).toBe(false);
  }, 90_000);
});
