/**
 * The product's load balancer (deploy/haproxy.cfg, the one compose.yaml runs) in front of server processes
 * on this machine: the same timeouts, retries, health check and forwarding of the client's address, with
 * only what names the containers changed — it binds 127.0.0.1:`port`, its servers are 127.0.0.1:`ports`,
 * it reaches them from `source` (the one address the servers' TRUST_PROXY names), and it logs warnings
 * only (its access log would write a line per request). HAProxy runs in a child process stopped by its pid.
 */
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { haproxyBinary } from '../../apps/server/test/haproxy-binary.ts';
import { ROOT } from './harness.mjs';
import { sleep } from './http-call.mjs';

/** HAPROXY when set, else `haproxy` on the PATH; undefined when neither answers */
export const HAPROXY = haproxyBinary();

export function localHaproxyConfig({ port, ports, source }) {
  const product = readFileSync(path.join(ROOT, 'deploy/haproxy.cfg'), 'utf8');
  const servers = ports.map((p, i) => `  server app${i + 1} 127.0.0.1:${p} check`).join('\n');
  const lines = product
    .replace(/log stdout format raw local0 info/, 'log stdout format raw local0 warning')
    .replace(/^\s*option httplog\s*$/m, '')
    .replace(/bind :8080/, `bind 127.0.0.1:${port}`)
    .replace(/ resolvers docker init-addr [^\n]*/, ` source ${source}`)
    .replace(/(\n\s*server app\d+ [^\n]*)+/, `\n${servers}`)
    .replace(/\nresolvers docker\n[^\n]*\n?/, '\n');
  if (lines.includes('resolvers docker') || !lines.includes(`source ${source}`))
    throw new Error('deploy/haproxy.cfg changed shape: update bench/lib/haproxy.mjs');
  return lines;
}

/** Starts HAProxy with `localHaproxyConfig` written into `dir`; resolves once /api/health/ready answers. */
export async function startHaproxy({ dir, port, ports, source, timeoutMs = 20_000 }) {
  const config = path.join(dir, 'haproxy.cfg');
  if (!HAPROXY) throw new Error('HAProxy not found: apt-get install haproxy, or HAPROXY=<its path>');
  writeFileSync(config, localHaproxyConfig({ port, ports, source }));
  const child = spawn(HAPROXY, ['-db', '-f', config], { stdio: ['ignore', 'inherit', 'inherit'] });
  let failed;
  // a missing binary is an 'error', not an exit
  child.once('error', (err) => {
    failed = err;
  });
  const exited = new Promise((resolve) => {
    child.once('exit', resolve);
    child.once('error', resolve);
  });
  const stop = async () => {
    if (!failed && child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health/ready`)).ok) break;
    } catch {
      // not listening yet
    }
    if (failed || child.exitCode !== null || performance.now() > deadline) {
      await stop();
      throw new Error(`haproxy (${HAPROXY}) did not start${failed ? `: ${failed.message}` : ''}`);
    }
    await sleep(100);
  }
  return { base: `http://127.0.0.1:${port}`, stop, pid: child.pid };
}
