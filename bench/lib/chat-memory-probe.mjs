/**
 * A tiny HTTP endpoint inside a benchmarked server process: `GET /memory` collects garbage fully, then
 * answers `process.memoryUsage()`, so the chat benchmarks can measure what idle connections cost;
 * `GET /cpu` answers `process.cpuUsage()` and the event loop's delay since the last `/cpu` (p99 and max,
 * ms; no collection), so they can tell how busy the server was and whether it stalled.
 * It listens on BENCH_PROBE_PORT when set (a benchmark confined to a port range), else on a free port.
 */
import http from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import v8 from 'node:v8';
import vm from 'node:vm';

v8.setFlagsFromString('--expose_gc');
const gc = vm.runInNewContext('gc');

export function startMemoryProbe() {
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const server = http.createServer(async (request, response) => {
    response.setHeader('content-type', 'application/json');
    if (request.url === '/cpu') {
      const delay = { loopP99Ms: loop.percentile(99) / 1e6, loopMaxMs: loop.max / 1e6 };
      loop.reset();
      response.end(JSON.stringify({ ...process.cpuUsage(), ...delay }));
      return;
    }
    for (let i = 0; i < 3; i++) {
      gc();
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    response.end(JSON.stringify(process.memoryUsage()));
  });
  const port = Number(process.env.BENCH_PROBE_PORT ?? 0);
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server.address().port)));
}
