/**
 * STORAGE_URL: unset keeps files under DATA_DIR/uploads; `s3://bucket[/prefix]?endpoint=...&region=...`
 * uses S3-compatible object storage, credentials from the AWS SDK's usual sources (AWS_ACCESS_KEY_ID and
 * AWS_SECRET_ACCESS_KEY, a profile, an instance role). With `endpoint` the bucket is addressed by path
 * (what MinIO, Ceph and most non-AWS stores expect) unless `pathStyle=false`.
 */
export type StorageSettings =
  | { kind: 'local' }
  | {
      kind: 's3';
      bucket: string;
      /** every key starts with it (`l4l/`), or '' */
      prefix: string;
      region: string;
      endpoint: string | undefined;
      forcePathStyle: boolean;
    };

const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

/** Parses STORAGE_URL; a string in Spanish naming what is wrong when it cannot. */
export function parseStorageUrl(value: string | undefined): StorageSettings | string {
  if (!value) return { kind: 'local' };
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'STORAGE_URL debe ser una URL s3://cubo?endpoint=...&region=...';
  }
  if (url.protocol !== 's3:') return 'STORAGE_URL debe empezar por s3://';
  const bucket = url.hostname;
  if (!BUCKET.test(bucket)) return 'STORAGE_URL debe nombrar un cubo válido (s3://cubo)';
  const endpoint = url.searchParams.get('endpoint') ?? undefined;
  if (endpoint) {
    try {
      if (!['http:', 'https:'].includes(new URL(endpoint).protocol)) throw new Error();
    } catch {
      return 'el endpoint de STORAGE_URL debe ser una URL http:// o https://';
    }
  }
  const region = url.searchParams.get('region') ?? (endpoint ? 'us-east-1' : undefined);
  if (!region) return 'STORAGE_URL necesita region= cuando no da endpoint=';
  const prefix = url.pathname.replace(/^\/+|\/+$/g, '');
  return {
    kind: 's3',
    bucket,
    prefix: prefix ? `${prefix}/` : '',
    region,
    endpoint,
    forcePathStyle: endpoint ? url.searchParams.get('pathStyle') !== 'false' : false,
  };
}

/**
 * Where every stored file lives (docs/decisions/0013-documents-storage-encryption.md): avatars, chat
 * pictures and case documents alike. A key is a relative path such as `avatars/<name>.png`; the same key
 * names the same object on either driver, so a deployment may move from the data folder to object storage
 * by copying the folder `DATA_DIR/uploads` into the bucket.
 */
export type Storage = {
  readonly kind: 'local' | 's3';
  /** writes the object; an existing one under the same key is replaced */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** the object's bytes, or null when there is none */
  get(key: string): Promise<Buffer | null>;
  /** removes the object; nothing when there is none */
  remove(key: string): Promise<void>;
  /** the keys under a folder (`avatars/`), not recursive past it */
  list(prefix: string): Promise<string[]>;
  /** throws when the storage does not answer (readiness, and the check at start) */
  check(): Promise<void>;
  close(): void;
};

/**
 * A key as the server makes them: folders and names of letters, digits, `-`, `_` and `.`, never `.` or
 * `..` alone; a name may start with a dot (the data folder's markers, which /uploads never serves).
 */
const KEY = /^(?:[\w-][\w.-]*\/)*[\w.-]+$/;

export function assertKey(key: string): void {
  if (!KEY.test(key) || key.split('/').some((part) => part === '.' || part === '..'))
    throw new Error(`invalid storage key: ${key}`);
}
