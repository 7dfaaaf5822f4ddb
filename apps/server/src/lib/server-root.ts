import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server package's folder (apps/server), found from this file's place: the nearest folder above it
 * with a package.json. The same answer whether the code runs from its sources (src/lib) or from the
 * bundle `npm run build` makes (dist/server.js), so files that belong to the package and not to one
 * source file (the migrations in drizzle/, the web build next door) resolve from here (docs/operations.md).
 */
function findServerRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`no package.json above ${fileURLToPath(import.meta.url)}`);
    dir = parent;
  }
  return dir;
}

export const SERVER_ROOT = findServerRoot();
