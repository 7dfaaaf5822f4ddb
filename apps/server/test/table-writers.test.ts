import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  describe as describeViolation,
  type Ownership,
  productOwnership,
  tableWriteViolations,
  writesIn,
} from '../scripts/table-writers.ts';

/** A small product: two modules, three tables. */
const ownership: Ownership = {
  tables: new Map([
    ['users', 'users'],
    ['lawyerProfiles', 'lawyer_profiles'],
    ['sessions', 'sessions'],
  ]),
  owners: { users: 'users', lawyer_profiles: 'lawyers', sessions: 'plugins/auth.ts' },
};

/** `${name}` as planted source text writes it inside a template. */
const at = (name: string) => `\${${name}}`;

/** A source tree laid out like the repository's, from path → text. */
function tree(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'l4l-writers-'));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

describe('the one-writer-per-table rule', () => {
  const roots: string[] = [];
  const plant = (files: Record<string, string>) => {
    const root = tree(files);
    roots.push(root);
    return root;
  };
  afterAll(() => {
    for (const root of roots) rmSync(root, { recursive: true, force: true });
  });

  it('lets each owner write its own tables', () => {
    const root = plant({
      'apps/server/src/modules/users/users.repository.ts':
        'await db.update(users).set({ name }).where(eq(users.id, id));',
      'apps/server/src/modules/lawyers/profile-writes.ts': `await tx.insert(schema.lawyerProfiles).values(v);\nawait db.execute(sql\`update ${at('lawyerProfiles')} set x = 1\`);`,
      'apps/server/src/plugins/auth.ts': 'await db.delete(sessions).where(eq(sessions.id, id));',
    });
    expect(tableWriteViolations(root, ownership)).toEqual([]);
  });

  it('fails a planted Drizzle write from another module, naming the file, line, writer and owner', () => {
    const root = plant({
      'apps/server/src/modules/cases/cases.repository.ts':
        '// the counters\nawait db\n  .update(lawyerProfiles)\n  .set({ activeCases: 1 });',
      'apps/server/src/modules/admin/admin.repository.ts': 'await db.insert(users as never).values(v);',
    });
    const violations = tableWriteViolations(root, ownership);
    expect(violations).toEqual([
      {
        file: 'apps/server/src/modules/admin/admin.repository.ts',
        line: 1,
        writer: 'admin',
        table: 'users',
        owner: 'users',
      },
      {
        file: 'apps/server/src/modules/cases/cases.repository.ts',
        line: 3,
        writer: 'cases',
        table: 'lawyer_profiles',
        owner: 'lawyers',
      },
    ]);
    expect(describeViolation(violations[1] as (typeof violations)[number])).toBe(
      'apps/server/src/modules/cases/cases.repository.ts:3: cases writes lawyer_profiles, which lawyers owns; ask modules/lawyers/index.ts to write it',
    );
  });

  it('fails planted raw SQL writes, by name or by an interpolated table, outside modules too', () => {
    const root = plant({
      'apps/server/src/db/board.ts': [
        `await db.execute(sql\`delete from lawyer_profiles where user_id = ${at('id')}\`);`,
        `await db.execute(sql\`UPDATE ${at('lawyerProfiles')} AS p SET slug = v.slug\`);`,
        'await db.execute(sql.raw(\'insert into "users" (id) values (1)\'));',
      ].join('\n'),
    });
    expect(
      tableWriteViolations(root, ownership).map(({ line, writer, table }) => [line, writer, table]),
    ).toEqual([
      [1, 'db/board.ts', 'lawyer_profiles'],
      [2, 'db/board.ts', 'lawyer_profiles'],
      [3, 'db/board.ts', 'users'],
    ]);
  });

  it('leaves reads, locks, other calls and comments alone', () => {
    const root = plant({
      'apps/server/src/modules/cases/cases.repository.ts': [
        '// update lawyer_profiles when a case finishes (its owner does)',
        'await db.select().from(lawyerProfiles).for("update");',
        `await db.execute(sql\`select * from ${at('users')} for update\`);`,
        'cache.delete(key);',
        "hash.update('users');",
        'await tx.insert(chats).values(v).onConflictDoUpdate({ target: chats.id, set: v });',
        'await db.execute(sql`insert into chats (id) values (1) on conflict do update set id = 1`);',
      ].join('\n'),
    });
    expect(tableWriteViolations(root, ownership)).toEqual([]);
  });

  it('lets tests, test helpers and the seeds write any table, and nothing else', () => {
    const write = 'await db.insert(users).values(v); await db.update(lawyerProfiles).set(v);';
    const root = plant({
      'apps/server/src/modules/cases/cases.routes.test.ts': write,
      'apps/server/test/factories.ts': write,
      'apps/server/src/db/seed/demo.ts': write,
    });
    expect(tableWriteViolations(root, ownership)).toEqual([]);
    const privacy = plant({ 'apps/server/src/modules/privacy/privacy.service.ts': write });
    expect(tableWriteViolations(privacy, ownership).map((violation) => violation.writer)).toEqual([
      'privacy',
      'privacy',
    ]);
  });

  it('fails a write to a table nobody owns', () => {
    const root = plant({ 'apps/server/src/modules/cases/x.ts': 'await db.delete(sessions);' });
    const violations = tableWriteViolations(root, {
      ...ownership,
      owners: { users: 'users', lawyer_profiles: 'lawyers' },
    });
    expect(violations.map((violation) => violation.owner)).toEqual([
      '(nobody: add it to src/db/schema/owners.ts)',
    ]);
  });

  describe("the product's own ownership", () => {
    let declared: Ownership;
    beforeAll(() => {
      declared = productOwnership();
    });

    it('gives every table of the schema an owner', () => {
      const tables = [...declared.tables.values()].sort();
      expect(tables.length).toBeGreaterThan(40);
      expect(Object.keys(declared.owners).sort()).toEqual(tables);
    });

    it('finds the writes of a real repository file', () => {
      const source = 'await db.update(lawyerProfiles).set({ featured: true });';
      expect(writesIn(source, 'apps/server/src/modules/ratings/x.ts', declared.tables)).toEqual([
        {
          file: 'apps/server/src/modules/ratings/x.ts',
          line: 1,
          writer: 'ratings',
          table: 'lawyer_profiles',
        },
      ]);
    });
  });
});
