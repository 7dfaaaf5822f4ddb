import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkImage, type DrawnImage, dataUrlBytes, imageTypeOf, storeImage } from './images.ts';
import { createLocalStorage } from './storage/local.ts';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
const JPEG = Buffer.from('ffd8ffe000104a464946', 'hex');
const MAX = 5 * 1024 * 1024;

const codeOf = (work: () => unknown) => {
  try {
    work();
    return 'none';
  } catch (err) {
    return (err as { code: string }).code;
  }
};

describe('image checks', () => {
  it('recognises png and jpeg by their magic numbers only', () => {
    expect(imageTypeOf(PNG)).toEqual({ mime: 'image/png', ext: 'png' });
    expect(imageTypeOf(JPEG)).toEqual({ mime: 'image/jpeg', ext: 'jpg' });
    expect(imageTypeOf(Buffer.from('GIF89a'))).toBeNull();
    expect(imageTypeOf(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(imageTypeOf(PNG.subarray(0, 4))).toBeNull();
  });

  it('refuses other types with 415 and more than 5 MiB with 413', () => {
    expect(codeOf(() => checkImage(Buffer.from('texto plano')))).toBe('UNSUPPORTED_MEDIA_TYPE');
    const exact = Buffer.alloc(MAX);
    PNG.copy(exact);
    expect(codeOf(() => checkImage(exact))).toBe('none');
    const over = Buffer.alloc(MAX + 1);
    PNG.copy(over);
    expect(codeOf(() => checkImage(over))).toBe('PAYLOAD_TOO_LARGE');
  });

  it('reads the bytes of a base64 data URL, ignoring the declared type', () => {
    expect(dataUrlBytes(`data:text/plain;base64,${PNG.toString('base64')}`)).toEqual(PNG);
    expect(codeOf(() => dataUrlBytes('data:image/png,notbase64'))).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(codeOf(() => dataUrlBytes(`data:image/png;base64,${'A'.repeat(8_000_000)}`))).toBe(
      'PAYLOAD_TOO_LARGE',
    );
  });
});

describe('storeImage', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'l4l-images-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  // storeImage itself takes the bytes as given: that they were drawn by the server is the caller's part
  const drawn = (bytes: Buffer) => bytes as DrawnImage;

  it('stores as <folder>/<name> with a random name and answers its URL; remove undoes it', async () => {
    const storage = createLocalStorage(dataDir);
    const stored = await storeImage(storage, 'avatars', drawn(JPEG));
    expect(stored).toMatchObject({ mime: 'image/jpeg', bytes: JPEG.length });
    expect(stored.url).toMatch(/^\/uploads\/avatars\/[\w-]{22}\.jpg$/);
    expect(readFileSync(path.join(dataDir, stored.url))).toEqual(JPEG);
    await stored.remove();
    expect(() => readFileSync(path.join(dataDir, stored.url))).toThrow();
    await expect(storeImage(storage, 'avatars', drawn(Buffer.from('x')))).rejects.toMatchObject({
      code: 'UNSUPPORTED_MEDIA_TYPE',
    });
  });
});
