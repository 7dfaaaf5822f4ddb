import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The check that every citation of the docs in the code resolves (docs/README.md, Citations in code): a
 * comment that names a markdown file, a comma and a heading (the money doc's Refunds, written with the
 * file's path from the repository or from docs/) names a file that exists and a heading of it.
 * `npm run lint:docs` runs it; apps/server/test/doc-citations.test.ts keeps the repository at zero.
 */

/** Where code lives, and what code is. */
const CODE_ROOTS = ['apps', 'packages', 'scripts', 'bench'];
const CODE_FILE = /\.(ts|tsx|mts|mjs|cjs|js|css|sh)$/;
const SKIP_DIRS = new Set(['node_modules', 'dist', 'drizzle', '.vite', 'coverage', 'test-results']);

/** A markdown file's path, a comma, then the heading up to the end of the citation. */
const CITATION = /((?:[\w.-]+\/)*[\w.-]+\.md), (?=\S)/g;

export type Citation = { file: string; line: number; doc: string; heading: string };
export type BrokenCitation = Citation & { problem: 'no such file' | 'no such heading' };

/** A heading's text as a citation writes it: no markdown marks, no trailing `(+)`. */
export function headingText(line: string): string {
  return line
    .replace(/^#+\s*/, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[`*]/g, '')
    .replace(/\s*\(\+\)\s*$/, '')
    .trim();
}

/** Every heading of a markdown file, outside code fences. */
export function headingsOf(markdown: string): string[] {
  const headings: string[] = [];
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    else if (!fenced && /^#{1,6}\s/.test(line)) headings.push(headingText(line));
  }
  return headings;
}

/**
 * Comment text joined across lines (a citation may wrap), with each position's line number: `//`, ` * `
 * and `#` at the start of a continuing line become one space.
 */
function joinedComments(source: string): { text: string; lineAt: (index: number) => number } {
  const starts: number[] = [];
  let text = '';
  for (const [i, raw] of source.split('\n').entries()) {
    const continued = raw.replace(/^\s*(\/\/+|\*(?!\/)|#)\s?/, '');
    starts.push(text.length);
    text += i === 0 ? raw : ` ${continued}`;
  }
  const lineAt = (index: number) => {
    let line = 0;
    while (line + 1 < starts.length && (starts[line + 1] ?? Infinity) <= index) line += 1;
    return line + 1;
  };
  return { text, lineAt };
}

/** The citations of one source file's text. */
export function citationsIn(source: string, file: string): Citation[] {
  const { text, lineAt } = joinedComments(source);
  const found: Citation[] = [];
  for (const match of text.matchAll(CITATION)) {
    const doc = match[1] ?? '';
    const after = text.slice((match.index ?? 0) + match[0].length);
    // the heading ends at a parenthesis, a colon, a semicolon, a full stop, a dash, a quote or a comment's end
    const heading = (/^[^)\];:\n]+/.exec(after)?.[0] ?? '')
      .split(/\.(?:\s|$)| — | -- |\*\/|["`]|,\s+(?=[a-z])|\s{2,}/)[0]
      ?.trim();
    if (!heading || doc === 'README.md' || /^(SPEC|API|STYLE|ARCHITECTURE|STACK)\.md$/.test(doc)) continue;
    found.push({ file, line: lineAt(match.index ?? 0), doc, heading });
  }
  return found;
}

/** The markdown file a citation names: from the repository, from docs/, or beside the citing file. */
export function resolveDoc(root: string, from: string, doc: string): string | undefined {
  const candidates = [path.join(root, doc), path.join(root, 'docs', doc), path.join(path.dirname(from), doc)];
  return candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
}

/**
 * Whether the citation names headings of the file: one heading exactly; several joined by commas or
 * "and" (`Privacy rights, Retention`, `Ratings and Administration`), each one a heading; a heading
 * followed by a parenthesis (`Auth (login)`); or a heading the sentence goes on from in lower case
 * (`Routes names '/chat' too`).
 */
export function headingResolves(headings: string[], cited: string): boolean {
  const known = new Set(headings.map((heading) => heading.toLowerCase()));
  const isHeading = (text: string) => known.has(text.trim().toLowerCase());
  const whole = cited.trim();
  const beforeParenthesis = whole.split(' (')[0] ?? whole;
  for (const text of [whole, beforeParenthesis]) {
    if (isHeading(text)) return true;
    const parts = text.split(/,\s+|\s+and\s+/);
    if (parts.length > 1 && parts.every(isHeading)) return true;
  }
  return headings.some((heading) => {
    if (!whole.startsWith(`${heading} `)) return false;
    const rest = whole.slice(heading.length + 1);
    return /^[a-záéíóúñ'"/]/.test(rest);
  });
}

function codeFiles(dir: string, out: string[] = []): string[] {
  if (!existsSync(dir)) return out;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP_DIRS.has(entry.name) || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) codeFiles(full, out);
    else if (CODE_FILE.test(entry.name)) out.push(full);
  }
  return out;
}

/** Every citation in the repository's code that names a missing file or heading. */
export function brokenCitations(root: string): BrokenCitation[] {
  const headingCache = new Map<string, string[]>();
  const broken: BrokenCitation[] = [];
  for (const file of CODE_ROOTS.flatMap((dir) => codeFiles(path.join(root, dir)))) {
    for (const citation of citationsIn(readFileSync(file, 'utf8'), path.relative(root, file))) {
      const doc = resolveDoc(root, file, citation.doc);
      if (!doc) {
        broken.push({ ...citation, problem: 'no such file' });
        continue;
      }
      if (!headingCache.has(doc)) headingCache.set(doc, headingsOf(readFileSync(doc, 'utf8')));
      if (!headingResolves(headingCache.get(doc) ?? [], citation.heading)) {
        broken.push({ ...citation, problem: 'no such heading' });
      }
    }
  }
  return broken;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
  const broken = brokenCitations(root);
  for (const c of broken) console.error(`${c.file}:${c.line}: ${c.doc}, ${c.heading} — ${c.problem}`);
  console.log(broken.length === 0 ? 'every docs citation resolves' : `${broken.length} broken citations`);
  process.exitCode = broken.length === 0 ? 0 : 1;
}
