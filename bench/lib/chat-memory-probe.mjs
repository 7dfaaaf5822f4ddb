/**
 * A tiny HTTP endpoint inside a benchmarked server process: `GET /memory` collects garbage fully, then
 * answers `process.memoryUsage()`, so bench/chat.mjs can measure what idle connections cost.
 */
import http from 'node:http';
import v8 from 'node:v8';
import vm from 'node:vm';

v8.setFlagsFromString('--expose_gc');
const gc = vm.runInNewContext('gc');

export function startMemoryProbe() {
  const server = http.createServer(async (_request, response) => {
    for (let i = 0; i < 3; i++) {
      gc();
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify(process.memoryUsage()));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server.address().port)));
}
