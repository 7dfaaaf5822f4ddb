import { rm, writeFile } from 'node:fs/promises';
import { LIMITS } from '@l4l/shared/constants/limits';
import sharp, { type Sharp } from 'sharp';
import { AppError } from './app-error.ts';
import { checkImage, storeImage } from './images.ts';

/**
 * Every uploaded image is decoded and encoded again before it is stored: what is kept is pixels the server
 * drew, never the sender's bytes, so metadata (EXIF, GPS, comments) and anything hidden after the image
 * data are gone. The bytes are checked first (lib/images.ts: 413 / 415), so sharp only sees png or jpeg.
 */

/** A decompression bomb is small in bytes and huge in pixels: refuse more than this many (413). */
const MAX_INPUT_PIXELS = 40_000_000;
/** Chat pictures keep their shape, at most this many pixels a side. */
export const CHAT_IMAGE_MAX_SIDE = 2048;

/** The image turned upright as its EXIF orientation says (the orientation itself is dropped with the rest). */
function decode(bytes: Uint8Array): Sharp {
  return sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).autoOrient();
}

/** Runs sharp's work; too many pixels is 413, bytes that do not decode as an image are 415. */
async function decoded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof Error && /pixel limit/i.test(err.message)) throw new AppError('PAYLOAD_TOO_LARGE');
    throw new AppError('UNSUPPORTED_MEDIA_TYPE');
  }
}

/** spec §9: the avatar, a square PNG of LIMITS.avatarStoredPx (256) a side, cropped to cover it. */
export async function avatarPng(bytes: Uint8Array): Promise<Buffer> {
  checkImage(bytes);
  const side = LIMITS.avatarStoredPx;
  const pipeline = decode(bytes).resize(side, side, { fit: 'cover', position: 'centre' }).png();
  return decoded(() => pipeline.toBuffer());
}

/** The side of an avatar's thumbnail: what a 64 px card or a 40 px header needs on a phone's screen. */
export const AVATAR_THUMBNAIL_PX = 128;

/**
 * (+) Where an avatar's thumbnail lives: beside it, `<name>.png` → `<name>.128.webp` (the web's Avatar
 * asks for it in a srcset and falls back to the avatar itself where there is none). Null for a URL that
 * is not a stored avatar.
 */
export function avatarThumbnailPath(avatar: string): string | null {
  return /\.(?:png|jpg)$/.test(avatar)
    ? avatar.replace(/\.(?:png|jpg)$/, `.${AVATAR_THUMBNAIL_PX}.webp`)
    : null;
}

/**
 * (+) Issue #9: an avatar shown small, as a 128 px WebP of a few KiB, drawn from the stored avatar (already
 * re-encoded, so never the sender's bytes).
 */
export async function avatarThumbnail(avatar: Uint8Array): Promise<Buffer> {
  const side = AVATAR_THUMBNAIL_PX;
  const pipeline = decode(avatar)
    .resize(side, side, { fit: 'cover', position: 'centre' })
    .webp({ quality: 80 });
  return decoded(() => pipeline.toBuffer());
}

/**
 * Writes the thumbnail of the avatar stored in `file` beside it (avatarThumbnailPath). False when there is
 * none to write or the picture cannot be drawn: the web then shows the avatar itself.
 */
export async function writeAvatarThumbnail(file: string, avatar: Uint8Array): Promise<boolean> {
  const thumbnail = avatarThumbnailPath(file);
  if (!thumbnail) return false;
  try {
    await writeFile(thumbnail, await avatarThumbnail(avatar), { flag: 'wx' });
    return true;
  } catch {
    return false;
  }
}

/**
 * An avatar stored under uploads/avatars (lib/images.ts) with its thumbnail beside it: the one way every
 * avatar is kept (profile photo, a lawyer's registration), so none lacks its small copy; `remove` takes both.
 */
export async function storeAvatar(dataDir: string, avatar: Uint8Array) {
  const stored = await storeImage(dataDir, 'avatars', avatar);
  const thumbnail = avatarThumbnailPath(stored.file);
  await writeAvatarThumbnail(stored.file, avatar);
  return {
    ...stored,
    async remove() {
      await stored.remove();
      if (thumbnail) await rm(thumbnail, { force: true });
    },
  };
}

/** A chat picture in its own format (png or jpeg), scaled down to CHAT_IMAGE_MAX_SIDE when larger. */
export async function chatImage(bytes: Uint8Array): Promise<Buffer> {
  const type = checkImage(bytes);
  const pipeline = decode(bytes).resize(CHAT_IMAGE_MAX_SIDE, CHAT_IMAGE_MAX_SIDE, {
    fit: 'inside',
    withoutEnlargement: true,
  });
  if (type.ext === 'jpg') return decoded(() => pipeline.jpeg({ quality: 85, mozjpeg: true }).toBuffer());
  // a palette image stays a palette image, so re-encoding does not make it grow several times
  const { isPalette } = await decoded(() => sharp(bytes).metadata());
  return decoded(() => pipeline.png({ compressionLevel: 9, palette: isPalette }).toBuffer());
}
