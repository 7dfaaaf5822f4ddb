/**
 * The part of fontkit (pdfkit's own font parser, no types of its own) that lib/pdf.ts uses: a font parsed
 * once and handed to pdfkit, which accepts a parsed font wherever it accepts a file.
 */
declare module 'fontkit' {
  export type Font = { postscriptName: string; layout(text: string): unknown };
  export function create(buffer: Uint8Array, postscriptName?: string): Font;
}
