import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/**
 * The size check (docs/README.md, Size of files and functions): no source file over 400 lines, no function
 * over 80 lines of its own. Seed data, the texts and tests are data or scenarios, not logic, and are left
 * out. A function's own lines leave out the functions nested in it, so a factory that returns a dozen small
 * functions is measured by its own glue, not by the sum of what it holds.
 * `npm run lint:size` runs it; apps/server/test/code-size.test.ts keeps the repository at zero.
 */

export const MAX_FILE_LINES = 400;
export const MAX_FUNCTION_LINES = 80;

/** What counts as source: the apps' and packages' code and the scripts beside them. */
const SOURCE = /^(apps\/[^/]+\/(src|scripts)|packages\/[^/]+\/src|scripts)\/.*\.(ts|tsx|mts|mjs)$/;
/** Data, texts and scenarios: long by nature, not logic. */
const NOT_LOGIC = [/\.test\.tsx?$/, /\/db\/seed\//, /\/texts\//, /\.d\.ts$/, /^bench\//];

export type SizeProblem = {
  file: string;
  line: number;
  kind: 'file' | 'function';
  name: string;
  lines: number;
};

export function isMeasured(file: string): boolean {
  return SOURCE.test(file) && !NOT_LOGIC.some((pattern) => pattern.test(file));
}

function isFunction(node: ts.Node): node is ts.FunctionLikeDeclaration {
  return (
    ts.isFunctionDeclaration(node) ||
    ts.isFunctionExpression(node) ||
    ts.isArrowFunction(node) ||
    ts.isMethodDeclaration(node) ||
    ts.isGetAccessorDeclaration(node) ||
    ts.isSetAccessorDeclaration(node) ||
    ts.isConstructorDeclaration(node)
  );
}

/** A function's name as a reader finds it: its own, or the variable or property it is assigned to. */
function nameOf(node: ts.FunctionLikeDeclaration): string {
  if (node.name) return node.name.getText();
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) return parent.name.getText();
  if (ts.isCallExpression(parent)) return `${parent.expression.getText().slice(0, 40)}(…)`;
  return '(anonymous)';
}

/** Problems of one file's text: its length, and every function longer than allowed by its own lines. */
export function sizeProblemsIn(source: string, file: string): SizeProblem[] {
  const problems: SizeProblem[] = [];
  const total = source.split('\n').length - (source.endsWith('\n') ? 1 : 0);
  if (total > MAX_FILE_LINES) problems.push({ file, line: 1, kind: 'file', name: file, lines: total });
  const kind = file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const sourceFile = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, kind);
  const lineOf = (position: number) => sourceFile.getLineAndCharacterOfPosition(position).line;
  const span = (node: ts.Node) => lineOf(node.getEnd()) - lineOf(node.getStart()) + 1;
  const nestedLines = (fn: ts.Node) => {
    let lines = 0;
    const visit = (node: ts.Node) => {
      if (isFunction(node) && span(node) > 3) lines += span(node);
      else ts.forEachChild(node, visit);
    };
    ts.forEachChild(fn, visit);
    return lines;
  };
  const visit = (node: ts.Node) => {
    if (isFunction(node)) {
      const own = span(node) - nestedLines(node);
      if (own > MAX_FUNCTION_LINES) {
        problems.push({
          file,
          line: lineOf(node.getStart()) + 1,
          kind: 'function',
          name: nameOf(node),
          lines: own,
        });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return problems;
}

/** Every problem in the repository's tracked source files. */
export function sizeProblems(root: string): SizeProblem[] {
  const files = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter(isMeasured);
  return files.flatMap((file) => sizeProblemsIn(readFileSync(path.join(root, file), 'utf8'), file));
}

export function describeProblem(problem: SizeProblem): string {
  return problem.kind === 'file'
    ? `${problem.file}: ${problem.lines} lines (at most ${MAX_FILE_LINES}): split it by job`
    : `${problem.file}:${problem.line}: ${problem.name} has ${problem.lines} lines of its own (at most ${MAX_FUNCTION_LINES})`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
  const problems = sizeProblems(root);
  for (const problem of problems) console.error(describeProblem(problem));
  if (problems.length > 0) {
    console.error(`\n${problems.length} files or functions over their size`);
    process.exit(1);
  }
  console.log('No source file over 400 lines, no function over 80 lines of its own');
}
