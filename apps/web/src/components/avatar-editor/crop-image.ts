import { LIMITS } from '@l4l/shared/constants/limits';
import type { Area } from 'react-easy-crop';

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('image'));
    image.src = src;
  });
}

/**
 * The chosen circle of `src` as a square PNG data URL (docs/product.md, Profile: exported as PNG), transparent outside the circle
 * and scaled to the size the server keeps.
 */
export async function cropToPng(
  src: string,
  area: Area,
  size: number = LIMITS.avatarStoredPx,
): Promise<string> {
  const image = await loadImage(src);
  const canvas = document.createElement('canvas');
  canvas.width = size;
  canvas.height = size;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('canvas');
  context.beginPath();
  context.arc(size / 2, size / 2, size / 2, 0, 2 * Math.PI);
  context.clip();
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, size, size);
  return canvas.toDataURL('image/png');
}

/** docs/product.md, Profile: the crop circle never gets smaller than a 30 px radius of the original image. */
export function maxZoomFor(naturalWidth: number, naturalHeight: number): number {
  const shortSide = Math.min(naturalWidth, naturalHeight);
  return Math.max(1, Math.min(4, shortSide / (2 * LIMITS.cropMinRadius)));
}
