/**
 * BENCH_TRACE=<file> in a benchmarked app process (lib/lawyers-app.mjs): a line per answered request and per
 * database statement, and the event loop's delay each second, appended to `file` once a second, so a run can
 * tell time spent on the server's thread from time spent waiting to be read. Lines (times in ms since the
 * process started):
 *   R <start> <duration> <requests in flight at its start> <url>
 *   Q <start> <duration> <statements in flight after it> <the statement's first 60 characters, or "named"
 *     for a named statement prepared or run (apps/server/src/db/pglite-statements.ts)>
 *   L <now> p50 <delay> p99 <delay> max <delay> inflight <requests in flight>
 * Only the embedded database's client is traced (PostgreSQL's statements go through the pool).
 */
import { appendFileSync, writeFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

/** BENCH_TRACE=<file>: the app traced into `<file>.caches-on` or `<file>.caches-off`, after its mode. */
export function traceIfAsked(app) {
  if (!process.env.BENCH_TRACE) return;
  traceServer(app, `${process.env.BENCH_TRACE}.caches-${process.env.BENCH_CACHES === 'off' ? 'off' : 'on'}`);
}

export function traceServer(app, file) {
  writeFileSync(file, '');
  const lines = [];
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  let requests = 0;
  app.server.prependListener('request', (request, response) => {
    const start = performance.now();
    requests++;
    const atStart = requests;
    response.on('finish', () => {
      requests--;
      lines.push(`R ${start.toFixed(1)} ${(performance.now() - start).toFixed(1)} ${atStart} ${request.url}`);
    });
  });
  const client = app.db.$client;
  let statements = 0;
  // a named statement's run reaches the database through execProtocol, which query and exec do not call
  for (const name of ['query', 'exec', 'execProtocol']) {
    if (typeof client?.[name] !== 'function' || app.database?.kind !== 'pglite') continue;
    const original = client[name].bind(client);
    client[name] = async (...args) => {
      const start = performance.now();
      statements++;
      try {
        return await original(...args);
      } finally {
        statements--;
        const text = name === 'execProtocol' ? 'named' : String(args[0]).slice(0, 60).replace(/\s+/g, ' ');
        lines.push(`Q ${start.toFixed(1)} ${(performance.now() - start).toFixed(1)} ${statements} ${text}`);
      }
    };
  }
  const ms = (nanoseconds) => (nanoseconds / 1e6).toFixed(1);
  setInterval(() => {
    lines.push(
      `L ${performance.now().toFixed(1)} p50 ${ms(loop.percentile(50))} p99 ${ms(loop.percentile(99))} max ${ms(loop.max)} inflight ${requests}`,
    );
    loop.reset();
    appendFileSync(file, `${lines.join('\n')}\n`);
    lines.length = 0;
  }, 1000).unref();
}
