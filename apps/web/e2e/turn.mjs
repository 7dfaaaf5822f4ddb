/**
 * coturn beside the journeys' server (docs/decisions/0025-video-room-webrtc-signalling.md): when Debian's
 * `turnserver` is installed, a relay on loopback with a random shared secret, on ports derived from the
 * journeys' port so that parallel groups never meet. The server gets TURN_URLS and TURN_SECRET; the video
 * room's journey then calls through it only. Without the binary, nothing starts (the journey fails in CI).
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

function findTurnserver() {
  const candidates = [process.env.TURNSERVER, 'turnserver', '/usr/bin/turnserver', '/usr/sbin/turnserver'];
  return candidates.find(
    (binary) => binary && spawnSync(binary, ['--help'], { stdio: 'ignore' }).error === undefined,
  );
}

/** Starts coturn for the journeys on `port`; null when it is not installed. */
export function startTurn(port) {
  const binary = findTurnserver();
  if (!binary) return null;
  const numeric = Number(port);
  const listening = numeric + 10_000;
  const minPort = 40_000 + (numeric % 1000) * 20;
  const secret = randomBytes(24).toString('hex');
  const work = path.join(tmpdir(), `l4l-e2e-turn-${port}`);
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const child = spawn(
    binary,
    [
      '-n',
      '--no-cli',
      '--no-tls',
      '--no-dtls',
      '--fingerprint',
      '--use-auth-secret',
      `--static-auth-secret=${secret}`,
      '--realm=l4l.test',
      '--listening-ip=127.0.0.1',
      '--relay-ip=127.0.0.1',
      `--listening-port=${listening}`,
      `--min-port=${minPort}`,
      `--max-port=${minPort + 19}`,
      // both parties are on this machine: their relayed addresses are loopback ones
      '--allow-loopback-peers',
      `--userdb=${path.join(work, 'turndb')}`,
      `--pidfile=${path.join(work, 'turnserver.pid')}`,
      `--log-file=${path.join(work, 'turn.log')}`,
      '--no-stdout-log',
      '--simple-log',
    ],
    { stdio: 'ignore' },
  );
  return {
    urls: `turn:127.0.0.1:${listening}?transport=udp,turn:127.0.0.1:${listening}?transport=tcp`,
    secret,
    stop: () => child.kill('SIGTERM'),
  };
}
