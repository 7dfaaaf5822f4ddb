import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import { describe, expect, it, vi } from 'vitest';
import { hasPoppler, pdfFonts, pdfText } from '../../test/poppler.ts';

/** A one-page document in the three fonts, with `text` in each. */
async function render(createPdf: typeof import('./pdf.ts').createPdf, text: string) {
  const { PDF_FONT } = await import('./pdf.ts');
  const { doc, done } = createPdf({ margin: 50 });
  doc.font(PDF_FONT.bold).text(`${text} − negrita`);
  doc.font(PDF_FONT.regular).text(`${text} – 1.234,56 €`);
  doc.font(PDF_FONT.italic).text(`${text} ¿cursiva?`);
  doc.end();
  return done;
}

const fontReads = (spy: { mock: { calls: unknown[][] } }) =>
  spy.mock.calls.filter(([file]) => String(file).endsWith('.ttf')).length;

describe('createPdf', () => {
  it('reads and parses the three fonts once per process: later documents open no font file', async () => {
    vi.resetModules();
    const reads = vi.spyOn(fs, 'readFileSync');
    // the named imports of node:fs (pdfkit's own `readFileSync`) see the spy too
    syncBuiltinESMExports();
    try {
      const { createPdf } = await import('./pdf.ts');
      await render(createPdf, 'Primera');
      expect(fontReads(reads)).toBe(3);
      await render(createPdf, 'Segunda');
      await Promise.all([render(createPdf, 'Tercera'), render(createPdf, 'Cuarta')]);
      expect(fontReads(reads)).toBe(3);
    } finally {
      reads.mockRestore();
      syncBuiltinESMExports();
    }
  });

  it.skipIf(!hasPoppler)(
    'documents made at once from the shared fonts each embed their own glyphs and print their own text',
    async () => {
      const { createPdf } = await import('./pdf.ts');
      const [one, two] = await Promise.all([render(createPdf, 'Ñandú'), render(createPdf, 'Güero')]);
      expect((await pdfText(one)).replace(/\s+/g, ' ')).toContain('Ñandú – 1.234,56 €');
      expect((await pdfText(two)).replace(/\s+/g, ' ')).toContain('Güero ¿cursiva?');
      for (const pdf of [one, two]) {
        const fonts = pdfFonts(pdf);
        expect(fonts).toHaveLength(3);
        expect(fonts.every((font) => font.embedded)).toBe(true);
      }
    },
  );
});
