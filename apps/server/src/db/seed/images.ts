import { initialsOf } from '@l4l/shared/format';
import sharp from 'sharp';

/**
 * Pictures for the demo data, drawn locally as SVG and rasterised by sharp. Letters are vector strokes
 * defined here, so nothing depends on the fonts a machine happens to have (CI machines have none).
 */

/** A geometric stroke font, A–Z: each glyph is a path in a box 10 units tall and `width` units wide. */
const GLYPHS: Record<string, { width: number; path: string }> = {
  A: { width: 8, path: 'M0 10 L4 0 L8 10 M1.6 6.4 H6.4' },
  B: { width: 7, path: 'M0 5 H4.5 A2.5 2.5 0 0 1 4.5 10 H0 V0 H4 A2.5 2.5 0 0 1 4 5' },
  C: { width: 7.7, path: 'M7.7 1.5 A4.5 5 0 1 0 7.7 8.5' },
  D: { width: 7.5, path: 'M0 0 V10 H3 A4.5 5 0 0 0 3 0 Z' },
  E: { width: 6.5, path: 'M6.5 0 H0 V10 H6.5 M0 5 H5' },
  F: { width: 6.5, path: 'M6.5 0 H0 V10 M0 5 H5' },
  G: { width: 9, path: 'M7.7 1.5 A4.5 5 0 1 0 9 5 H5.5' },
  H: { width: 7, path: 'M0 0 V10 M7 0 V10 M0 5 H7' },
  I: { width: 0, path: 'M0 0 V10' },
  J: { width: 6, path: 'M6 0 V7 A3 3 0 0 1 0 7' },
  K: { width: 7, path: 'M0 0 V10 M7 0 L0 6.5 M2.8 4.7 L7 10' },
  L: { width: 6, path: 'M0 0 V10 H6' },
  M: { width: 9, path: 'M0 10 V0 L4.5 7 L9 0 V10' },
  N: { width: 7.5, path: 'M0 10 V0 L7.5 10 V0' },
  O: { width: 9, path: 'M0 5 A4.5 5 0 1 1 9 5 A4.5 5 0 1 1 0 5' },
  P: { width: 7, path: 'M0 10 V0 H4.25 A2.75 2.75 0 0 1 4.25 5.5 H0' },
  Q: { width: 9, path: 'M0 5 A4.5 5 0 1 1 9 5 A4.5 5 0 1 1 0 5 M5.6 7 L9 10.4' },
  R: { width: 7, path: 'M0 10 V0 H4.25 A2.75 2.75 0 0 1 4.25 5.5 H0 M3.6 5.5 L7 10' },
  S: { width: 7, path: 'M6.53 1.25 A3.5 2.5 0 1 0 3.5 5 A3.5 2.5 0 1 1 0.47 8.75' },
  T: { width: 8, path: 'M0 0 H8 M4 0 V10' },
  U: { width: 7, path: 'M0 0 V6.5 A3.5 3.5 0 0 0 7 6.5 V0' },
  V: { width: 8, path: 'M0 0 L4 10 L8 0' },
  W: { width: 11, path: 'M0 0 L2.75 10 L5.5 2 L8.25 10 L11 0' },
  X: { width: 7.5, path: 'M0 0 L7.5 10 M7.5 0 L0 10' },
  Y: { width: 8, path: 'M0 0 L4 5 L8 0 M4 5 V10' },
  Z: { width: 7, path: 'M0 0 H7 L0 10 H7' },
  ' ': { width: 3, path: '' },
};

const LETTER_GAP = 2.6;
const STROKE = 1.45;

/** Calm, professional colours with enough contrast for white letters. */
export const AVATAR_PALETTE = [
  '#2f5d8a',
  '#3a7d74',
  '#5b6c8f',
  '#4f7a5a',
  '#7a5c8e',
  '#9a6a35',
  '#9a5b50',
  '#3f6e9e',
  '#56707f',
  '#6d7f45',
] as const;

/** Capital letters the stroke font can draw: accents removed, anything else dropped. */
function drawable(text: string): string {
  return [
    ...text
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .toUpperCase(),
  ]
    .filter((letter) => letter in GLYPHS)
    .join('');
}

/** The initials of a person (the app's own rule), as the stroke font can draw them. */
export function drawableInitials(name: string, surname: string): string {
  return drawable(initialsOf(name, surname));
}

