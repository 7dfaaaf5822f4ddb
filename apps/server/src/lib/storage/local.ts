import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { assertKey, type Storage } from './settings.ts';

/** The default driver: files under DATA_DIR/uploads, the folder /uploads has always been served from. */
export function createLocalStorage(dataDir: string): Storage {
  const root = path.join(dataDir, 'uploads');
  const fileOf = (key: string) => {
    assertKey(key);
    return path.join(root, key);
  };
  return {
    kind: 'local',
    async put(key, bytes) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      // written beside and renamed: a reader never sees half a file
      const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
      await writeFile(temporary, bytes);
      await rename(temporary, file);
    },
    async get(key) {
      try {
        return await readFile(fileOf(key));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async remove(key) {
      await rm(fileOf(key), { force: true });
    },
    async list(prefix) {
      const folder = path.join(root, prefix);
      const names = await readdir(folder).catch(() => [] as string[]);
      return names.filter((name) => !name.endsWith('.tmp')).map((name) => `${prefix}${name}`);
    },
    async check() {
      await mkdir(root, { recursive: true });
      await stat(root);
    },
    close() {},
  };
}
