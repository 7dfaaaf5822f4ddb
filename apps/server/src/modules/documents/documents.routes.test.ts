import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { LIMITS } from '@l4l/shared/constants/limits';
import { es } from '@l4l/shared/texts/es';
import { eq } from 'drizzle-orm';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import { multipart, peExecutable, documentsWorld as world } from '../../../test/documents.ts';
import { docx, odt, pdf, xlsx } from '../../../test/zip.ts';
import { documents, messages } from '../../db/schema/index.ts';
import { createKeyring, masterKey, SealError } from '../../lib/storage/envelope.ts';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>;
type Headers = { authorization: string };

/** Every behaviour of the documents routes, run on the local folder and on S3 (a local stand-in). */
function documentsSuite(
  name: string,
  start: () => Promise<{ t: TestApp; objectBytes: () => Buffer[]; stop: () => Promise<void> }>,
) {
  describe(name, () => {
    let t: TestApp;
    let w: Awaited<ReturnType<typeof world>>;
    let objectBytes: () => Buffer[];
    let stop: () => Promise<void>;

    beforeAll(async () => {
      ({ t, objectBytes, stop } = await start());
      w = await world(t);
    }, 120_000);
    afterAll(async () => {
      await t?.close();
      await stop?.();
    });

    const upload = async (caseId: string, headers: Headers, bytes: Buffer, filename: string) => {
      const body = await multipart(bytes, filename);
      return t.app.inject({
        method: 'POST',
        url: `/api/cases/${caseId}/documents`,
        headers: { ...headers, ...body.headers },
        payload: body.payload,
      });
    };
    const download = (id: string, headers: Headers) =>
      t.app.inject({ method: 'GET', url: `/api/documents/${id}`, headers });

    it('accepts a PDF, seals it at rest and gives the same bytes back as an attachment', async () => {
      const file = pdf();
      const res = await upload(w.caseId, w.asClient, file, '../../Contrato <firmado>.PDF');
      expect(res.statusCode, res.body).toBe(200);
      const doc = res.json().data;
      expect(doc).toMatchObject({
        caseId: w.caseId,
        name: 'Contrato firmado.pdf',
        size: file.length,
        mime: 'application/pdf',
        uploadedBy: w.client.id,
      });
      // the stored object is not the file: nothing of it shows in clear
      const stored = objectBytes();
      expect(stored.length).toBeGreaterThan(0);
      for (const object of stored) {
        expect(object.includes(Buffer.from('%PDF'))).toBe(false);
        expect(object.includes(Buffer.from('Contrato confidencial'))).toBe(false);
      }
      const got = await download(doc.id, w.asLawyer);
      expect(got.statusCode).toBe(200);
      expect(got.rawPayload.equals(file)).toBe(true);
      expect(got.headers['content-type']).toBe('application/pdf');
      expect(got.headers['content-disposition']).toBe(
        `attachment; filename="Contrato firmado.pdf"; filename*=UTF-8''Contrato%20firmado.pdf`,
      );
      expect(got.headers['x-content-type-options']).toBe('nosniff');
      expect(got.headers['content-security-policy']).toContain("default-src 'none'");
      expect(got.headers['content-security-policy']).toContain('sandbox');
    });

    it('posts a document message in the case chat with its name, id and size', async () => {
      const res = await upload(w.caseId, w.asLawyer, docx(), 'Borrador demanda.docx');
      expect(res.statusCode, res.body).toBe(200);
      const doc = res.json().data;
      const chat = await t.app.inject({
        method: 'GET',
        url: `/api/chat/${w.client.id}/${w.lawyer.id}`,
        headers: w.asClient,
      });
      const last = chat.json().data.messages.at(-1);
      expect(last).toMatchObject({
        type: 'document',
        text: 'Borrador demanda.docx',
        documentId: doc.id,
        size: doc.size,
        senderId: w.lawyer.id,
      });
    });

    it.each([
      ['docx', docx(), 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
      ['odt', odt(), 'application/vnd.oasis.opendocument.text'],
      ['xlsx', xlsx(), 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    ])('recognises a %s by its bytes, whatever its name says', async (ext, bytes, mime) => {
      const res = await upload(w.caseId, w.asClient, bytes, 'sin-extension');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ mime, name: `sin-extension.${ext}` });
      expect((await download(res.json().data.id, w.asClient)).rawPayload.equals(bytes)).toBe(true);
    });

    it('re-encodes a JPEG or PNG: its metadata is gone', async () => {
      const jpeg = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#aa3300' } })
        .withExif({ IFD0: { Artist: 'escáner de la notaría' } })
        .jpeg()
        .toBuffer();
      const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#0033aa' } })
        .png()
        .toBuffer();
      for (const [bytes, mime] of [
        [jpeg, 'image/jpeg'],
        [png, 'image/png'],
      ] as const) {
        const res = await upload(w.caseId, w.asClient, bytes, 'escaneo.pdf');
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().data.mime).toBe(mime);
        const got = await download(res.json().data.id, w.asClient);
        expect((await sharp(got.rawPayload).metadata()).exif).toBeUndefined();
      }
    });

    it.each([
      ['a Windows executable renamed .pdf', peExecutable(), 'factura.pdf'],
      [
        'an HTML page renamed .docx',
        Buffer.from('<!doctype html><script>alert(1)</script>'),
        'contrato.docx',
      ],
      ['a zip bomb renamed .xlsx', xlsx(true), 'cuentas.xlsx'],
      ['a ZIP that lies about its sizes', Buffer.alloc(0), 'mentira.docx'],
      ['plain text', Buffer.from('solo texto'), 'nota.txt'],
    ])('refuses %s with 415', async (_what, given, filename) => {
      const bytes =
        given.length > 0
          ? given
          : (await import('../../../test/zip.ts')).makeZip([
              { name: '[Content_Types].xml', data: 'x'.repeat(5000), declaredSize: 100 },
              { name: 'word/document.xml', data: '<w:document/>' },
            ]);
      const before = (await t.app.db.select().from(documents)).length;
      const res = await upload(w.caseId, w.asClient, bytes, filename);
      expect(res.statusCode, res.body).toBe(415);
      expect(res.json().error.message).toBe(es.documents.unsupported);
      expect((await t.app.db.select().from(documents)).length).toBe(before);
    });

    it('refuses a file over 20 MB with 413 and the limit in Spanish', async () => {
      const res = await upload(
        w.caseId,
        w.asClient,
        Buffer.alloc(LIMITS.documentMaxBytes + 1, 0x25),
        'grande.pdf',
      );
      expect(res.statusCode).toBe(413);
      expect(res.json().error.message).toBe(es.documents.tooLarge);
    });

    it('is the parties’ alone: 404 for another lawyer, a lawyer with a pending proposal and an administrator', async () => {
      const [doc] = await t.app.db.select().from(documents).where(eq(documents.caseId, w.caseId)).limit(1);
      for (const outsider of [w.asStranger, w.asPending, w.asAdmin]) {
        expect((await download(doc!.id, outsider)).statusCode).toBe(404);
        const list = await t.app.inject({
          method: 'GET',
          url: `/api/cases/${w.caseId}/documents`,
          headers: outsider,
        });
        expect(list.statusCode).toBe(404);
        const sent = await upload(w.caseId, outsider, pdf(), 'intruso.pdf');
        expect(sent.statusCode).toBe(404);
      }
      // the client's case that is not ACTIVO yet: the client shares documents, no lawyer does
      expect((await upload(w.openCaseId, w.asClient, pdf(), 'previo.pdf')).statusCode).toBe(200);
      expect((await upload(w.openCaseId, w.asPending, pdf(), 'previo.pdf')).statusCode).toBe(404);
      expect((await download(doc!.id, { authorization: '' })).statusCode).toBe(401);
    });

    it('keeps a document’s stored object off /uploads, anonymous or signed in, while avatars and chat pictures stay public', async () => {
      const [doc] = await t.app.db.select().from(documents).where(eq(documents.caseId, w.caseId)).limit(1);
      expect(await t.app.storage.get(`documents/${doc!.id}`)).not.toBeNull();
      const png = await sharp({
        create: { width: 4, height: 4, channels: 3, background: '#336699' },
      })
        .png()
        .toBuffer();
      await t.app.storage.put('avatars/publica.png', png, 'image/png');
      await t.app.storage.put('chat/publica.png', png, 'image/png');
      const get = (url: string, headers: Headers | Record<string, never> = {}) =>
        t.app.inject({ method: 'GET', url, headers });
      for (const who of [{}, w.asClient, w.asLawyer, w.asAdmin]) {
        for (const url of [
          `/uploads/documents/${doc!.id}`,
          `/uploads/documents/${doc!.id}.png`,
          `/uploads/avatars/../documents/${doc!.id}`,
          `/uploads/avatars/%2E%2E/documents/${doc!.id}`,
          `/uploads/avatars/..%2Fdocuments%2F${doc!.id}`,
          '/uploads/documents/',
          '/uploads/avatars/.sent-avatars-redrawn',
        ]) {
          const res = await get(url, who);
          expect(res.statusCode, url).toBe(404);
          expect(res.rawPayload.includes(Buffer.from(doc!.id))).toBe(false);
        }
        for (const url of ['/uploads/avatars/publica.png', '/uploads/chat/publica.png']) {
          const res = await get(url, who);
          expect(res.statusCode, url).toBe(200);
          expect(res.headers['content-type']).toBe('image/png');
          expect(res.rawPayload.equals(png)).toBe(true);
        }
      }
    });

    it('lists the case’s documents, newest first, paged with who uploaded each', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/cases/${w.caseId}/documents?page=1&pageSize=2`,
        headers: w.asLawyer,
      });
      expect(res.statusCode).toBe(200);
      const { data, meta } = res.json();
      expect(meta).toMatchObject({ page: 1, pageSize: 2 });
      expect(meta.total).toBeGreaterThanOrEqual(5);
      expect(data).toHaveLength(2);
      expect(data[0].uploaderName.length).toBeGreaterThan(0);
      expect(Date.parse(data[0].createdAt)).toBeGreaterThanOrEqual(Date.parse(data[1].createdAt));
    });

    it('lets its uploader delete it within 24 hours, and the chat says so', async () => {
      const doc = (await upload(w.caseId, w.asClient, pdf('borrar'), 'borrar.pdf')).json().data;
      const byOther = await t.app.inject({
        method: 'DELETE',
        url: `/api/documents/${doc.id}`,
        headers: w.asLawyer,
      });
      expect(byOther.statusCode).toBe(403);
      expect(byOther.json().error.message).toBe(es.documents.notYours);
      const res = await t.app.inject({
        method: 'DELETE',
        url: `/api/documents/${doc.id}`,
        headers: w.asClient,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect((await download(doc.id, w.asClient)).statusCode).toBe(404);
      const rows = await t.app.db.select().from(messages).where(eq(messages.caseId, w.caseId));
      expect(rows.some((m) => m.text === es.documents.removedMessage('borrar.pdf'))).toBe(true);
      expect(rows.some((m) => m.documentId === doc.id)).toBe(false);

      const old = (await upload(w.caseId, w.asClient, pdf('viejo'), 'viejo.pdf')).json().data;
      await t.app.db
        .update(documents)
        .set({ createdAt: new Date(Date.now() - LIMITS.documentDeleteWindowMs - 60_000) })
        .where(eq(documents.id, old.id));
      const late = await t.app.inject({
        method: 'DELETE',
        url: `/api/documents/${old.id}`,
        headers: w.asClient,
      });
      expect(late.statusCode).toBe(403);
      expect(late.json().error.message).toBe(es.documents.deleteExpired);
    });

    it('fails loudly when the key does not open a document: a clear 500, never other bytes', async () => {
      const doc = (await upload(w.caseId, w.asClient, pdf('clave'), 'clave.pdf')).json().data;
      // its data key wrapped by another key under the same id: what a wrong FILES_KEY looks like
      const other = createKeyring({ ...masterKey(randomBytes(32)), id: t.config.filesKey.id });
      await t.app.db
        .update(documents)
        .set({ wrappedKey: other.encrypt(Buffer.from('x')).seal.wrappedKey })
        .where(eq(documents.id, doc.id));
      const res = await download(doc.id, w.asClient);
      expect(res.statusCode).toBe(500);
      expect(res.json().error.message).toBe(es.documents.unreadable);
      expect(res.body.includes('%PDF')).toBe(false);
      // a key id the server was never given
      await t.app.db.update(documents).set({ keyId: 'desconocida' }).where(eq(documents.id, doc.id));
      expect((await download(doc.id, w.asClient)).statusCode).toBe(500);
    });
  });
}

describe('case documents', () => {
  documentsSuite('on the local folder', async () => {
    const t = await buildTestApp({ rateLimitFactor: 1000 });
    const folder = path.join(t.config.dataDir, 'uploads', 'documents');
    return {
      t,
      objectBytes: () => readdirSync(folder).map((name) => readFileSync(path.join(folder, name))),
      stop: async () => {},
    };
  });

  documentsSuite('on S3-compatible storage', async () => {
    const directory = mkdtempSync(path.join(tmpdir(), 'l4l-s3-'));
    // s3rver: a maintained-enough in-process S3 stand-in on the file system, started and stopped here
    const s3 = new S3rver({
      port: 0,
      address: '127.0.0.1',
      silent: true,
      directory,
      configureBuckets: [{ name: 'l4l-test', configs: [] }],
    });
    const { port } = await s3.run();
    process.env.AWS_ACCESS_KEY_ID = 'S3RVER';
    process.env.AWS_SECRET_ACCESS_KEY = 'S3RVER';
    const t = await buildTestApp(
      { rateLimitFactor: 1000 },
      { STORAGE_URL: `s3://l4l-test/pruebas?endpoint=http://127.0.0.1:${port}&region=eu-west-1` },
    );
    expect(t.app.storage.kind).toBe('s3');
    return {
      t,
      objectBytes: () => {
        const found: Buffer[] = [];
        const walk = (dir: string) => {
          for (const entry of readdirSync(dir, { withFileTypes: true })) {
            const full = path.join(dir, entry.name);
            if (entry.isDirectory()) walk(full);
            else if (
              full.includes(`${path.sep}documents${path.sep}`) &&
              entry.name.endsWith('._S3rver_object')
            )
              found.push(readFileSync(full));
          }
        };
        walk(directory);
        return found;
      },
      stop: async () => {
        await s3.close();
        rmSync(directory, { recursive: true, force: true });
      },
    };
  });
});

describe('the keyring', () => {
  it('seals with the current key, opens with the previous ones, and re-wraps for a rotation', () => {
    const old = masterKey(randomBytes(32));
    const current = masterKey(randomBytes(32));
    const before = createKeyring(old);
    const { object, seal } = before.encrypt(Buffer.from('secreto profesional'));
    expect(object.includes(Buffer.from('secreto'))).toBe(false);
    expect(() => createKeyring(current).decrypt(object, seal)).toThrowError(SealError);
    const during = createKeyring(current, [old]);
    expect(during.decrypt(object, seal).toString()).toBe('secreto profesional');
    const moved = during.rewrap(seal);
    expect(moved?.keyId).toBe(current.id);
    expect(createKeyring(current).decrypt(object, moved!).toString()).toBe('secreto profesional');
    // a flipped bit in the stored object is refused, not decrypted into garbage
    const tampered = Buffer.from(object);
    tampered.writeUInt8(tampered.readUInt8(tampered.length - 1) ^ 1, tampered.length - 1);
    expect(() => during.decrypt(tampered, seal)).toThrowError(/does not match its seal/);
  });
});
