/**
 * HTTP as the benchmarks' virtual people make it: each request from a loopback address of its own choosing
 * (`from`, so per-address limits see many people, not one), on a connection of its own unless an `agent`
 * (a keep-alive http.Agent, one per person) is given. Never throws: a refused or failed request answers
 * its error code as `status`.
 */
import { request as httpRequest } from 'node:http';

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits, boundedly, for `condition()`; answers whether it came true. */
export async function waitFor(condition, timeoutMs, stepMs = 20) {
  const deadline = performance.now() + timeoutMs;
  while (!condition()) {
    if (performance.now() > deadline) return false;
    await sleep(stepMs);
  }
  return true;
}

/** One HTTP request from `from` (a loopback address): status, headers, body (JSON when it parses), ms. */
export function call(base, method, url, options = {}) {
  const {
    token,
    cookie,
    origin,
    json,
    body,
    headers = {},
    from = '127.0.0.1',
    timeoutMs = 90_000,
    agent = false,
    raw = false,
  } = options;
  const target = new URL(url, base);
  const payload = json === undefined ? body : Buffer.from(JSON.stringify(json));
  return new Promise((resolve) => {
    const started = performance.now();
    const req = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        path: `${target.pathname}${target.search}`,
        method,
        localAddress: from,
        agent,
        headers: {
          ...(json === undefined ? {} : { 'content-type': 'application/json' }),
          ...(payload ? { 'content-length': payload.length } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(cookie ? { cookie } : {}),
          ...(origin ? { origin } : {}),
          ...headers,
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => {
          const bytes = Buffer.concat(chunks);
          let parsed = raw ? bytes : bytes.toString();
          if (!raw) {
            try {
              parsed = JSON.parse(parsed);
            } catch {
              // not JSON
            }
          }
          resolve({
            status: res.statusCode,
            headers: res.headers,
            body: parsed,
            ms: performance.now() - started,
          });
        });
      },
    );
    req.setTimeout(timeoutMs, () => req.destroy(new Error('timeout')));
    req.once('error', (err) =>
      resolve({ status: err.code ?? err.message, headers: {}, body: null, ms: performance.now() - started }),
    );
    if (payload) req.write(payload);
    req.end();
  });
}
