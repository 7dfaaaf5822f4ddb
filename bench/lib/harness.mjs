/**
 * What every benchmark shares: servers in child processes (so the load generator never shares a thread
 * with what it measures), autocannon runs, medians, machine facts and the results file.
 */
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { SERVER_NODE_FLAGS } from '../../scripts/server-flags.mjs';

export const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
export const RESULTS_DIR = path.join(ROOT, 'bench', 'results');

/** how long a server may take to be ready, seeding included (a million lawyers took over 15 minutes here) */
const READY_MS = Number(process.env.BENCH_READY_MINUTES ?? 60) * 60_000;

/**
 * Starts `script` in a child process that loads TypeScript through tsx and sends `{ ready: {...} }` over
 * IPC once it listens. Answers what it sent, `child` (to talk to it over IPC) and `stop()`, which ends
 * that child (by its own pid) only.
 */
export function startServer(script, { args = [], env = {}, timeoutMs = READY_MS, label = script } = {}) {
  const child = fork(script, args, {
    cwd: ROOT,
    // BENCH_PROFILE_DIR=<folder>: each server writes a CPU profile there when it stops (open it in DevTools);
    // the server's own flags (scripts/server-flags.mjs), then BENCH_SERVER_NODE_FLAGS: Node's flags for every
    // server (`--trace-gc`, a heap's sizes), space-separated
    execArgv: [
      ...SERVER_NODE_FLAGS,
      '--import',
      'tsx',
      ...(process.env.BENCH_PROFILE_DIR
        ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`]
        : []),
      ...(process.env.BENCH_SERVER_NODE_FLAGS?.split(/\s+/).filter(Boolean) ?? []),
    ],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
    });
  const ready = new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${label}: not ready after ${timeoutMs} ms`)), timeoutMs);
    child.on('message', (message) => {
      if (message?.ready) {
        clearTimeout(timer);
        resolve(message.ready);
      }
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`${label} exited early (${signal ?? code})`));
    });
  });
  return ready.then(
    (info) => ({ ...info, child, stop }),
    async (err) => {
      await stop();
      throw err;
    },
  );
}

/**
 * One autocannon run; answers requests/s and latency percentiles (ms) and counts of failed requests.
 * `setupClient` (optional) gives each connection its own requests (query-mix.mjs).
 */
export async function load({ url, connections, duration, requests, headers = {}, setupClient }) {
  const result = await autocannon({
    url,
    connections,
    duration,
    requests,
    headers,
    ...(setupClient ? { setupClient } : {}),
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    total: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

export function machine() {
  return {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? 'unknown',
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
  };
}

/** Writes bench/results/<name>-<database>-<timestamp>.json (the folder is git-ignored). */
export function writeResults(name, database, results) {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const file = path.join(RESULTS_DIR, `${name}-${database}-${stamp}.json`);
  writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
  return file;
}

export const fixed = (value, digits = 1) => Number(value.toFixed(digits));

async function onServer(url, statement) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A database of its own for one benchmark run: a new one on the PostgreSQL server named by DATABASE_URL
 * (dropped by `drop()`), else a PGlite folder. `env` is what the app's child process needs to open it.
 */
export async function throwAwayDatabase(label = 'bench') {
  const serverUrl = process.env.DATABASE_URL;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `l4l-${label}-`));
  // BENCH_SEEDED_DATABASE_URL: a database an earlier run kept (BENCH_KEEP_DATABASE=1), used as it is
  const seeded = process.env.BENCH_SEEDED_DATABASE_URL;
  if (seeded) {
    return {
      env: { DATA_DIR: dataDir, DATABASE_URL: seeded },
      seeded: true,
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  if (!serverUrl) {
    return {
      env: { DATA_DIR: dataDir },
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `l4l_${label.replace(/\W/g, '_')}_${process.pid}_${randomBytes(3).toString('hex')}`;
  await onServer(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    drop: async () => {
      // BENCH_KEEP_DATABASE=1 leaves a seeded database for the measurements that need one (write costs)
      if (process.env.BENCH_KEEP_DATABASE === '1') {
        console.log(`database kept: ${url.toString()}`);
        return;
      }
      await onServer(serverUrl, `drop database if exists ${name} with (force)`);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
