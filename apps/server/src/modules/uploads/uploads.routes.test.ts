import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { es } from '@l4l/shared/texts/es';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import {
  bearer,
  createLawyerWithProfile,
  createUser,
  DEFAULT_PASSWORD,
  signIn,
  uniqueMail,
} from '../../../test/factories.ts';
import { uploads, users } from '../../db/schema/index.ts';
import { MAX_INPUT_PIXELS } from '../../lib/image-processing.ts';
import { createLocalStorage } from '../../lib/storage/local.ts';
import {
  backfillAvatarThumbnails,
  isDrawnAvatar,
  redrawSentAvatars,
  redrawSentAvatarsOnce,
} from './uploads.service.ts';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

/** Test pictures drawn by sharp: a gradient-ish block of colour with some EXIF to strip. */
const picture = (width: number, height: number, format: 'png' | 'jpeg') => {
  const image = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } });
  const withExif = image.withExif({ IFD0: { Copyright: 'secreto', Artist: 'Cámara de Lucía' } });
  return (format === 'png' ? withExif.png() : withExif.jpeg({ quality: 90 })).toBuffer();
};
/** About 5.9 MB of PNG: random pixels do not compress. */
const hugePng = () =>
  sharp(randomBytes(1400 * 1400 * 3), { raw: { width: 1400, height: 1400, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
/** A JPEG as an attacker sends it: 60 KB of EXIF, and a script appended after the image data. */
const hostileJpeg = async () => {
  const jpeg = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#336699' } })
    .withExif({ IFD0: { ImageDescription: 'E'.repeat(60_000), Artist: 'rastreador' } })
    .jpeg()
    .toBuffer();
  return Buffer.concat([jpeg, Buffer.from('<script>alert("l4l")</script>')]);
};
/** A few hundred bytes whose header says 20000 × 20000 pixels (400 megapixels). */
const hugeHeaderJpeg = async () => {
  const jpeg = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#000' } })
    .jpeg()
    .toBuffer();
  const sof = jpeg.indexOf(Buffer.from([0xff, 0xc0]));
  jpeg.writeUInt16BE(20_000, sof + 5);
  jpeg.writeUInt16BE(20_000, sof + 7);
  return jpeg;
};
const dataUrl = (bytes: Buffer, type = 'image/png') => `data:${type};base64,${bytes.toString('base64')}`;

/** A multipart body as a browser's FormData would send it. */
async function multipart(fields: Array<[string, Buffer | string, string?]>) {
  const form = new FormData();
  for (const [name, value, filename] of fields) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, new Blob([value]), filename ?? 'imagen.png');
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  };
}

describe('images', () => {
  let t: TestApp;
  let client: Awaited<ReturnType<typeof createUser>>;
  let lawyer: Awaited<ReturnType<typeof createLawyerWithProfile>>;
  let asClient: { authorization: string };
  let asLawyer: { authorization: string };

  beforeAll(async () => {
    t = await buildTestApp();
    client = await createUser(t.app);
    lawyer = await createLawyerWithProfile(t.app);
    asClient = bearer(await signIn(t.app, client));
    asLawyer = bearer(await signIn(t.app, lawyer));
  });
  afterAll(async () => t.close());

  const fileOf = (url: string) => path.join(t.config.dataDir, url);
  const photoOf = async (id: string) =>
    (await t.app.db.select({ photoUrl: users.photoUrl }).from(users).where(eq(users.id, id)))[0]?.photoUrl;

  describe('POST /api/user/profile/photo and /api/lawyers/profile/photo', () => {
    const sendPhoto = (url: string, headers: Record<string, string> | undefined, payload: object) =>
      t.app.inject({ method: 'POST', url, ...(headers ? { headers } : {}), payload });

    it('stores a PNG as a 256x256 PNG without its metadata, and records it', async () => {
      const res = await sendPhoto('/api/user/profile/photo', asClient, {
        id: client.id,
        image: dataUrl(await picture(640, 480, 'png')),
        role: 'USUARIO',
      });
      expect(res.statusCode, res.body).toBe(200);
      const { photoUrl } = res.json().data;
      expect(photoUrl).toMatch(/^\/uploads\/avatars\/[\w-]{22}\.png$/);
      const meta = await sharp(readFileSync(fileOf(photoUrl))).metadata();
      expect(meta).toMatchObject({ format: 'png', width: 256, height: 256 });
      expect(meta.exif).toBeUndefined();
      expect(await photoOf(client.id)).toBe(photoUrl);
      const rows = await t.app.db.select().from(uploads).where(eq(uploads.ownerId, client.id));
      expect(rows).toEqual([
        expect.objectContaining({
          url: photoUrl,
          mime: 'image/png',
          purpose: 'avatar',
          bytes: expect.any(Number),
        }),
      ]);
      const served = await t.app.inject({ method: 'GET', url: photoUrl });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
    });

    it('keeps a 128 px WebP thumbnail beside the avatar, served at its own URL', async () => {
      const photoUrl = await photoOf(client.id);
      const thumbnailUrl = photoUrl?.replace(/\.png$/, '.128.webp') ?? '';
      const meta = await sharp(readFileSync(fileOf(thumbnailUrl))).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: 128, height: 128 });
      const served = await t.app.inject({ method: 'GET', url: thumbnailUrl });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
    });

    it('turns a JPEG into a 256x256 PNG too, and removes the photo it replaces', async () => {
      const before = await photoOf(client.id);
      expect(before && existsSync(fileOf(before))).toBe(true);
      const res = await sendPhoto('/api/user/profile/photo', asClient, {
        id: client.id,
        image: dataUrl(await picture(300, 900, 'jpeg'), 'image/jpeg'),
      });
      expect(res.statusCode, res.body).toBe(200);
      const { photoUrl } = res.json().data;
      const meta = await sharp(readFileSync(fileOf(photoUrl))).metadata();
      expect(meta).toMatchObject({ format: 'png', width: 256, height: 256 });
      expect(meta.exif).toBeUndefined();
      expect(existsSync(fileOf(before!))).toBe(false);
      expect(existsSync(fileOf(before!.replace(/\.png$/, '.128.webp')))).toBe(false);
      expect(existsSync(fileOf(photoUrl.replace(/\.png$/, '.128.webp')))).toBe(true);
      const rows = await t.app.db.select().from(uploads).where(eq(uploads.ownerId, client.id));
      expect(rows.map((row) => row.url)).toEqual([photoUrl]);
    });

    it('lets a lawyer set theirs through the lawyers path', async () => {
      const res = await sendPhoto('/api/lawyers/profile/photo', asLawyer, {
        id: lawyer.id,
        image: dataUrl(await picture(256, 256, 'png')),
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(await photoOf(lawyer.id)).toBe(res.json().data.photoUrl);
      const card = await t.app.inject({
        method: 'GET',
        url: `/api/lawyers/lawyer/detail/${lawyer.id}`,
        headers: asClient,
      });
      expect(card.json().data.lawyer.lawyerPhoto).toBe(res.json().data.photoUrl);
    });

    it("refuses someone else's id with 403, a client on the lawyers path with 403, nobody with 401", async () => {
      const image = dataUrl(await picture(64, 64, 'png'));
      expect(
        (await sendPhoto('/api/user/profile/photo', asClient, { id: lawyer.id, image })).statusCode,
      ).toBe(403);
      expect(
        (await sendPhoto('/api/lawyers/profile/photo', asClient, { id: client.id, image })).statusCode,
      ).toBe(403);
      expect(
        (await sendPhoto('/api/user/profile/photo', undefined, { id: client.id, image })).statusCode,
      ).toBe(401);
    });

    it('refuses a text file called .png with 415 and leaves the photo as it was', async () => {
      const before = await photoOf(client.id);
      const text = Buffer.from('esto no es una imagen, aunque se llame foto.png');
      const res = await sendPhoto('/api/user/profile/photo', asClient, {
        id: client.id,
        image: dataUrl(text),
      });
      expect(res.statusCode).toBe(415);
      expect(res.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
      // a PNG signature followed by garbage does not decode either
      const fake = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), randomBytes(2000)]);
      const forged = await sendPhoto('/api/user/profile/photo', asClient, {
        id: client.id,
        image: dataUrl(fake),
      });
      expect(forged.statusCode).toBe(415);
      expect(await photoOf(client.id)).toBe(before);
    });

    it('refuses an image over 5 MiB with 413, and one of too many pixels with 413', async () => {
      const big = await hugePng();
      expect(big.length).toBeGreaterThan(5 * 1024 * 1024);
      const res = await sendPhoto('/api/user/profile/photo', asClient, {
        id: client.id,
        image: dataUrl(big),
      });
      expect(res.statusCode).toBe(413);
      expect(res.json().error.code).toBe('PAYLOAD_TOO_LARGE');
      // a few kilobytes that would decode to 48 million pixels
      const bomb = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#000' } })
        .png()
        .toBuffer();
      expect(bomb.length).toBeLessThan(1024 * 1024);
      const exploded = await sendPhoto('/api/user/profile/photo', asClient, {
        id: client.id,
        image: dataUrl(bomb),
      });
      expect(exploded.statusCode).toBe(413);
    });

    it('asks for the image', async () => {
      const res = await sendPhoto('/api/user/profile/photo', asClient, { id: client.id, image: '' });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields.image).toBe(es.validation.imageRequired);
    });
  });

  describe('POST /api/uploads', () => {
    const upload = async (
      fields: Array<[string, Buffer | string, string?]>,
      headers: Record<string, string> | null = asClient,
    ) => {
      const body = await multipart(fields);
      return t.app.inject({
        method: 'POST',
        url: '/api/uploads',
        payload: body.payload,
        headers: { ...body.headers, ...(headers ?? {}) },
      });
    };

    it('stores a PNG under uploads/chat, re-encoded and no larger than 2048 px', async () => {
      const res = await upload([['file', await picture(3000, 1000, 'png'), 'captura.png']]);
      expect(res.statusCode, res.body).toBe(200);
      const { imageUrl, width, height } = res.json().data;
      expect(imageUrl).toMatch(/^\/uploads\/chat\/[\w-]{22}\.png$/);
      const meta = await sharp(readFileSync(fileOf(imageUrl))).metadata();
      expect(meta).toMatchObject({ format: 'png', width: 2048, height: 683 });
      expect(meta.exif).toBeUndefined();
      // the size as stored (not as sent), which the chat keeps for the picture before it loads
      expect({ width, height }).toEqual({ width: 2048, height: 683 });
      const [row] = await t.app.db.select().from(uploads).where(eq(uploads.url, imageUrl));
      expect(row).toMatchObject({
        ownerId: client.id,
        purpose: 'chat',
        mime: 'image/png',
        width: 2048,
        height: 683,
      });
    });

    it('keeps a small JPEG a JPEG of the same size, without its EXIF', async () => {
      const original = await picture(320, 200, 'jpeg');
      expect((await sharp(original).metadata()).exif).toBeDefined();
      const res = await upload([['file', original, 'foto.jpg']], asLawyer);
      expect(res.statusCode, res.body).toBe(200);
      const meta = await sharp(readFileSync(fileOf(res.json().data.imageUrl))).metadata();
      expect(meta).toMatchObject({ format: 'jpeg', width: 320, height: 200 });
      expect(meta.exif).toBeUndefined();
    });

    it('refuses a text file named .png (415) and an image over 5 MiB (413)', async () => {
      const text = await upload([['file', Buffer.from('hola, soy un texto'), 'foto.png']]);
      expect(text.statusCode).toBe(415);
      expect(text.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
      const big = await upload([['file', await hugePng(), 'grande.png']]);
      expect(big.statusCode).toBe(413);
      expect(big.json().error.code).toBe('PAYLOAD_TOO_LARGE');
    });

    it('needs the file in the field `file` (400), a multipart body (415) and a session (401)', async () => {
      const image = await picture(10, 10, 'png');
      const wrongField = await upload([['imagen', image]]);
      expect(wrongField.statusCode).toBe(400);
      expect(wrongField.json().error.fields.file).toBe(es.validation.imageRequired);
      const noFile = await upload([['texto', 'hola']]);
      expect(noFile.statusCode).toBe(400);
      const json = await t.app.inject({
        method: 'POST',
        url: '/api/uploads',
        headers: asClient,
        payload: { file: 'x' },
      });
      expect(json.statusCode).toBe(415);
      expect((await upload([['file', image]], null)).statusCode).toBe(401);
    });

    it('takes only the first file of a request', async () => {
      const chatRows = async () =>
        (await t.app.db.select().from(uploads).where(eq(uploads.ownerId, client.id))).filter(
          (row) => row.purpose === 'chat',
        ).length;
      const before = await chatRows();
      const res = await upload([
        ['file', await picture(10, 10, 'png')],
        ['file', await picture(20, 20, 'png')],
      ]);
      expect(res.statusCode).toBe(200);
      expect(await chatRows()).toBe(before + 1);
      const meta = await sharp(readFileSync(fileOf(res.json().data.imageUrl))).metadata();
      expect(meta.width).toBe(10);
    });
  });

  describe('every image is drawn again, whichever way it comes in', () => {
    type Answer = { status: number; body: { error?: unknown }; url?: string };
    /** Each public way in: the stored URL, or the error envelope with its status. */
    const ways: Array<[string, (bytes: Buffer) => Promise<Answer>]> = [
      [
        'a lawyer’s registration photo (POST /api/auth/lawyer/register, no session)',
        async (bytes) => {
          const res = await t.app.inject({
            method: 'POST',
            url: '/api/auth/lawyer/register',
            payload: {
              mail: uniqueMail('foto'),
              password: DEFAULT_PASSWORD,
              name: 'Inés',
              surname: 'Fotógrafa',
              phoneNumber: '612 345 678',
              lawyerCategory: ['Abogado Civil'],
              lawyerDescription: 'Abogada civilista.',
              lawyerPrice: 50,
              province: 'Madrid',
              barNumber: '31.337',
              barAssociation: 'madrid',
              lawyerPhoto: dataUrl(bytes, 'image/jpeg'),
            },
          });
          const id = res.statusCode === 200 ? res.json().data.id : undefined;
          return { status: res.statusCode, body: res.json(), url: id && (await photoOf(id)) };
        },
      ],
      [
        'a profile photo (POST /api/user/profile/photo)',
        async (bytes) => {
          const res = await t.app.inject({
            method: 'POST',
            url: '/api/user/profile/photo',
            headers: asClient,
            payload: { id: client.id, image: dataUrl(bytes, 'image/jpeg') },
          });
          return { status: res.statusCode, body: res.json(), url: res.json().data?.photoUrl };
        },
      ],
      [
        'a chat picture (POST /api/uploads)',
        async (bytes) => {
          const body = await multipart([['file', bytes, 'foto.jpg']]);
          const res = await t.app.inject({
            method: 'POST',
            url: '/api/uploads',
            payload: body.payload,
            headers: { ...body.headers, ...asLawyer },
          });
          return { status: res.statusCode, body: res.json(), url: res.json().data?.imageUrl };
        },
      ],
    ];

    it.each(ways)('%s: stores pixels, without the EXIF or the appended bytes', async (_way, send) => {
      const sent = await hostileJpeg();
      expect((await sharp(sent).metadata()).exif?.length).toBeGreaterThan(60_000);
      const { status, url } = await send(sent);
      expect(status).toBe(200);
      const stored = readFileSync(fileOf(url!));
      const meta = await sharp(stored).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.width).toBeGreaterThan(0);
      expect(stored.includes('<script>')).toBe(false);
      expect(stored.includes('EEEEEEEE')).toBe(false);
      // it decodes to pixels all the way through
      expect((await sharp(stored).raw().toBuffer()).length).toBe(meta.width! * meta.height! * 3);
      const served = await t.app.inject({ method: 'GET', url: url! });
      expect(served.rawPayload.equals(stored)).toBe(true);
    });

    it.each(ways)('%s: refuses a 20000 × 20000 header with 413 before decoding it', async (_way, send) => {
      const before = (await t.app.db.select({ url: uploads.url }).from(uploads)).length;
      const { status, body } = await send(await hugeHeaderJpeg());
      expect(status).toBe(413);
      expect(body.error).toEqual({
        code: 'PAYLOAD_TOO_LARGE',
        message: es.validation.imageTooManyPixels(MAX_INPUT_PIXELS / 1_000_000),
      });
      expect((await t.app.db.select({ url: uploads.url }).from(uploads)).length).toBe(before);
    });
  });

  it('limits each person to 30 stored images every 10 minutes (429)', async () => {
    const busy = await createUser(t.app);
    const asBusy = bearer(await signIn(t.app, busy));
    const image = dataUrl(await picture(8, 8, 'png'));
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/user/profile/photo',
        headers: asBusy,
        payload: { id: busy.id, image },
      });
    for (let i = 0; i < 30; i++) expect((await send()).statusCode).toBe(200);
    const refused = await send();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('draws again the avatars once stored as sent, and stops showing one that cannot be drawn', async () => {
    const folder = path.join(t.config.dataDir, 'uploads', 'avatars');
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, 'enviada.jpg'), await hostileJpeg());
    writeFileSync(path.join(folder, 'bomba.jpg'), await hugeHeaderJpeg());
    const sent = await createUser(t.app, { role: 'ABOGADO', photoUrl: '/uploads/avatars/enviada.jpg' });
    const bomb = await createUser(t.app, { role: 'ABOGADO', photoUrl: '/uploads/avatars/bomba.jpg' });
    const drawn = await photoOf(client.id);
    expect(drawn && isDrawnAvatar(readFileSync(fileOf(drawn)))).toBe(true);

    expect(await redrawSentAvatars({ db: t.app.db, storage: t.app.storage })).toBe(2);
    const redrawn = await photoOf(sent.id);
    expect(redrawn).toMatch(/^\/uploads\/avatars\/[\w-]{22}\.png$/);
    const bytes = readFileSync(fileOf(redrawn!));
    expect(isDrawnAvatar(bytes)).toBe(true);
    expect(bytes.includes('<script>')).toBe(false);
    expect((await sharp(bytes).metadata()).exif).toBeUndefined();
    expect(existsSync(path.join(folder, 'enviada.jpg'))).toBe(false);
    const rows = await t.app.db.select().from(uploads).where(eq(uploads.ownerId, sent.id));
    expect(rows.map((row) => row.url)).toEqual([redrawn]);
    expect(await photoOf(bomb.id)).toBeNull();
    expect(existsSync(path.join(folder, 'bomba.jpg'))).toBe(false);
    expect(await photoOf(client.id)).toBe(drawn);
    expect(await redrawSentAvatars({ db: t.app.db, storage: t.app.storage })).toBe(0);
  });

  it('redraws avatars stored as sent once per data folder, not at every start', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'l4l-redraw-'));
    try {
      let runs = 0;
      const redraw = async () => {
        runs += 1;
        return 3;
      };
      expect(await redrawSentAvatarsOnce(createLocalStorage(dataDir), redraw)).toBe(3);
      expect(await redrawSentAvatarsOnce(createLocalStorage(dataDir), redraw)).toBe(0);
      expect(runs).toBe(1);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('gives avatars stored without a thumbnail theirs (older uploads, a registration photo)', async () => {
    const folder = path.join(t.config.dataDir, 'uploads', 'avatars');
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, 'antigua.png'), await picture(256, 256, 'png'));
    writeFileSync(path.join(folder, 'registro.jpg'), await picture(500, 400, 'jpeg'));
    writeFileSync(path.join(folder, 'notas.txt'), 'no es una imagen');
    expect(await backfillAvatarThumbnails(t.app.storage)).toBe(2);
    const meta = await sharp(readFileSync(path.join(folder, 'registro.128.webp'))).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 128, height: 128 });
    expect(existsSync(path.join(folder, 'antigua.128.webp'))).toBe(true);
    expect(await backfillAvatarThumbnails(t.app.storage)).toBe(0);
  });
});
