import { AVATAR_THUMBNAIL_PX, avatarThumbnailOf } from '@l4l/shared/constants/avatars';
import { LIMITS } from '@l4l/shared/constants/limits';
import { es } from '@l4l/shared/texts/es';
import sharp, { type Sharp } from 'sharp';
import { AppError } from './app-error.ts';
import { checkImage, type DrawnImage, storeImage } from './images.ts';
import type { Storage } from './storage/index.ts';

/**
 * Every uploaded image is decoded and encoded again before it is stored: what is kept is pixels the server
 * drew, never the sender's bytes, so metadata (EXIF, GPS, comments) and anything hidden after the image
 * data are gone. The bytes are checked first (lib/images.ts: 413 / 415), so sharp only sees png or jpeg.
 */

/**
 * A decompression bomb is small in bytes and huge in pixels: refuse more than this many (413). sharp reads
 * the size from the header and refuses before decoding a single pixel.
 */
export const MAX_INPUT_PIXELS = 40_000_000;
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
    if (err instanceof Error && /pixel limit/i.test(err.message)) {
      throw new AppError('PAYLOAD_TOO_LARGE', {
        message: es.validation.imageTooManyPixels(MAX_INPUT_PIXELS / 1_000_000),
      });
    }
    throw new AppError('UNSUPPORTED_MEDIA_TYPE');
  }
}

/** The pipeline's output: pixels this server encoded, fit for storeImage. */
const drawnBy = (pipeline: Sharp) => decoded(() => pipeline.toBuffer()) as Promise<DrawnImage>;

/** docs/domain.md, Limits: the avatar, a square PNG of LIMITS.avatarStoredPx (256) a side, cropped to cover it. */
export async function avatarPng(bytes: Uint8Array): Promise<DrawnImage> {
  checkImage(bytes);
  const side = LIMITS.avatarStoredPx;
  return drawnBy(decode(bytes).resize(side, side, { fit: 'cover', position: 'centre' }).png());
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
 * Stores the thumbnail of the avatar stored under `key` beside it (avatarThumbnailOf). False when there is
 * none to write or the picture cannot be drawn: the web then shows the avatar itself.
 */
export async function writeAvatarThumbnail(
  storage: Storage,
  key: string,
  avatar: Uint8Array,
): Promise<boolean> {
  const thumbnail = avatarThumbnailOf(key);
  if (!thumbnail) return false;
  try {
    await storage.put(thumbnail, await avatarThumbnail(avatar), 'image/webp');
    return true;
  } catch {
    return false;
  }
}

/** Removes a stored avatar and its thumbnail, whichever exist. */
export async function removeAvatar(storage: Storage, key: string): Promise<void> {
  await storage.remove(key);
  const thumbnail = avatarThumbnailOf(key);
  if (thumbnail) await storage.remove(thumbnail);
}

/**
 * The sender's picture kept as an avatar: drawn again as avatarPng, stored under avatars/ (lib/images.ts)
 * with its thumbnail beside it. The one way every avatar is kept (profile photo, a lawyer's registration),
 * so none keeps the sender's bytes or lacks its small copy; `remove` takes both.
 */
export async function storeAvatar(storage: Storage, sent: Uint8Array) {
  const avatar = await avatarPng(sent);
  const stored = await storeImage(storage, 'avatars', avatar);
  await writeAvatarThumbnail(storage, stored.key, avatar);
  return { ...stored, remove: () => removeAvatar(storage, stored.key) };
}

/** A chat picture in its own format (png or jpeg), scaled down to CHAT_IMAGE_MAX_SIDE when larger. */
export async function chatImage(bytes: Uint8Array): Promise<DrawnImage> {
  return redrawn(bytes, checkImage(bytes).ext);
}

/**
 * (+) A picture shared as a case document (up to the documents' 20 MB, not the images' 5 MiB), drawn again
 * the way chat pictures are: its metadata and anything after its pixels are gone.
 */
export async function documentImage(bytes: Uint8Array, ext: 'png' | 'jpg'): Promise<DrawnImage> {
  return redrawn(bytes, ext);
}

async function redrawn(bytes: Uint8Array, ext: 'png' | 'jpg'): Promise<DrawnImage> {
  const pipeline = decode(bytes).resize(CHAT_IMAGE_MAX_SIDE, CHAT_IMAGE_MAX_SIDE, {
    fit: 'inside',
    withoutEnlargement: true,
  });
  if (ext === 'jpg') return drawnBy(pipeline.jpeg({ quality: 85, mozjpeg: true }));
  // a palette image stays a palette image, so re-encoding does not make it grow several times
  const { isPalette } = await decoded(() => sharp(bytes).metadata());
  return drawnBy(pipeline.png({ compressionLevel: 9, palette: isPalette }));
}

/**
 * The sender's chat picture, drawn again as chatImage, under chat/, with its size in pixels (read from the
 * header of what was drawn), which the chat reserves before the picture loads.
 */
export async function storeChatImage(storage: Storage, sent: Uint8Array) {
  const drawn = await chatImage(sent);
  const { width, height } = await decoded(() => sharp(drawn).metadata());
  return { ...(await storeImage(storage, 'chat', drawn)), width, height };
}
