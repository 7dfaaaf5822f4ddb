import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Poppler's command-line tools, to read back the PDFs the server makes: tests that need them skip where
 * they are missing (.ci/run installs poppler-utils).
 */
export const hasPoppler = spawnSync('pdftoppm', ['-v']).status === 0;

function withPdf<T>(pdf: Buffer, work: (file: string, dir: string) => T): T {
  const dir = mkdtempSync(path.join(tmpdir(), 'l4l-pdf-'));
  try {
    const file = path.join(dir, 'doc.pdf');
    writeFileSync(file, pdf);
    return work(file, dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function run(command: string, args: string[]): string {
  const result = spawnSync(command, args, { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${command} failed: ${result.stderr}`);
  return result.stdout;
}

/** The text of the PDF, laid out as on the page. */
export const pdfText = (pdf: Buffer) => withPdf(pdf, (file) => run('pdftotext', ['-layout', file, '-']));

/** The fonts of the PDF: name and whether it is embedded. */
export function pdfFonts(pdf: Buffer): { name: string; embedded: boolean }[] {
  const lines = withPdf(pdf, (file) => run('pdffonts', [file]))
    .trim()
    .split('\n')
    .slice(2);
  return lines.map((line) => {
    const cols = line.trim().split(/\s+/);
    // name type encoding emb sub uni object-id: emb is the 5th column from the end
    return { name: cols[0] ?? '', embedded: cols[cols.length - 5] === 'yes' };
  });
}

/** The first page as RGBA pixels at `dpi` (what jsqr reads), and optionally a PNG copy at `png`. */
export function pdfPage(pdf: Buffer, dpi: number, png?: string) {
  return withPdf(pdf, (file, dir) => {
    if (png) run('pdftoppm', ['-r', String(dpi), '-png', '-singlefile', file, png.replace(/\.png$/, '')]);
    const out = path.join(dir, 'page');
    run('pdftoppm', ['-r', String(dpi), '-gray', '-singlefile', file, out]);
    const pgm = readFileSync(`${out}.pgm`);
    // binary PGM: "P5\n<width> <height>\n<max>\n" then one byte per pixel
    const header = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(pgm.subarray(0, 50).toString('latin1'));
    if (!header) throw new Error('not a PGM');
    const [whole, w, h] = header;
    const width = Number(w);
    const height = Number(h);
    const gray = pgm.subarray(whole.length);
    const data = new Uint8ClampedArray(width * height * 4);
    for (let i = 0; i < width * height; i++) {
      const v = gray[i] ?? 255;
      data[i * 4] = v;
      data[i * 4 + 1] = v;
      data[i * 4 + 2] = v;
      data[i * 4 + 3] = 255;
    }
    return { data, width, height };
  });
}
