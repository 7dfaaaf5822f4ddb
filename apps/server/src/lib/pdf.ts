import path from 'node:path';
import { fileURLToPath } from 'node:url';
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

/** An A4 pdfkit document with the embedded fonts registered, and its bytes once `doc.end()` is called. */
export function createPdf(options: PDFKit.PDFDocumentOptions): {
  doc: PDFKit.PDFDocument;
  done: Promise<Buffer>;
} {
  const doc = new PDFDocument({ size: 'A4', ...options });
  doc.registerFont(PDF_FONT.regular, path.join(dir, 'LiberationSans-Regular.ttf'));
  doc.registerFont(PDF_FONT.bold, path.join(dir, 'LiberationSans-Bold.ttf'));
  doc.registerFont(PDF_FONT.italic, path.join(dir, 'LiberationSans-Italic.ttf'));
  doc.font(PDF_FONT.regular);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done };
}
