import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Font, create as parseFont } from 'fontkit';
import PDFDocument from 'pdfkit';

/**
 * Fonts embedded in every PDF the server makes (receipts, invoices). The PDF standard fonts only know
 * WinAnsi, which has no minus sign (U+2212), and are not embedded; Liberation Sans is metrically
 * compatible with Helvetica, so layouts stay the same, and pdfkit embeds only the glyphs used.
 * Licence: fonts/LICENSE-Liberation.txt (GPL with the font-embedding exception). `npm run build` copies
 * fonts/ next to the bundle (scripts/build.mjs), where this same relative path finds it.
 */
const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fonts');

export const PDF_FONT = { regular: 'Body', bold: 'Body-Bold', italic: 'Body-Italic' } as const;

const FONT_FILES: Record<(typeof PDF_FONT)[keyof typeof PDF_FONT], string> = {
  [PDF_FONT.regular]: 'LiberationSans-Regular.ttf',
  [PDF_FONT.bold]: 'LiberationSans-Bold.ttf',
  [PDF_FONT.italic]: 'LiberationSans-Italic.ttf',
};

/**
 * The three fonts, read and parsed once per process at the first PDF: given a file, pdfkit reads and
 * parses it again for every document (tens of milliseconds an invoice). A parsed font is only read
 * afterwards; what each document embeds (its subset of glyphs) is the document's own.
 */
let parsed: Array<[name: string, font: Font]> | undefined;
const fonts = () => {
  parsed ??= Object.entries(FONT_FILES).map(([name, file]) => [
    name,
    parseFont(fs.readFileSync(path.join(dir, file))),
  ]);
  return parsed;
};

/** An A4 pdfkit document with the embedded fonts registered, and its bytes once `doc.end()` is called. */
export function createPdf(options: PDFKit.PDFDocumentOptions): {
  doc: PDFKit.PDFDocument;
  done: Promise<Buffer>;
} {
  const doc = new PDFDocument({ size: 'A4', ...options });
  // pdfkit takes a parsed fontkit font where it takes a file (its types only list files and bytes)
  for (const [name, font] of fonts()) doc.registerFont(name, font as unknown as string);
  doc.font(PDF_FONT.regular);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done };
}
