/** What the command-line tools share: a one-line refusal, and the configuration they run with. */
import { type Config, ConfigError, loadConfig } from '../src/config.ts';

export function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

/** The server's configuration; the signing key is not needed here, a placeholder keeps one from being made. */
export function cliConfig(): Config {
  try {
    return loadConfig(process.env, { jwtSecret: 'x'.repeat(32) });
  } catch (err) {
    fail(err instanceof ConfigError ? err.message : String(err));
  }
}
