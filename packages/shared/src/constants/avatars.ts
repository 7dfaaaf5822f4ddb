/** The side of the small copy the server keeps beside every avatar it stores (for the directory's cards). */
export const AVATAR_THUMBNAIL_PX = 128;

/** A stored avatar's URL, its file name captured: /uploads/avatars/<name>.png (.jpg from before re-encoding). */
export const STORED_AVATAR_URL = /^\/uploads\/avatars\/([\w-]+\.(?:png|jpg))$/;

/**
 * Where a stored avatar's thumbnail lives: beside it, `<name>.png` → `<name>.128.webp`, for a file name, a
 * path or a URL alike. Null for anything that is not an avatar's png or jpg.
 */
export function avatarThumbnailOf(avatar: string): string | null {
  return /\.(?:png|jpg)$/.test(avatar)
    ? avatar.replace(/\.(?:png|jpg)$/, `.${AVATAR_THUMBNAIL_PX}.webp`)
    : null;
}
