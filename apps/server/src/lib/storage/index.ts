import { createLocalStorage } from './local.ts';
import { createS3Storage } from './s3.ts';
import type { Storage, StorageSettings } from './settings.ts';

export { assertKey, parseStorageUrl, type Storage, type StorageSettings } from './settings.ts';

export function createStorage(settings: StorageSettings, dataDir: string): Storage {
  return settings.kind === 's3' ? createS3Storage(settings) : createLocalStorage(dataDir);
}
