import { AVATAR_THUMBNAIL_PX, avatarThumbnailOf, STORED_AVATAR_URL } from '@l4l/shared/constants/avatars';
import { initialsOf } from '@l4l/shared/format';
import { useState } from 'react';
import styles from './avatar.module.css';

/** '/uploads/avatars/x.png' → '/uploads/avatars/x.128.webp', the server's thumbnail of a stored avatar. */
export function avatarThumbnailUrl(photoUrl: string): string | null {
  return STORED_AVATAR_URL.test(photoUrl) ? avatarThumbnailOf(photoUrl) : null;
}

/**
 * The person's photo, or their initials on ink when there is none. Decorative: the name is said nearby.
 * A stored avatar shown small comes from its 128 px thumbnail (a few KiB instead of the 256 px PNG);
 * where the thumbnail is missing the avatar itself shows. `loading="lazy"` for photos below the fold,
 * `priority` for the one that is the screen's largest paint.
 */
export function Avatar({
  photoUrl,
  name,
  surname,
  size = 40,
  loading,
  priority = false,
}: {
  photoUrl?: string | null;
  name: string;
  surname?: string;
  size?: number;
  loading?: 'lazy' | 'eager';
  priority?: boolean;
}) {
  const [thumbnailFailed, setThumbnailFailed] = useState<string | null>(null);
  const style = { width: size, height: size, fontSize: Math.round(size * 0.4) };
  if (photoUrl) {
    const thumbnail = thumbnailFailed === photoUrl ? null : avatarThumbnailUrl(photoUrl);
    return (
      <img
        className={styles.avatar}
        src={photoUrl}
        srcSet={thumbnail ? `${thumbnail} ${AVATAR_THUMBNAIL_PX}w, ${photoUrl} 256w` : undefined}
        sizes={thumbnail ? `${size}px` : undefined}
        alt=""
        width={size}
        height={size}
        style={style}
        loading={loading}
        decoding="async"
        fetchPriority={priority ? 'high' : undefined}
        onError={thumbnail ? () => setThumbnailFailed(photoUrl) : undefined}
      />
    );
  }
  return (
    // the initials are drawn by CSS (::before), not text: a link that shows a name beside the avatar
    // keeps the name as all it says (WCAG 2.5.3, label in name), and they are decoration to assistive tech
    <span
      className={`${styles.avatar} ${styles.initials}`}
      style={style}
      aria-hidden="true"
      data-initials={initialsOf(name, surname)}
    />
  );
}
