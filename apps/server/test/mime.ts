import { decodeQuotedPrintable } from './outbox.ts';

/**
 * Reads back a mail as sent on the wire, enough for tests: unfolded headers, the subject with its
 * RFC 2047 encoded words decoded, and the decoded parts of a multipart message (RFC 2045/2046).
 */
export type ReadMail = {
  header(name: string): string | undefined;
  subject: string;
  parts: Array<{ contentType: string; body: string }>;
};

function splitHead(raw: string): { head: Map<string, string>; body: string } {
  const at = raw.search(/\r?\n\r?\n/);
  const headText = at < 0 ? raw : raw.slice(0, at);
  const body = at < 0 ? '' : raw.slice(at).replace(/^\r?\n\r?\n/, '');
  const head = new Map<string, string>();
  for (const line of headText.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) head.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { head, body };
}

function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_all, _charset: string, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

function decodeBody(body: string, encoding: string | undefined): string {
  if (encoding?.toLowerCase() === 'base64')
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding?.toLowerCase() === 'quoted-printable') return decodeQuotedPrintable(body);
  return body;
}

function partsOf(head: Map<string, string>, body: string): ReadMail['parts'] {
  const contentType = head.get('content-type') ?? 'text/plain';
  const boundary = contentType.match(/boundary="?([^";]+)"?/i)?.[1];
  if (!contentType.toLowerCase().startsWith('multipart/') || !boundary) {
    return [
      {
        contentType: contentType.split(';')[0]?.trim() ?? '',
        body: decodeBody(body, head.get('content-transfer-encoding')),
      },
    ];
  }
  return body
    .split(`--${boundary}`)
    .slice(1)
    .filter((chunk) => !chunk.startsWith('--'))
    .flatMap((chunk) => {
      const inner = splitHead(chunk.replace(/^\r?\n/, ''));
      return partsOf(inner.head, inner.body);
    });
}

export function readMail(raw: string): ReadMail {
  const { head, body } = splitHead(raw);
  return {
    header: (name) => head.get(name.toLowerCase()),
    subject: decodeWords(head.get('subject') ?? ''),
    parts: partsOf(head, body),
  };
}
