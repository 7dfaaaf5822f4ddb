/**
 * A tiny HTTP endpoint inside a benchmarked server process: `GET /memory` collects garbage fully, then
 * answers `process.memoryUsage()`, so the chat benchmarks can measure what idle connections cost;
 * `GET /cpu` answers `process.cpuUsage()` (no collection), so they can tell how busy the server was.
 * It listens on BENCH_PROBE_PORT when set (a benchmark confined to a port range), else on a free port.
 */
import http from 'node:http';
import v8 from 'node:v8';
import vm from 'node:vm';

v8.setFlagsFromString('--expose_gc');
const gc = vm.runInNewContext('gc');

export function startMemoryProbe() {
  const server = http.createServer(async (request, response) => {
    response.setHeader('content-type', 'application/json');
    if (request.url === '/cpu') {
      response.end(JSON.stringify(process.cpuUsage()));
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
