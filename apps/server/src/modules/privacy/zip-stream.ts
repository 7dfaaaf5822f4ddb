import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';

/** One file of a ZIP: its path inside the archive and its bytes, or null to leave it out. */
export type ZipEntry = { path: string; bytes: () => Promise<Uint8Array | null>; compress: boolean };

/**
 * A ZIP written as it is read (fflate's streaming Zip): each entry's bytes are fetched only when the
 * previous ones have been written and the reader has caught up, so an export of many documents never holds
 * them all in memory. Pictures, PDFs and sealed office files are stored as they are (`compress: false`),
 * text is deflated. An entry whose bytes cannot be had is left out and told to `skipped`; a failure the
 * archive cannot survive ends the stream with that error.
 */
export function zipStream(
  entries: AsyncIterable<ZipEntry> | Iterable<ZipEntry>,
  skipped: (path: string, error: unknown) => void,
): Readable {
  const out = new PassThrough({ highWaterMark: 1024 * 1024 });
  const zip = new Zip((error, chunk, final) => {
    if (error) {
      out.destroy(error);
      return;
    }
    out.write(chunk);
    if (final) out.end();
  });
  void (async () => {
    for await (const entry of entries) {
      if (out.destroyed) return;
      let bytes: Uint8Array | null;
      try {
        bytes = await entry.bytes();
      } catch (error) {
        skipped(entry.path, error);
        continue;
      }
      if (!bytes) {
        skipped(entry.path, null);
        continue;
      }
      const file = entry.compress ? new ZipDeflate(entry.path, { level: 6 }) : new ZipPassThrough(entry.path);
      zip.add(file);
      file.push(bytes, true);
      // a reader that went away never drains: its close ends the wait (and the loop, above)
      if (out.writableNeedDrain) await Promise.race([once(out, 'drain'), once(out, 'close')]);
    }
    zip.end();
  })().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return out;
}
