import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The check that no server module reaches another through a Fastify decorator (docs/decisions/0030-one-event-map.md):
 * inside apps/server/src/modules/<m>/, `app.<x>.something` or `() => app.<x>` where the decorator `x` is
 * another module's is a dependency the import graph (dependency-cruiser) cannot see. A module reacts to
 * another's facts through the event map, and takes what it truly needs synchronously through the other's
 * index.ts, handed in by app.ts. `npm run lint` runs it; apps/server/test/module-lookups.test.ts plants a
 * violation and keeps the repository at zero.
 */

export type Lookup = { file: string; line: number; module: string; decorator: string; owner: string };

const MODULES = 'apps/server/src/modules';

/** test files and test worlds may drive any module through the app */
const NOT_CHECKED = /\.(test|world)\.ts$/;

/** Which module decorates the app with which name (`app.decorate('cases', …)` in modules/cases/). */
export function decoratorOwners(root: string): Map<string, string> {
  const owners = new Map<string, string>();
  for (const [module, file] of moduleFiles(root)) {
    for (const match of readFileSync(file, 'utf8').matchAll(/\bdecorate\(\s*'(\w+)'/g)) {
      if (match[1]) owners.set(match[1], module);
    }
  }
  return owners;
}

/** The lookups of other modules' decorators in one module file's source. */
export function lookupsIn(
  source: string,
  file: string,
  module: string,
  owners: Map<string, string>,
): Lookup[] {
  const found: Lookup[] = [];
  for (const [index, text] of source.split('\n').entries()) {
    // `app.x.member`, `() => app.x` (a lookup put off until it is used) or `chat: app.chat` (the whole
    // service handed on); not `t.app.x` in a helper
    const forms = [/(?<![\w.])app\.(\w+)\b/g];
    for (const form of forms) {
      for (const match of text.matchAll(form)) {
        const decorator = match[1] ?? '';
        const owner = owners.get(decorator);
        if (owner && owner !== module) found.push({ file, line: index + 1, module, decorator, owner });
      }
    }
  }
  return found;
}

function moduleFiles(root: string): Array<[string, string]> {
  const base = path.join(root, MODULES);
  if (!existsSync(base)) return [];
  const files: Array<[string, string]> = [];
  const walk = (module: string, dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(module, full);
      else if (entry.name.endsWith('.ts') && !NOT_CHECKED.test(entry.name)) files.push([module, full]);
    }
  };
  for (const entry of readdirSync(base, { withFileTypes: true })) {
    if (entry.isDirectory()) walk(entry.name, path.join(base, entry.name));
  }
  return files;
}

/** Every lookup of another module's decorator inside the server's modules. */
export function moduleLookups(root: string): Lookup[] {
  const owners = decoratorOwners(root);
  return moduleFiles(root).flatMap(([module, file]) =>
    lookupsIn(readFileSync(file, 'utf8'), path.relative(root, file), module, owners),
  );
}

/** What the check reports: every lookup of another module's decorator, with where it is. */
export function lookupProblems(root: string): string[] {
  return moduleLookups(root).map(
    (l) => `${l.file}:${l.line}: the ${l.module} module reaches app.${l.decorator} (the ${l.owner} module)`,
  );
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
  const problems = lookupProblems(root);
  for (const problem of problems) console.error(problem);
  console.log(
    problems.length === 0 ? 'no module reaches another through a decorator' : `${problems.length} problems`,
  );
  process.exitCode = problems.length === 0 ? 0 : 1;
}
