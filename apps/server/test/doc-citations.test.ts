import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { brokenCitations, citationsIn, headingResolves, headingsOf } from '../scripts/doc-citations.ts';

const root = path.resolve(import.meta.dirname, '../../..');

/** docs/README.md, Citations in code: every citation of the docs in the code names a file and heading. */
describe('citations of the docs in the code', () => {
  it('all resolve', () => {
    const broken = brokenCitations(root).map(
      (c) => `${c.file}:${c.line}: ${c.doc}, ${c.heading} (${c.problem})`,
    );
    expect(broken).toEqual([]);
  });

  it('finds a planted citation of a missing heading or file, and reads the forms in use', () => {
    // written in pieces, so that this file holds no citation itself
    const md = '.md';
    const source = [
      '/**',
      ` * Ready when the database answers (docs/operations${md}, Health checks); see docs/nowhere${md}, Intro.`,
      ` * The money (docs/money${md}, Refunds and Disputes): held, then released (docs/money${md}, Ledger).`,
      ' */',
      `// docs/domain${md}, Lawyers' prices: null until given`,
    ].join('\n');
    const cited = citationsIn(source, 'planted.ts');
    expect(cited.map((c) => [c.line, c.doc, c.heading])).toEqual([
      [2, 'docs/operations.md', 'Health checks'],
      [2, 'docs/nowhere.md', 'Intro'],
      [3, 'docs/money.md', 'Refunds and Disputes'],
      [3, 'docs/money.md', 'Ledger'],
      [5, 'docs/domain.md', "Lawyers' prices"],
    ]);
    const headings = headingsOf(
      '# Operations\n## Probes\n```\n## Not a heading\n```\n## Case documents (+)\n',
    );
    expect(headings).toEqual(['Operations', 'Probes', 'Case documents']);
    expect(headingResolves(headings, 'Health checks')).toBe(false);
    expect(headingResolves(headings, 'Not a heading')).toBe(false);
    expect(headingResolves(headings, 'Probes')).toBe(true);
    expect(headingResolves(headings, 'Probes and Case documents')).toBe(true);
    expect(headingResolves(headings, 'Probes (the database)')).toBe(true);
    expect(headingResolves(headings, 'Probes says so')).toBe(true);
    expect(headingResolves(headings, 'Probes And More')).toBe(false);
  });
});
