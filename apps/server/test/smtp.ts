import { type AddressInfo, createServer, type Socket } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A mail the server kept: its recipients, the message as received, its Message-ID, when it came. */
export type ReceivedMail = { to: string[]; raw: string; messageId: string | undefined; at: number };

/** The Message-ID header of a raw message (its headers end at the first blank line). */
function messageIdOf(raw: string): string | undefined {
  const headers = raw.split(/\r?\n\r?\n/, 1)[0] ?? '';
  return headers.match(/^message-id:\s*(<[^>]*>)/im)?.[1];
}

/** Where a test may hold the conversation: each hook is awaited before the server answers. */
export type SmtpHooks = {
  /** before answering the `n`th RCPT TO (1-based, counted over the server's life): the mail is not received */
  beforeRcptReply?: (n: number) => Promise<void>;
  /** once the `n`th mail is received and kept, before the 250 that tells the sender so */
  beforeDataReply?: (n: number) => Promise<void>;
};

/**
 * A real SMTP server on a free local port (the `smtp-server` package) that keeps what it receives. While
 * `refusing` is true it answers every message with a temporary failure (451), as a server that is down.
 */
export async function startSmtp(hooks: SmtpHooks = {}) {
  const received: ReceivedMail[] = [];
  const state = { refusing: false, refused: 0 };
  let recipients = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      recipients += 1;
      const hold = hooks.beforeRcptReply?.(recipients) ?? Promise.resolve();
      hold.then(() => callback(), callback);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (state.refusing) {
          state.refused++;
          const error = Object.assign(new Error('Servicio no disponible, inténtelo más tarde'), {
            responseCode: 451,
          });
          callback(error);
          return;
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        received.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw,
          messageId: messageIdOf(raw),
          at: Date.now(),
        });
        const hold = hooks.beforeDataReply?.(received.length) ?? Promise.resolve();
        hold.then(() => callback(), callback);
      });
    },
  });
  // a client that dies mid-conversation (a killed process) resets its connection: nothing to report
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A mail server that hangs: it accepts connections on a free local port and never says a word (no
 * greeting, no answer), as one whose disk or queue is stuck. `sockets` counts the connections it holds.
 */
export async function startSilentSmtp() {
  const sockets = new Set<Socket>();
  let closing = false;
  const server = createServer((socket) => {
    socket.on('error', () => {});
    if (closing) socket.destroy();
    else sockets.add(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    sockets,
    close: async () => {
      closing = true;
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
