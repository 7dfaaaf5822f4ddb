import { randomBytes } from 'node:crypto';
import { LIMITS } from '@l4l/shared/constants/limits';
import { AppError } from './app-error.ts';
import type { Storage } from './storage/index.ts';

/**
 * Uploaded images (docs/api/http.md, Uploads): png or jpeg recognised by their bytes, never by a declared type or a
 * file name; at most 5 MiB (413), anything else 415. Kept in the storage (lib/storage) and served at /uploads.
 */

export type ImageType = { mime: 'image/png' | 'image/jpeg'; ext: 'png' | 'jpg' };

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_SIGNATURE = [0xff, 0xd8, 0xff];

function startsWith(bytes: Uint8Array, signature: number[]): boolean {
  return bytes.length >= signature.length && signature.every((byte, i) => bytes[i] === byte);
}

/** The image type the magic number says, or null. */
export function imageTypeOf(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, PNG_SIGNATURE)) return { mime: 'image/png', ext: 'png' };
  if (startsWith(bytes, JPEG_SIGNATURE)) return { mime: 'image/jpeg', ext: 'jpg' };
  return null;
}

/** Refuses a file over the size limit (413) or that is not png or jpeg by its bytes (415). */
export function checkImage(bytes: Uint8Array): ImageType {
  if (bytes.length > LIMITS.imageMaxBytes) throw new AppError('PAYLOAD_TOO_LARGE');
  const type = imageTypeOf(bytes);
  if (!type) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
  return type;
}

/** The bytes of a base64 data URL (`data:<any type>;base64,...`); the declared type is ignored. */
export function dataUrlBytes(dataUrl: string): Buffer {
  const comma = dataUrl.indexOf(',');
  const header = dataUrl.slice(0, comma);
  if (comma < 0 || !header.startsWith('data:') || !header.endsWith(';base64')) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE');
  }
  const base64 = dataUrl.slice(comma + 1);
  // refuse an oversized image before decoding it
  if (Math.floor((base64.length * 3) / 4) - 2 > LIMITS.imageMaxBytes) throw new AppError('PAYLOAD_TOO_LARGE');
  return Buffer.from(base64, 'base64');
}

/** A stored image: its public URL `/uploads/<key>` and its storage key. */
export type StoredImage = { url: string; key: string; mime: ImageType['mime']; bytes: number };

/** The storage key of a URL under /uploads, or null for any other. */
export function keyOfUploadUrl(url: string): string | null {
  return /^\/uploads\/[\w-]+\/[\w.-]+$/.test(url) && !url.includes('..')
    ? url.slice('/uploads/'.length)
    : null;
}

declare const drawn: unique symbol;
/**
 * Bytes this server encoded itself from decoded pixels (lib/image-processing.ts), never a sender's: the
 * only kind `storeImage` writes, so no upload path can store what it was sent byte for byte.
 */
export type DrawnImage = Buffer & { readonly [drawn]: true };

/**
 * Checks and stores an image as <folder>/<random>.<ext>; answers its public URL.
 * `remove` undoes the write when what follows (a database row) fails.
 */
export async function storeImage(
  storage: Storage,
  folder: 'avatars' | 'chat',
  bytes: DrawnImage,
): Promise<StoredImage & { remove: () => Promise<void> }> {
  const type = checkImage(bytes);
  const key = `${folder}/${randomBytes(16).toString('base64url')}.${type.ext}`;
  await storage.put(key, bytes, type.mime);
  return {
    url: `/uploads/${key}`,
    key,
    mime: type.mime,
    bytes: bytes.length,
    remove: () => storage.remove(key),
  };
}