/**
 * The SVG of a text drawn with the stroke font, centred on (cx, cy), `height` px tall or smaller so that
 * it fits in `maxWidth` px.
 */
function lettersSvg(
  text: string,
  at: { cx: number; cy: number; height: number; maxWidth: number },
  colour: string,
) {
  const glyphs = [...drawable(text)].map((letter) => GLYPHS[letter]).filter((g) => g !== undefined);
  if (glyphs.length === 0) return '';
  const width = glyphs.reduce((sum, g) => sum + g.width, 0) + LETTER_GAP * (glyphs.length - 1);
  const scale = Math.min(at.height / 10, at.maxWidth / Math.max(width, 1));
  const height = 10 * scale;
  let x = 0;
  const paths = glyphs.map((g) => {
    const path = `<path transform="translate(${x} 0)" d="${g.path}"/>`;
    x += g.width + LETTER_GAP;
    return path;
  });
  const left = at.cx - (width * scale) / 2;
  const top = at.cy - height / 2;
  return (
    `<g transform="translate(${left.toFixed(2)} ${top.toFixed(2)}) scale(${scale})" fill="none" ` +
    `stroke="${colour}" stroke-width="${STROKE}" stroke-linecap="round" stroke-linejoin="round">` +
    `${paths.join('')}</g>`
  );
}

/** A square avatar: the initials in white on a softly shaded background of the given colour. */
export function renderAvatar(initials: string, colour: string, size = 256): Promise<Buffer> {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 256 256">` +
    '<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">' +
    `<stop offset="0" stop-color="${colour}" stop-opacity="0.82"/><stop offset="1" stop-color="${colour}"/>` +
    '</linearGradient></defs>' +
    '<rect width="256" height="256" fill="#ffffff"/><rect width="256" height="256" fill="url(#bg)"/>' +
    lettersSvg(
      initials,
      { cx: 128, cy: 128, height: initials.length > 1 ? 84 : 96, maxWidth: 196 },
      '#ffffff',
    ) +
    '</svg>';
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
}

/**
 * A photographed paper document for the chat (a deed, a letter...): a page with its title, lines of text
 * as grey bars, a stamp and a signature. `variant` varies the layout.
 */
export function renderDocument(title: string, variant: number, colour: string): Promise<Buffer> {
  const lines: string[] = [];
  let y = 190;
  for (let i = 0; i < 14; i++) {
    // deterministic line lengths: a paragraph break every few lines
    const paragraphEnd = (i + variant) % 5 === 4;
    const width = paragraphEnd ? 120 + ((i * 37 + variant * 11) % 110) : 280 + ((i * 53 + variant * 7) % 36);
    lines.push(`<rect x="90" y="${y}" width="${width}" height="9" rx="4" fill="#b9c0c8"/>`);
    y += paragraphEnd ? 34 : 22;
  }
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="480" height="640" viewBox="0 0 480 640">' +
    '<rect width="480" height="640" fill="#d9d4cb"/>' +
    `<g transform="rotate(${(variant % 5) - 2} 240 320)">` +
    '<rect x="54" y="40" width="372" height="560" fill="#000000" opacity="0.12" transform="translate(5 6)"/>' +
    '<rect x="54" y="40" width="372" height="560" fill="#fdfcf9"/>' +
    lettersSvg(title, { cx: 240, cy: 92, height: 20, maxWidth: 300 }, colour) +
    '<rect x="140" y="120" width="200" height="8" rx="4" fill="#8c96a1"/>' +
    `<rect x="90" y="140" width="300" height="2" fill="${colour}" opacity="0.6"/>` +
    lines.join('') +
    `<circle cx="340" cy="${y + 30}" r="30" fill="none" stroke="${colour}" stroke-width="3" opacity="0.55"/>` +
    `<circle cx="340" cy="${y + 30}" r="21" fill="none" stroke="${colour}" stroke-width="2" opacity="0.55"/>` +
    `<path d="M100 ${y + 44} c14 -30 24 -30 30 -8 s16 18 26 -6 s14 -10 22 4 s12 6 30 -4" fill="none" ` +
    'stroke="#27374d" stroke-width="2.5" stroke-linecap="round"/>' +
    '</g></svg>';
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
}
