import { rm, writeFile } from 'node:fs/promises';
import { AVATAR_THUMBNAIL_PX, avatarThumbnailOf } from '@l4l/shared/constants/avatars';
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

/** docs/domain.md, Limits: the avatar, a square PNG of LIMITS.avatarStoredPx (256) a side, cropped to cover it. */
export async function avatarPng(bytes: Uint8Array): Promise<Buffer> {
  checkImage(bytes);
  const side = LIMITS.avatarStoredPx;
  const pipeline = decode(bytes).resize(side, side, { fit: 'cover', position: 'centre' }).png();
  return decoded(() => pipeline.toBuffer());
}

/**
 * (+) An avatar shown small, as a 128 px WebP of a few KiB, drawn from the stored avatar (already
 * re-encoded, so never the sender's bytes).
 */
export async function avatarThumbnail(avatar: Uint8Array): Promise<Buffer> {
  const pipeline = decode(avatar)
    .resize(AVATAR_THUMBNAIL_PX, AVATAR_THUMBNAIL_PX, { fit: 'cover', position: 'centre' })
    .webp({ quality: 80 });
  return decoded(() => pipeline.toBuffer());
}

/**
 * Writes the thumbnail of the avatar stored in `file` beside it (avatarThumbnailOf). False when there is
 * none to write or the picture cannot be drawn: the web then shows the avatar itself.
 */
export async function writeAvatarThumbnail(file: string, avatar: Uint8Array): Promise<boolean> {
  const thumbnail = avatarThumbnailOf(file);
  if (!thumbnail) return false;
  try {
    await writeFile(thumbnail, await avatarThumbnail(avatar), { flag: 'wx' });
    return true;
  } catch {
    return false;
  }
}

/** Removes a stored avatar's file and its thumbnail, whichever exist. */
export async function removeAvatar(file: string): Promise<void> {
  await rm(file, { force: true });
  const thumbnail = avatarThumbnailOf(file);
  if (thumbnail) await rm(thumbnail, { force: true });
}

/**
 * An avatar stored under uploads/avatars (lib/images.ts) with its thumbnail beside it: the one way every
 * avatar is kept (profile photo, a lawyer's registration), so none lacks its small copy; `remove` takes both.
 */
export async function storeAvatar(dataDir: string, avatar: Uint8Array) {
  const stored = await storeImage(dataDir, 'avatars', avatar);
  await writeAvatarThumbnail(stored.file, avatar);
  return { ...stored, remove: () => removeAvatar(stored.file) };
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
