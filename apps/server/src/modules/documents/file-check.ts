import { inflateRawSync } from 'node:zlib';
import type { DocumentMime } from '@l4l/shared/constants/documents';
import { LIMITS } from '@l4l/shared/constants/limits';
import { es } from '@l4l/shared/texts/es';
import { fileTypeFromBuffer } from 'file-type';
import { AppError } from '../../lib/app-error.ts';

/**
 * What a case document is, decided from its bytes alone (file-type), never from its name or declared type
 * (docs/decisions/0013-documents-storage-encryption.md). DOCX, XLSX and ODT are ZIP containers: before one
 * is accepted its directory is read and every entry inflated within fixed bounds, so a zip bomb (or a
 * container that lies about its sizes) is refused without ever being expanded past them.
 */

export type DocumentKind = { mime: DocumentMime; ext: string };

const KINDS: Record<string, DocumentKind> = {
  'application/pdf': { mime: 'application/pdf', ext: 'pdf' },
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': {
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    ext: 'docx',
  },
  'application/vnd.oasis.opendocument.text': { mime: 'application/vnd.oasis.opendocument.text', ext: 'odt' },
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': {
    mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    ext: 'xlsx',
  },
  'image/jpeg': { mime: 'image/jpeg', ext: 'jpg' },
  'image/png': { mime: 'image/png', ext: 'png' },
};

/** Bounds on a ZIP container (an office document is a few dozen entries of XML that compress ~5–20×). */
export const ZIP_LIMITS = {
  maxEntries: 2_000,
  /** all entries inflated together */
  maxTotalBytes: 100 * 1024 * 1024,
  /** one entry's inflated size over its compressed size */
  maxRatio: 200,
};

const unsupported = () => new AppError('UNSUPPORTED_MEDIA_TYPE', { message: es.documents.unsupported });

/** The document's type by its bytes, or 415; a ZIP container is inspected first (refused when unsafe). */
export async function documentKindOf(bytes: Uint8Array): Promise<DocumentKind> {
  if (bytes.length > LIMITS.documentMaxBytes) {
    throw new AppError('PAYLOAD_TOO_LARGE', { message: es.documents.tooLarge });
  }
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // a ZIP container is read sanely before file-type looks into its entries
  if (buffer.readUInt32LE(0) === 0x04034b50) inspectZip(buffer);
  const detected = await fileTypeFromBuffer(buffer).catch(() => undefined);
  const kind = detected && KINDS[detected.mime];
  if (!kind) throw unsupported();
  return kind;
}

/**
 * Reads the ZIP's central directory and inflates every entry within ZIP_LIMITS, checking each against the
 * sizes the directory declares. Refuses (415) ZIP64, encryption, methods other than stored and deflate,
 * entries outside the file, and anything over the bounds.
 */
export function inspectZip(zip: Buffer): void {
  const end = findEndOfDirectory(zip);
  if (end < 0) throw unsupported();
  const entries = zip.readUInt16LE(end + 10);
  const directorySize = zip.readUInt32LE(end + 12);
  let at = zip.readUInt32LE(end + 16);
  if (entries === 0xffff || at === 0xffffffff || at + directorySize > end) throw unsupported();
  if (entries > ZIP_LIMITS.maxEntries) throw unsupported();
  let total = 0;
  for (let i = 0; i < entries; i += 1) {
    if (at + 46 > end || zip.readUInt32LE(at) !== 0x02014b50) throw unsupported();
    const flags = zip.readUInt16LE(at + 8);
    const method = zip.readUInt16LE(at + 10);
    const compressed = zip.readUInt32LE(at + 20);
    const size = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    at += 46 + nameLength + extraLength + commentLength;
    // encrypted entries, ZIP64 sizes and exotic methods have no place in an office document
    if (flags & 0x1 || compressed === 0xffffffff || size === 0xffffffff) throw unsupported();
    if (method !== 0 && method !== 8) throw unsupported();
    total += size;
    if (total > ZIP_LIMITS.maxTotalBytes) throw unsupported();
    if (compressed > 0 && size / compressed > ZIP_LIMITS.maxRatio) throw unsupported();
    if (local + 30 > zip.length || zip.readUInt32LE(local) !== 0x04034b50) throw unsupported();
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    if (start + compressed > zip.length) throw unsupported();
    const data = zip.subarray(start, start + compressed);
    if (method === 0) {
      if (compressed !== size) throw unsupported();
      continue;
    }
    let inflated: Buffer;
    try {
      // never past what the directory declares: a lying entry stops here
      inflated = inflateRawSync(data, { maxOutputLength: Math.max(size, 1) });
    } catch {
      throw unsupported();
    }
    if (inflated.length !== size) throw unsupported();
  }
}

/** The offset of the End Of Central Directory record (searched back over a comment of up to 64 KiB). */
function findEndOfDirectory(zip: Buffer): number {
  const lowest = Math.max(0, zip.length - 22 - 0xffff);
  for (let at = zip.length - 22; at >= lowest; at -= 1) {
    if (zip.readUInt32LE(at) === 0x06054b50) return at;
  }
  return -1;
}

/**
 * A file name fit to keep and to send back in Content-Disposition: no folders, no control or reserved
 * characters, at most LIMITS.documentNameMax characters, ending in the extension of what the bytes are.
 */
export function sanitizeName(given: string | undefined, ext: string): string {
  const base = (given ?? '').normalize('NFC').split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .replace(/[\p{Cc}\p{Cf}<>:"|?*]/gu, '')
    .replace(/\s+/g, ' ')
    .replace(/^[\s.]+|[\s.]+$/g, '');
  const stem = cleaned.replace(/\.[^.]{1,8}$/, '').replace(/[\s.]+$/, '') || 'documento';
  const room = LIMITS.documentNameMax - ext.length - 1;
  return `${Array.from(stem).slice(0, room).join('').trim()}.${ext}`;
}
