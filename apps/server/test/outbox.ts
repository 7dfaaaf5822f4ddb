import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The mails the app wrote to DATA_DIR/outbox (no SMTP_URL), oldest first, as raw .eml text. */
export function outbox(dataDir: string): Array<{ file: string; raw: string }> {
  const folder = path.join(dataDir, 'outbox');
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .map((name) => ({ file: name, raw: readFileSync(path.join(folder, name), 'utf8') }));
}

/** Undoes quoted-printable (soft line breaks and =XX bytes), enough to read links and texts back. */
export function decodeQuotedPrintable(raw: string): string {
  const joined = raw.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined[i] === '=' ? joined.slice(i + 1, i + 3) : '';
    if (/^[0-9A-F]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i] ?? ''));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** The first link of a mail to the given path, e.g. '/reset-password'. */
export function linkIn(raw: string, pathname: string): URL | undefined {
  const match = decodeQuotedPrintable(raw).match(new RegExp(`https?://[^\\s"<>]*${pathname}[^\\s"<>]*`));
  return match ? new URL(match[0]) : undefined;
}

/**
 * Sends what the app's outbox holds (tests build the app with the mail worker stopped), then answers the
 * mails written to DATA_DIR/outbox, oldest first.
 */
export async function sentMails(app: {
  notifications: { drainOutbox: () => Promise<unknown> };
  config: { dataDir: string };
}): Promise<Array<{ file: string; raw: string }>> {
  await app.notifications.drainOutbox();
  return outbox(app.config.dataDir);
}
