/**
 * A tiny HTTP endpoint inside a benchmarked server process: `GET /memory` collects garbage fully, then
 * answers `process.memoryUsage()`, so the chat benchmarks can measure what idle connections cost;
 * `GET /cpu` answers `process.cpuUsage()` and the event loop's delay since the last `/cpu` (p99 and max,
 * ms; no collection), so they can tell how busy the server was and whether it stalled.
 * `POST /heap-profile/start` and `POST /heap-profile/stop` (the profile as JSON) sample where the process's
 * memory goes in between, keeping what the full collections took back (objects that lived long enough to
 * be promoted, then died) and what is still alive, not what the young collections took back (with `?young`,
 * everything allocated). `GET /heap-snapshot` writes a heap snapshot and answers its file.
 * It listens on BENCH_PROBE_PORT when set (a benchmark confined to a port range), else on a free port.
 */
import http from 'node:http';
import inspector from 'node:inspector/promises';
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
    if (request.url?.startsWith('/heap-profile/')) {
      const url = new URL(request.url, 'http://probe');
      response.end(
        JSON.stringify(await heapProfile(url.pathname.endsWith('/start'), url.searchParams.has('young'))),
      );
      return;
    }
    if (request.url === '/heap-snapshot') {
      // where the heap is at this moment (for a person to read), written beside the process's working folder
      response.end(JSON.stringify({ file: v8.writeHeapSnapshot() }));
      return;
    }
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

let heapSession;

async function heapProfile(start, young) {
  if (start) {
    heapSession = new inspector.Session();
    heapSession.connect();
    await heapSession.post('HeapProfiler.enable');
    await heapSession.post('HeapProfiler.startSampling', {
      samplingInterval: 16_384,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: young,
    });
    return {};
  }
  const { profile } = await heapSession.post('HeapProfiler.stopSampling');
  heapSession.disconnect();
  return profile;
}
