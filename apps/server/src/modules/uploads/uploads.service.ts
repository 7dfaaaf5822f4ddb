import { avatarThumbnailOf, STORED_AVATAR_URL } from '@l4l/shared/constants/avatars';
import { LIMITS } from '@l4l/shared/constants/limits';
import type { ProfilePhoto, UploadAnswer } from '@l4l/shared/schemas/uploads';
import type { Db } from '../../db/database.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import {
  removeAvatar,
  storeAvatar,
  storeChatImage,
  writeAvatarThumbnail,
} from '../../lib/image-processing.ts';
import { dataUrlBytes, imageTypeOf, type StoredImage } from '../../lib/images.ts';
import type { Limiter } from '../../lib/rate-limiter.ts';
import type { Storage } from '../../lib/storage/index.ts';
import { type AuthUser, assertOwner } from '../../plugins/auth.ts';
import { createUploadsRepository, type UploadFacts } from './uploads.repository.ts';

/** (+) Abuse limit on stored images, avatars and chat pictures together: per user, 30 every 10 minutes. */
const UPLOADS_PER_USER = { max: 30, windowMs: 10 * 60 * 1000 };
/** The names storeImage gives: the only avatar files this service ever removes. */

const factsOf = (stored: StoredImage & { width?: number; height?: number }): UploadFacts => ({
  url: stored.url,
  mime: stored.mime,
  bytes: stored.bytes,
  width: stored.width ?? null,
  height: stored.height ?? null,
});

type Deps = { db: Db; storage: Storage };

/**
 * (+) Gives every stored avatar without one its thumbnail: those stored before thumbnails existed (every
 * avatar since is stored with its own, lib/image-processing.ts storeAvatar). One listing of the folder
 * tells which are missing, so a start where none is reads no picture.
 */
export async function backfillAvatarThumbnails(storage: Storage): Promise<number> {
  const keys = new Set(await storage.list('avatars/'));
  let made = 0;
  for (const key of keys) {
    const thumbnail = STORED_AVATAR_URL.test(`/uploads/${key}`) ? avatarThumbnailOf(key) : null;
    if (!thumbnail || keys.has(thumbnail)) continue;
    // an unreadable picture keeps no thumbnail: the web shows the avatar itself
    const bytes = await storage.get(key).catch(() => null);
    if (bytes && (await writeAvatarThumbnail(storage, key, bytes))) made += 1;
  }
  return made;
}

/** The chunks of a PNG this server draws; a text, EXIF or colour-profile chunk is something a sender put. */
const DRAWN_PNG_CHUNKS = new Set(['IHDR', 'PLTE', 'tRNS', 'pHYs', 'IDAT', 'IEND']);

/**
 * Whether a stored avatar is one this server drew (lib/image-processing.ts avatarPng): a PNG of
 * LIMITS.avatarStoredPx a side, no chunk a sender might have added, nothing after its end. Read from the
 * bytes alone, without decoding, so that checking every avatar at a start costs little.
 */
export function isDrawnAvatar(bytes: Buffer): boolean {
  if (imageTypeOf(bytes)?.ext !== 'png' || bytes.length < 33) return false;
  const side = LIMITS.avatarStoredPx;
  if (bytes.readUInt32BE(16) !== side || bytes.readUInt32BE(20) !== side) return false;
  let at = 8;
  while (at + 12 <= bytes.length) {
    const type = bytes.toString('latin1', at + 4, at + 8);
    if (!DRAWN_PNG_CHUNKS.has(type)) return false;
    at += 12 + bytes.readUInt32BE(at);
    if (type === 'IEND') return at === bytes.length;
  }
  return false;
}

/**
 * Lawyers' registration photos were once stored as sent (any size, their metadata, whatever followed the
 * image). Each avatar that is not one the server drew is drawn again under a new name; one that cannot be
 * drawn (too many pixels, not an image) is no longer shown. Answers how many avatars changed.
 */
