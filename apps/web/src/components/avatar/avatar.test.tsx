import { fireEvent, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Avatar, avatarThumbnailUrl } from './avatar.tsx';

describe('Avatar', () => {
  it('names the thumbnail the server keeps beside a stored avatar, and nothing for any other URL', () => {
    expect(avatarThumbnailUrl('/uploads/avatars/Ab-c_9.png')).toBe('/uploads/avatars/Ab-c_9.128.webp');
    expect(avatarThumbnailUrl('/uploads/avatars/x.jpg')).toBe('/uploads/avatars/x.128.webp');
    expect(avatarThumbnailUrl('/uploads/chat/x.png')).toBeNull();
    expect(avatarThumbnailUrl('https://example.com/a.png')).toBeNull();
  });

  it('offers the thumbnail for its size and falls back to the avatar itself when it is missing', () => {
    const { container } = render(<Avatar photoUrl="/uploads/avatars/a.png" name="Ana" size={64} priority />);
    const img = container.querySelector('img');
    expect(img).toHaveAttribute('srcset', '/uploads/avatars/a.128.webp 128w, /uploads/avatars/a.png 256w');
    expect(img).toHaveAttribute('sizes', '64px');
    expect(img).toHaveAttribute('fetchpriority', 'high');
    expect(img).toHaveAttribute('width', '64');
    if (!img) throw new Error('no img');
    fireEvent.error(img);
    expect(img).not.toHaveAttribute('srcset');
    expect(img).toHaveAttribute('src', '/uploads/avatars/a.png');
  });

  it('loads a photo far down the page lazily', () => {
    const { container } = render(<Avatar photoUrl="/uploads/avatars/a.png" name="Ana" loading="lazy" />);
    expect(container.querySelector('img')).toHaveAttribute('loading', 'lazy');
  });

  it('draws the initials without a photo as decoration, not text (a name beside it stays the link’s whole label)', () => {
    const { container } = render(<Avatar name="Ana" surname="Martín Ruiz" />);
    const initials = container.querySelector('[data-initials]');
    expect(initials).toHaveAttribute('data-initials', 'AM');
    expect(initials).toHaveAttribute('aria-hidden', 'true');
    expect(initials?.textContent).toBe('');
  });
});
