import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { type MasterKey, masterKey, parseMasterKey } from '../lib/storage/envelope.ts';
import { parseStorageUrl, type StorageSettings } from '../lib/storage/settings.ts';
import { ConfigError, type SectionInput } from './fields.ts';

/** Where stored files live, and the keys that seal case documents at rest (docs/operations.md, Storage). */

export const filesShape = {
  STORAGE_URL: z.string().trim().optional(),
  FILES_KEY: z
    .string()
    .trim()
    .refine((v) => parseMasterKey(v) !== null, {
      error: 'FILES_KEY debe ser una clave de 32 bytes en base64 o 64 cifras hexadecimales',
    })
    .optional(),
  FILES_KEY_PREVIOUS: z
    .string()
    .trim()
    .refine((v) => v.split(',').every((one) => parseMasterKey(one) !== null), {
      error:
        'FILES_KEY_PREVIOUS debe ser una lista separada por comas de claves de 32 bytes en base64 o 64 cifras hexadecimales',
    })
    .optional(),
};

export type FilesConfig = {
  /** where stored files live: DATA_DIR/uploads, or S3-compatible object storage (STORAGE_URL) */
  storage: StorageSettings;
  /** the key that seals documents at rest, and the previous ones still accepted during a rotation */
  filesKey: MasterKey;
  filesKeysPrevious: MasterKey[];
};

type FilesEnv = z.infer<z.ZodObject<typeof filesShape>>;

/** `filesKey` is left out when FILES_KEY is unset: loadConfig then keeps one in the data folder. */
export function filesSettings({
  e,
  production,
  overrides,
}: SectionInput<FilesEnv, Partial<FilesConfig>>): Omit<FilesConfig, 'filesKey'> & { filesKey?: MasterKey } {
  if (production && !e.FILES_KEY && !overrides.filesKey) {
    throw new ConfigError(
      'Configuración no válida: FILES_KEY es obligatorio con NODE_ENV=production (la clave que cifra los documentos de los casos).',
    );
  }
  const storage = parseStorageUrl(e.STORAGE_URL);
  if (typeof storage === 'string') {
    throw new ConfigError(`Configuración no válida: ${storage} (recibido: "${e.STORAGE_URL}").`);
  }
  return {
    storage,
    filesKey: (e.FILES_KEY ? parseMasterKey(e.FILES_KEY) : null) ?? overrides.filesKey,
    filesKeysPrevious: (e.FILES_KEY_PREVIOUS?.split(',') ?? []).flatMap((one) => parseMasterKey(one) ?? []),
  };
}

/** Development only: a random key for documents at rest kept in the data folder (FILES_KEY in production). */
export function localFilesKey(dataDir: string): MasterKey {
  const file = path.join(dataDir, '.files-key');
  if (existsSync(file)) {
    const stored = parseMasterKey(readFileSync(file, 'utf8'));
    if (stored) return stored;
    throw new ConfigError(`Configuración no válida: ${file} no contiene una clave de 32 bytes.`);
  }
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32);
  writeFileSync(file, key.toString('base64'), { mode: 0o600, flag: 'wx' });
  return masterKey(key);
}