export async function redrawSentAvatars({ db, storage }: Deps): Promise<number> {
  const repository = createUploadsRepository(db);
  let changed = 0;
  for (const { id, photoUrl } of await repository.usersWithPhoto()) {
    const name = photoUrl.match(STORED_AVATAR_URL)?.[1];
    const key = name && `avatars/${name}`;
    const bytes = key ? await storage.get(key).catch(() => null) : null;
    if (!key || !bytes || isDrawnAvatar(bytes)) continue;
    // a picture that cannot be drawn is dropped; a failure to write is not a reason to drop it
    const stored = await storeAvatar(storage, bytes).catch((err: unknown) => {
      if (err instanceof AppError) return null;
      throw err;
    });
    const swapped = await repository.swapAvatar(id, photoUrl, stored && factsOf(stored)).catch(() => false);
    if (!swapped) {
      await stored?.remove();
      continue;
    }
    if (!(await repository.photoInUse(photoUrl))) await removeAvatar(storage, key);
    changed += 1;
  }
  return changed;
}

/**
 * Runs the redraw of avatars stored as sent once per data folder: a marker beside the avatars says it was
 * done, so later starts do not read every stored avatar again.
 */
export async function redrawSentAvatarsOnce(
  storage: Storage,
  redraw: () => Promise<number>,
): Promise<number> {
  const marker = 'avatars/.sent-avatars-redrawn';
  if ((await storage.get(marker)) !== null) return 0;
  const changed = await redraw();
  await storage.put(marker, Buffer.from(`${new Date().toISOString()}\n`), 'text/plain');
  return changed;
}

/** docs/api/http.md, Uploads: profile photos (data URL) and chat pictures (multipart), checked, re-encoded, then stored. */
export function createUploadsService({
  db,
  storage,
  limiter,
}: Deps & {
  /** the app's limiter factory (shared by every process through Redis when configured) */
  limiter: (name: string, max: number, windowMs: number) => Limiter;
}) {
  const repository = createUploadsRepository(db);
  const perUser = limiter('uploads:by-user', UPLOADS_PER_USER.max, UPLOADS_PER_USER.windowMs);

  /** Removes a replaced avatar file once no account shows it any more. */
  async function removeReplacedAvatar(url: string | null): Promise<void> {
    const name = url?.match(STORED_AVATAR_URL)?.[1];
    if (!url || !name || (await repository.photoInUse(url))) return;
    await removeAvatar(storage, `avatars/${name}`);
  }

  return {
    /**
     * The caller's own photo (403 for another id): a 256x256 PNG, with its 128 px WebP thumbnail beside it;
     * the one it replaces is removed.
     */
    async setProfilePhoto(caller: AuthUser, input: ProfilePhoto): Promise<{ photoUrl: string }> {
      assertOwner(caller, input.id, { admin: false });
      const bytes = dataUrlBytes(input.image);
      await perUser.consume(caller.id);
      const stored = await storeAvatar(storage, bytes);
      let replaced: Awaited<ReturnType<typeof repository.replaceAvatar>>;
      try {
        replaced = await repository.replaceAvatar(caller.id, factsOf(stored));
      } catch (err) {
        await stored.remove();
        throw err;
      }
      if (!replaced) {
        await stored.remove();
        throw notFound();
      }
      await removeReplacedAvatar(replaced.previous);
      return { photoUrl: stored.url };
    },

    /** A chat picture, stored under uploads/chat with a name the server makes, and its size in pixels. */
    async uploadChatImage(caller: AuthUser, bytes: Uint8Array): Promise<UploadAnswer> {
      await perUser.consume(caller.id);
      const stored = await storeChatImage(storage, bytes);
      try {
        await repository.insertChatUpload(caller.id, factsOf(stored));
      } catch (err) {
        await stored.remove();
        throw err;
      }
      return { imageUrl: stored.url, width: stored.width, height: stored.height };
    },
  };
}
