import { execFileSync } from 'node:child_process';

/**
 * The HAProxy binary to run: `HAPROXY` when set, else `haproxy` as the PATH finds it (Debian's package
 * puts it in the sbin folder, which root's PATH holds); undefined when it does not answer `haproxy -v`.
 * Shared by the topology test and the marketplace benchmark.
 */
export function haproxyBinary(): string | undefined {
  const candidate = process.env.HAPROXY ?? 'haproxy';
  try {
    execFileSync(candidate, ['-v'], { stdio: 'ignore' });
    return candidate;
  } catch {
    return undefined;
  }
}
