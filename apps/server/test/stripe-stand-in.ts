import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { StripeEndpoint } from '../src/modules/payments/stripe-provider.ts';

/**
 * A tiny local stand-in for the Stripe API, for tests that drive the official SDK (pointed at it with
 * its `host`, `port` and `protocol` options). It records every request (form fields decoded, headers)
 * and answers the few calls L4L makes the way Stripe does, including replaying the first answer for a
 * repeated Idempotency-Key.
 */

export type RecordedRequest = {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** the form-encoded body as Stripe's flat keys: `line_items[0][price_data][unit_amount]` → '4500' */
  form: Record<string, string>;
};

type Answer = { status: number; body: unknown };
/** Answers a request; undefined falls back to the built-in Stripe-like answers. */
export type Responder = (request: RecordedRequest) => Answer | undefined;

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;

function stripeError(status: number, message: string, type = 'invalid_request_error'): Answer {
  return { status, body: { error: { type, message } } };
}

export async function startStripeStandIn() {
  const requests: RecordedRequest[] = [];
  const byIdempotencyKey = new Map<string, Answer>();
  const paymentIntents = new Map<string, Record<string, unknown>>();
  const accounts = new Map<string, Record<string, unknown>>();
  const transfers = new Map<
    string,
    { id: string; amount: number; amount_reversed: number; reversed: boolean } & Record<string, unknown>
  >();
  let responder: Responder | undefined;

  function builtIn(request: RecordedRequest): Answer {
    const { method, path, form } = request;
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const sessionId = id('cs');
      return {
        status: 200,
        body: {
          id: sessionId,
          object: 'checkout.session',
          mode: form.mode,
          currency: form['line_items[0][price_data][currency]'],
          amount_total: Number(form['line_items[0][price_data][unit_amount]']),
          metadata: {
            paymentId: form['metadata[paymentId]'],
            proposalId: form['metadata[proposalId]'],
            caseId: form['metadata[caseId]'],
          },
          payment_status: 'unpaid',
          status: 'open',
          success_url: form.success_url,
          cancel_url: form.cancel_url,
          url: `https://checkout.stripe.test/c/pay/${sessionId}`,
        },
      };
    }
    if (method === 'POST' && path === '/v1/payment_intents') {
      const intentId = id('pi');
      const intent = {
        id: intentId,
        object: 'payment_intent',
        amount: Number(form.amount),
        currency: form.currency,
        description: form.description,
        metadata: Object.fromEntries(
          Object.entries(form)
            .filter(([key]) => key.startsWith('metadata['))
            .map(([key, value]) => [key.slice('metadata['.length, -1), value]),
        ),
        status: 'requires_payment_method',
        client_secret: `${intentId}_secret_${randomBytes(8).toString('hex')}`,
      };
      paymentIntents.set(intentId, intent);
      return { status: 200, body: intent };
    }
    const expireMatch = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path);
    if (method === 'POST' && expireMatch?.[1]) {
      return {
        status: 200,
        body: { id: decodeURIComponent(expireMatch[1]), object: 'checkout.session', status: 'expired' },
      };
    }
    if (method === 'POST' && path === '/v1/refunds') {
      return {
        status: 200,
        body: {
          id: id('re'),
          object: 'refund',
          payment_intent: form.payment_intent,
          amount: Number(form.amount),
          currency: 'eur',
          status: 'succeeded',
        },
      };
    }
    // Connect (docs/money.md): Express accounts, account links, transfers and their reversals
    if (method === 'POST' && path === '/v1/accounts') {
      const account = {
        id: id('acct'),
        object: 'account',
        type: form.type,
        country: form.country,
        email: form.email,
        payouts_enabled: false,
        capabilities: { transfers: 'inactive' },
        metadata: { lawyerId: form['metadata[lawyerId]'] },
      };
      accounts.set(account.id, account);
      return { status: 200, body: account };
    }
    const accountMatch = /^\/v1\/accounts\/([^/]+)$/.exec(path);
    if (method === 'GET' && accountMatch?.[1]) {
      const account = accounts.get(decodeURIComponent(accountMatch[1]));
      return account ? { status: 200, body: account } : stripeError(404, 'No such account');
    }
    // the Express dashboard's login link of an account (docs/money.md, Payout accounts)
    const loginMatch = /^\/v1\/accounts\/([^/]+)\/login_links$/.exec(path);
    if (method === 'POST' && loginMatch?.[1]) {
      const accountId = decodeURIComponent(loginMatch[1]);
      if (!accounts.has(accountId)) return stripeError(404, 'No such account');
      return {
        status: 200,
        body: { object: 'login_link', created: 0, url: `https://connect.stripe.com/express/${accountId}` },
      };
    }
    if (method === 'POST' && path === '/v1/account_links') {
      return {
        status: 200,
        body: {
          object: 'account_link',
          url: `https://connect.stripe.test/setup/e/${form.account}`,
          expires_at: Math.floor(Date.now() / 1000) + 300,
        },
      };
    }
    if (method === 'POST' && path === '/v1/transfers') {
      const transfer = {
        id: id('tr'),
        object: 'transfer',
        amount: Number(form.amount),
        amount_reversed: 0,
        currency: form.currency,
        destination: form.destination,
        transfer_group: form.transfer_group,
        reversed: false,
      };
      transfers.set(transfer.id, transfer);
      return { status: 200, body: transfer };
    }
    const reversalMatch = /^\/v1\/transfers\/([^/]+)\/reversals$/.exec(path);
    if (method === 'POST' && reversalMatch?.[1]) {
      const transfer = transfers.get(decodeURIComponent(reversalMatch[1]));
      if (!transfer) return stripeError(404, 'No such transfer');
      const amount = Number(form.amount ?? transfer.amount);
      if (transfer.amount_reversed + amount > transfer.amount)
        return stripeError(400, 'Reversal exceeds transfer');
      transfer.amount_reversed += amount;
      transfer.reversed = transfer.amount_reversed === transfer.amount;
      return {
        status: 200,
        body: { id: id('trr'), object: 'transfer_reversal', amount, transfer: transfer.id },
      };
    }
    const intentMatch = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
    if (method === 'GET' && intentMatch?.[1]) {
      const intent = paymentIntents.get(decodeURIComponent(intentMatch[1]));
      return intent ? { status: 200, body: intent } : stripeError(404, 'No such payment_intent');
    }
    return stripeError(404, `Unrecognized request URL (${method}: ${path})`);
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const raw = Buffer.concat(chunks).toString('utf8');
      const form = Object.fromEntries(new URLSearchParams(req.method === 'GET' ? url.search : raw));
      const request: RecordedRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        headers: req.headers,
        form,
      };
      requests.push(request);
      const key = req.headers['idempotency-key'];
      const replay = typeof key === 'string' ? byIdempotencyKey.get(`${request.path} ${key}`) : undefined;
      const answer = replay ?? responder?.(request) ?? builtIn(request);
      if (typeof key === 'string' && !replay && answer.status < 500) {
        byIdempotencyKey.set(`${request.path} ${key}`, answer);
      }
      res.writeHead(answer.status, {
        'content-type': 'application/json',
        'request-id': id('req'),
        ...(replay ? { 'idempotent-replayed': 'true' } : {}),
      });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    endpoint: { host: '127.0.0.1', port, protocol: 'http' } satisfies StripeEndpoint,
    /** `STRIPE_API_BASE` for an app built on a configuration */
    apiBase: `http://127.0.0.1:${port}`,
    requests,
    /** Answers requests differently (an outage, a refusal) until reset with undefined. */
    respondWith(next: Responder | undefined) {
      responder = next;
    },
    /** Moves a PaymentIntent made here to another status, as a customer paying would. */
    setIntentStatus(intentId: string, status: string) {
      const intent = paymentIntents.get(intentId);
      if (intent) intent.status = status;
    },
    /** The transfers made here (amount, destination, transfer_group, what was reversed). */
    transfers,
    stripeError,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type StripeStandIn = Awaited<ReturnType<typeof startStripeStandIn>>;
