import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Envelope encryption of documents at rest (docs/decisions/0013-documents-storage-encryption.md): every file
 * gets its own random 256-bit data key and is sealed with AES-256-GCM; the data key is sealed in turn with
 * the master key FILES_KEY (AES-256-GCM too) and kept, wrapped, beside the document's row with the id of
 * the master key that wrapped it. Rotating FILES_KEY re-wraps the small data keys, never the files.
 */

/** A master key: 32 bytes, and its id (the first 16 hex digits of its SHA-256 under a label). */
export type MasterKey = { id: string; key: Buffer };

/** What the database keeps of a sealed file, besides the stored object (the file's iv, tag and bytes). */
export type Seal = { keyId: string; wrappedKey: string };

/** A document that cannot be opened: its master key is not configured, or the key or the bytes are wrong. */
export class SealError extends Error {
  override name = 'SealError';
}

const IV = 12;
const TAG = 16;

export function masterKey(key: Buffer): MasterKey {
  if (key.length !== 32) throw new Error('a files key is 32 bytes');
  const id = createHash('sha256').update('l4l-files-key:').update(key).digest('hex').slice(0, 16);
  return { id, key };
}

/** FILES_KEY as written: 64 hex digits or the base64 (standard or url) of 32 bytes; null otherwise. */
export function parseMasterKey(text: string): MasterKey | null {
  const trimmed = text.trim();
  const bytes = /^[0-9a-fA-F]{64}$/.test(trimmed)
    ? Buffer.from(trimmed, 'hex')
    : /^[A-Za-z0-9+/_-]{43}=?$/.test(trimmed)
      ? Buffer.from(trimmed.replace(/-/g, '+').replace(/_/g, '/'), 'base64')
      : null;
  return bytes?.length === 32 ? masterKey(bytes) : null;
}

function seal(key: Buffer, plain: Uint8Array): Buffer {
  const iv = randomBytes(IV);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]);
}

function open(key: Buffer, sealed: Buffer): Buffer {
  if (sealed.length < IV + TAG) throw new Error('too short');
  const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, IV));
  decipher.setAuthTag(sealed.subarray(IV, IV + TAG));
  return Buffer.concat([decipher.update(sealed.subarray(IV + TAG)), decipher.final()]);
}

/**
 * The keyring: the current key seals, it and the previous ones (FILES_KEY_PREVIOUS, during a rotation)
 * open.
 */
export function createKeyring(current: MasterKey, previous: MasterKey[] = []) {
  const byId = new Map([current, ...previous].map((one) => [one.id, one.key]));

  function dataKeyOf(sealed: Seal): Buffer {
    const master = byId.get(sealed.keyId);
    if (!master) {
      throw new SealError(
        `the files key ${sealed.keyId} that wrapped this document is not configured (FILES_KEY, FILES_KEY_PREVIOUS)`,
      );
    }
    try {
      return open(master, Buffer.from(sealed.wrappedKey, 'base64'));
    } catch {
      throw new SealError(`the files key ${sealed.keyId} does not open this document's data key`);
    }
  }

  return {
    currentId: current.id,
    /** The stored object's bytes (iv, tag, ciphertext) and the seal the database keeps. */
    encrypt(plain: Uint8Array): { object: Buffer; seal: Seal } {
      const dataKey = randomBytes(32);
      const object = seal(dataKey, plain);
      const wrappedKey = seal(current.key, dataKey).toString('base64');
      dataKey.fill(0);
      return { object, seal: { keyId: current.id, wrappedKey } };
    },
    /** The file, or a SealError: never bytes that were not the ones sealed. */
    decrypt(object: Buffer, sealed: Seal): Buffer {
      const dataKey = dataKeyOf(sealed);
      try {
        return open(dataKey, object);
      } catch {
        throw new SealError('the stored document does not match its seal (altered or truncated)');
      } finally {
        dataKey.fill(0);
      }
    },
    /** The seal again under the current key (rotation), or null when it already is. */
    rewrap(sealed: Seal): Seal | null {
      if (sealed.keyId === current.id) return null;
      const dataKey = dataKeyOf(sealed);
      const wrappedKey = seal(current.key, dataKey).toString('base64');
      dataKey.fill(0);
      return { keyId: current.id, wrappedKey };
    },
  };
}
export type Keyring = ReturnType<typeof createKeyring>;
