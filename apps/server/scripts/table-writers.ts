import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import ts from 'typescript';
import * as schema from '../src/db/schema/index.ts';
import { TABLE_OWNERS } from '../src/db/schema/owners.ts';

/**
 * The one-writer-per-table rule (docs/decisions/0026-table-ownership.md): every insert, update or delete
 * in the server's code names a table its own module owns (src/db/schema/owners.ts). It reads each file's
 * syntax (TypeScript's parser, no type checking), finding Drizzle's `.insert(t)`, `.update(t)`,
 * `.delete(t)` on a schema table (`t` or `schema.t`) and SQL text in strings and templates (`insert into
 * name`, `update name`, `delete from name`, a `${t}` interpolation counting as the table's name).
 * Tests, test helpers and the seeds (src/db/seed/) may write any table: they build the world the code
 * then runs in. `npm run lint:writers` runs it; apps/server/test/table-writers.test.ts plants violations.
 */

/** The server's code the rule reads, from the repository's root. */
const SOURCE_ROOTS = ['apps/server/src', 'apps/server/scripts'];
/** Code the rule leaves alone: tests and their helpers, the seeds. */
const EXEMPT_PATH = /(\.test\.ts$|^apps\/server\/test\/|^apps\/server\/src\/db\/seed\/)/;

export type TableWrite = { file: string; line: number; writer: string; table: string };
export type Violation = TableWrite & { owner: string };

export type Ownership = {
  /** a schema export's name → its table's SQL name */
  tables: Map<string, string>;
  /** a table's SQL name → its owner */
  owners: Readonly<Record<string, string>>;
};

/** The schema's tables and their owners, as the product declares them. */
export function productOwnership(): Ownership {
  const tables = new Map<string, string>();
  for (const [name, value] of Object.entries(schema)) {
    if (is(value, PgTable)) tables.set(name, getTableName(value));
  }
  return { tables, owners: TABLE_OWNERS };
}

/** Who a file writes as: `modules/<m>/…` is the module m, any other file is itself (`plugins/auth.ts`). */
export function writerOf(file: string): string {
  const inSource = file.replace(/^apps\/server\/src\//, '');
  const module = /^modules\/([^/]+)\//.exec(inSource);
  return module?.[1] ?? inSource;
}

const WRITE_METHODS = new Set(['insert', 'update', 'delete']);
const SQL_WRITE = /\b(?:insert\s+into|update|delete\s+from)\s+(?:only\s+)?"?([a-z_][a-z0-9_]*)"?/gi;

/** `x as T`, `(x)`, `x!` and `x satisfies T` are `x`. */
function unwrap(node: ts.Expression): ts.Expression {
  let current = node;
  while (
    ts.isAsExpression(current) ||
    ts.isParenthesizedExpression(current) ||
    ts.isNonNullExpression(current) ||
    ts.isSatisfiesExpression(current)
  ) {
    current = current.expression;
  }
  return current;
}

/** The table an expression names: a schema export (`users`) or one read off the schema (`schema.users`). */
function tableNamed(node: ts.Expression, tables: Map<string, string>): string | undefined {
  const inner = unwrap(node);
  if (ts.isIdentifier(inner)) return tables.get(inner.text);
  if (ts.isPropertyAccessExpression(inner)) return tables.get(inner.name.text);
  return undefined;
}

/** A string's or template's SQL text, each `${table}` written as the table's name. */
function sqlText(node: ts.Node, tables: Map<string, string>): string | undefined {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (!ts.isTemplateExpression(node)) return undefined;
  return (
    node.head.text +
    node.templateSpans
      .map((span) => `${tableNamed(span.expression, tables) ?? '?'}${span.literal.text}`)
      .join('')
  );
}

/** Every write to a table in one file's source. */
export function writesIn(source: string, file: string, tables: Map<string, string>): TableWrite[] {
  const known = new Set(tables.values());
  const parsed = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const writer = writerOf(file);
  const found: TableWrite[] = [];
  const record = (node: ts.Node, table: string) => {
    const line = parsed.getLineAndCharacterOfPosition(node.getStart(parsed)).line + 1;
    found.push({ file, line, writer, table });
  };
  const visit = (node: ts.Node) => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      WRITE_METHODS.has(node.expression.name.text) &&
      node.arguments[0]
    ) {
      const table = tableNamed(node.arguments[0], tables);
      if (table) record(node.expression.name, table);
    }
    const text = sqlText(node, tables);
    if (text !== undefined) {
      for (const match of text.matchAll(SQL_WRITE)) {
        const table = match[1]?.toLowerCase();
        if (table && known.has(table)) record(node, table);
      }
      // a template's parts are read with it, not again one by one
      if (ts.isTemplateExpression(node)) {
        for (const span of node.templateSpans) ts.forEachChild(span.expression, visit);
        return;
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(parsed);
  return found;
}

function sourceFiles(root: string, dir: string, out: string[] = []): string[] {
  const full = path.join(root, dir);
  if (!existsSync(full)) return out;
  for (const entry of readdirSync(full, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const relative = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) sourceFiles(root, relative, out);
    else if (/\.(ts|mts)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(relative);
  }
  return out;
}

/** Every write in the repository at `root` to a table its writer does not own. */
export function tableWriteViolations(root: string, ownership: Ownership = productOwnership()): Violation[] {
  const violations: Violation[] = [];
  for (const file of SOURCE_ROOTS.flatMap((dir) => sourceFiles(root, dir))) {
    if (EXEMPT_PATH.test(file)) continue;
    for (const write of writesIn(readFileSync(path.join(root, file), 'utf8'), file, ownership.tables)) {
      const owner = ownership.owners[write.table];
      if (owner === undefined) {
        violations.push({ ...write, owner: '(nobody: add it to src/db/schema/owners.ts)' });
      } else if (owner !== write.writer) {
        violations.push({ ...write, owner });
      }
    }
  }
  return violations;
}

/** How a violation reads: where, who, and whom to ask instead. */
export function describe(violation: Violation): string {
  const ask = /\//.test(violation.owner) ? violation.owner : `modules/${violation.owner}/index.ts`;
  return `${violation.file}:${violation.line}: ${violation.writer} writes ${violation.table}, which ${violation.owner} owns; ask ${ask} to write it`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
  const violations = tableWriteViolations(root);
  for (const violation of violations) process.stderr.write(`${describe(violation)}\n`);
  if (violations.length > 0) {
    process.stderr.write(
      `\n${violations.length} write(s) to a table outside its owner (docs/decisions/0026-table-ownership.md)\n`,
    );
    process.exit(1);
  }
  process.stdout.write('Every table is written only by its owner.\n');
}
