import type { AddressInfo } from 'node:net';
import { es } from '@l4l/shared/texts/es';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app.ts';
import { createUser } from '../../test/factories.ts';
import { decodeQuotedPrintable, linkIn, outbox } from '../../test/outbox.ts';
import { composeMail } from './mailer.ts';

describe('composeMail', () => {
  it('writes the same content as text and as escaped HTML, with the link spelled out', async () => {
    const mail = await composeMail({
      subject: 'Asunto',
      name: 'Ana <script>',
      paragraphs: ['Primer párrafo & más.'],
      action: { label: 'Abrir', url: 'https://l4l.example/ruta?token=a&b=1' },
      footnotes: ['Nota.'],
    });
    expect(mail.subject).toBe('Asunto');
    expect(mail.text).toBe(
      [
        'Hola, Ana <script>:',
        'Primer párrafo & más.',
        'Abrir:\nhttps://l4l.example/ruta?token=a&b=1',
        'Nota.',
        es.mail.signature,
      ].join('\n\n'),
    );
    expect(mail.html).toMatch(/^<!doctype html>/i);
    expect(mail.html).toContain('>Hola, Ana &lt;script&gt;:<');
    expect(mail.html).toContain('>Primer párrafo &amp; más.<');
    expect(mail.html).toContain('href="https://l4l.example/ruta?token=a&amp;b=1"');
    expect(mail.html).not.toContain('<script>');
  });
});

describe('without SMTP_URL', () => {
  it('writes each mail as an .eml file in DATA_DIR/outbox', async () => {
    const t = await buildTestApp();
    try {
      await t.app.mailer.send({
        to: 'ana@l4l.test',
        ...(await composeMail({ subject: 'Hola', name: 'Ana', paragraphs: ['¿Qué tal?'] })),
      });
      const [mail] = outbox(t.config.dataDir);
      expect(mail?.file).toMatch(/^\d+-[0-9a-f]{8}\.eml$/);
      expect(mail?.raw).toMatch(/^To: ana@l4l\.test$/m);
      expect(mail?.raw).toMatch(/^Subject: Hola$/m);
      expect(decodeQuotedPrintable(mail!.raw)).toContain('¿Qué tal?');
    } finally {
      await t.close();
    }
  });

  it('forgets the mails sent to one address, and only those', async () => {
    const t = await buildTestApp();
    try {
      const hello = await composeMail({ subject: 'Hola', name: 'Ana', paragraphs: ['¿Qué tal?'] });
      await t.app.mailer.send({ to: 'ana@l4l.test', ...hello });
      await t.app.mailer.send({ to: 'ANA@l4l.test', ...hello });
      // another address that names Ana's in its text is not hers
      await t.app.mailer.send({
        to: 'luis@l4l.test',
        ...(await composeMail({ subject: 'Aviso', name: 'Luis', paragraphs: ['Escribe a ana@l4l.test.'] })),
      });
      expect(await t.app.mailer.forget('ana@l4l.test')).toBe(2);
      expect(outbox(t.config.dataDir).map((mail) => mail.raw.match(/^To: (.*)$/m)?.[1])).toEqual([
        'luis@l4l.test',
      ]);
      expect(await t.app.mailer.forget('nadie@l4l.test')).toBe(0);
    } finally {
      await t.close();
    }
  });
});

describe('with SMTP_URL', () => {
  const received: string[] = [];
  let smtp: SMTPServer;
  let t: Awaited<ReturnType<typeof buildTestApp>>;

  beforeAll(async () => {
    // like a local development mail server: offers STARTTLS with a certificate nobody trusts
    smtp = new SMTPServer({
      authOptional: true,
      logger: false,
      onData(stream, _session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push(Buffer.concat(chunks).toString('utf8'));
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const port = (smtp.server.address() as AddressInfo).port;
    t = await buildTestApp({ smtpUrl: `smtp://127.0.0.1:${port}` });
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('sends through the server (no STARTTLS on a local one) and writes nothing to the outbox', async () => {
    const user = await createUser(t.app);
    const res = await t.app.inject({ method: 'POST', url: `/api/auth/recover-password?email=${user.mail}` });
    expect(res.statusCode).toBe(200);
    expect(await t.app.notifications.drainOutbox()).toEqual({ sent: 1, failed: 0 });
    expect(received).toHaveLength(1);
    expect(received[0]).toMatch(new RegExp(`^To: ${user.mail}`, 'm'));
    expect(linkIn(received[0]!, '/reset-password')?.searchParams.get('token')).toMatch(/^[\w-]{43}$/);
    expect(outbox(t.config.dataDir)).toHaveLength(0);
  });

  it('answers 200 when the mail server is down: the mail waits in the outbox for the next attempt', async () => {
    const down = await buildTestApp({ smtpUrl: 'smtp://127.0.0.1:9' });
    try {
      const known = await createUser(down.app);
      const asked = await down.app.inject({
        method: 'POST',
        url: `/api/auth/recover-password?email=${known.mail}`,
      });
      expect(asked.statusCode).toBe(200);
      expect(await down.app.notifications.drainOutbox()).toEqual({ sent: 0, failed: 1 });
      expect(await down.app.notifications.outboxCounts()).toEqual({ pending: 1, failed: 0 });
    } finally {
      await down.close();
    }
  });
});
