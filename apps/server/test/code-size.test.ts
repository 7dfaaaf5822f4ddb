import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  describeProblem,
  isMeasured,
  MAX_FILE_LINES,
  MAX_FUNCTION_LINES,
  sizeProblems,
  sizeProblemsIn,
} from '../scripts/code-size.ts';

const root = path.resolve(import.meta.dirname, '../../..');

/** docs/README.md, Size of files and functions. */
describe('the size of files and functions', () => {
  it('no source file over 400 lines, no function over 80 lines of its own', () => {
    expect(sizeProblems(root).map(describeProblem)).toEqual([]);
  });

  it('finds a planted long file and a long function, and measures a function by its own lines', () => {
    const body = (lines: number) =>
      Array.from({ length: lines }, (_, i) => `  const v${i} = ${i};`).join('\n');
    const long = `export function long() {\n${body(MAX_FUNCTION_LINES)}\n}\n`;
    expect(sizeProblemsIn(long, 'apps/server/src/planted.ts')).toEqual([
      {
        file: 'apps/server/src/planted.ts',
        line: 1,
        kind: 'function',
        name: 'long',
        lines: MAX_FUNCTION_LINES + 2,
      },
    ]);
    // a factory of small functions is measured by its own lines, not by what it holds
    const small = `  function part() {\n${body(30)}\n  }\n`;
    const factory = `export function createThing() {\n${small.repeat(4)}  return {};\n}\n`;
    expect(sizeProblemsIn(factory, 'apps/server/src/factory.ts')).toEqual([]);
    const tooLong = `${Array.from({ length: MAX_FILE_LINES + 1 }, (_, i) => `export const c${i} = ${i};`).join('\n')}\n`;
    expect(sizeProblemsIn(tooLong, 'apps/web/src/planted.ts').map((problem) => problem.kind)).toEqual([
      'file',
    ]);
  });

  it('leaves out seed data, texts, tests and benchmarks', () => {
    expect(isMeasured('apps/server/src/modules/money/refunds.ts')).toBe(true);
    expect(isMeasured('apps/web/src/features/chat/components/conversation.tsx')).toBe(true);
    expect(isMeasured('apps/server/scripts/code-size.ts')).toBe(true);
    expect(isMeasured('apps/server/src/db/seed/demo-cases.ts')).toBe(false);
    expect(isMeasured('packages/shared/src/texts/es/app.ts')).toBe(false);
    expect(isMeasured('apps/server/src/modules/cases/cases.routes.test.ts')).toBe(false);
    expect(isMeasured('bench/marketplace.mjs')).toBe(false);
    expect(isMeasured('docs/money.md')).toBe(false);
  });
});
