import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ConfigError, loadConfig } from '../src/config.ts';
import { TEST_FILES_KEY, TEST_PLATFORM } from './app.ts';

/**
 * compose.yaml and the Dockerfile read as files (docs/operations.md, Container image and compose): no
 * container engine is needed to see that a replica's environment passes the production configuration
 * check, that both replicas share the one bucket, and that the image runs unprivileged with a health check.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const compose = parse(readFileSync(path.join(root, 'compose.yaml'), 'utf8'), { merge: true }) as {
  services: Record<
    string,
    { environment?: Record<string, string>; depends_on?: Record<string, { condition: string }> }
  >;
};
const dockerfile = readFileSync(path.join(root, 'Dockerfile'), 'utf8');

/** What the operator's .env holds (docs/operations.md): every variable compose asks for with `:?`. */
const DOT_ENV: Record<string, string> = {
  JWT_SECRET: 'a'.repeat(48),
  FILES_KEY: TEST_FILES_KEY,
  ...TEST_PLATFORM,
  ALLOW_SANDBOX_PAYMENTS: 'true',
};

/** `${NAME:-default}` and `${NAME:?message}` as compose resolves them, with `dotEnv` as the .env file. */
function interpolate(value: string, dotEnv: Record<string, string>): string {
  return value.replace(/\$\{(\w+)(?::([-?])([^}]*))?\}/g, (_whole, name: string, kind, rest: string) => {
    const given = dotEnv[name];
    if (given) return given;
    if (kind === '?') throw new Error(`compose refuses to start: ${rest}`);
    return kind === '-' ? rest : '';
  });
}

const replicas = Object.entries(compose.services).filter(([, service]) =>
  Boolean(service.environment?.DATABASE_URL),
);

describe('compose.yaml', () => {
  it('runs two app replicas behind HAProxy', () => {
    expect(replicas.map(([name]) => name)).toEqual(['app1', 'app2']);
    expect(compose.services.haproxy?.depends_on).toBeDefined();
  });

  it.each(['app1', 'app2'])('gives %s an environment the production configuration accepts', (name) => {
    const raw = compose.services[name]?.environment ?? {};
    const env = Object.fromEntries(
      Object.entries(raw).map(([key, value]) => [key, interpolate(String(value), DOT_ENV)]),
    );
    // production reads every secret from the environment: nothing is written to the data folder
    const config = loadConfig(env);
    expect(config.env).toBe('production');
    expect(config.databaseUrl).toMatch(/@postgres:5432\//);
    expect(config.redisUrl).toBe('redis://redis:6379');
    // every replica stores in the one bucket, or a file sent through one is missing on the other
    expect(config.storage).toMatchObject({ kind: 's3', bucket: 'l4l', endpoint: 'http://minio:9000' });
    expect(env.AWS_ACCESS_KEY_ID).toBeTruthy();
    expect(env.AWS_SECRET_ACCESS_KEY).toBeTruthy();
    expect(compose.services[name]?.depends_on).toMatchObject({
      postgres: { condition: 'service_healthy' },
      redis: { condition: 'service_healthy' },
      'minio-bucket': { condition: 'service_completed_successfully' },
    });
  });

  it('asks the operator for each secret production requires, instead of starting replicas that refuse', () => {
    const raw = compose.services.app1?.environment ?? {};
    for (const secret of ['JWT_SECRET', 'FILES_KEY', 'PLATFORM_NIF', 'PLATFORM_NAME', 'PLATFORM_ADDRESS']) {
      const without = { ...DOT_ENV, [secret]: '' };
      expect(() => Object.values(raw).map((value) => interpolate(String(value), without)), secret).toThrow(
        /compose refuses to start/,
      );
    }
    // and the production check itself refuses a replica without the key that seals documents
    const env = Object.fromEntries(
      Object.entries(raw)
        .filter(([key]) => key !== 'FILES_KEY')
        .map(([key, value]) => [key, interpolate(String(value), DOT_ENV)]),
    );
    expect(() => loadConfig(env)).toThrow(ConfigError);
  });

  it('creates the bucket before the replicas start', () => {
    const bucket = compose.services['minio-bucket'] as unknown as { entrypoint: string[] };
    expect(bucket.entrypoint.join(' ')).toContain('mc mb --ignore-existing store/l4l');
  });
});

describe('Dockerfile', () => {
  const runtime = dockerfile.slice(dockerfile.indexOf('AS runtime'));

  it('runs with production dependencies only, as the unprivileged node user, with a health check', () => {
    expect(dockerfile).toMatch(/FROM \S+ AS build[\s\S]*RUN npm ci[\s\S]*RUN npm run build/);
    expect(runtime).toContain('npm ci --omit=dev');
    expect(runtime).toMatch(/^USER node$/m);
    expect(runtime).toMatch(/^HEALTHCHECK [\s\S]*\/api\/health\/live/m);
    expect(runtime).toContain('COPY --from=build /app/apps/web/dist apps/web/dist');
  });
});
