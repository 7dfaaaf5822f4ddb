import { z } from 'zod';
import { type AccountsConfig, accountsSettings, accountsShape, localJwtSecret } from './config/accounts.ts';
import { type DatabaseConfig, databaseSettings, databaseShape } from './config/database.ts';
import { ConfigError } from './config/fields.ts';
import { type FilesConfig, filesSettings, filesShape, localFilesKey } from './config/files.ts';
import { type FiscalConfig, fiscalSettings, fiscalShape } from './config/fiscal.ts';
import { type MailConfig, mailSettings, mailShape } from './config/mail.ts';
import { type PaymentsConfig, paymentsSettings, paymentsShape } from './config/payments.ts';
import { type RetentionConfig, retentionSettings, retentionShape } from './config/retention.ts';
import { type ServerConfig, serverSettings, serverShape } from './config/server.ts';
import { type TurnConfig, turnSettings, turnShape } from './config/turn.ts';

/**
 * The one place that reads the environment. A bad value stops the start with a
 * one-line explanation naming the variable. Each section (config/*.ts) owns its variables, their
 * messages, the rules between them and its part of `Config`.
 */

export { ConfigError } from './config/fields.ts';
export { DEMO_PLATFORM } from './config/fiscal.ts';

const envSchema = z.object({
  ...serverShape,
  ...databaseShape,
  ...accountsShape,
  ...mailShape,
  ...paymentsShape,
  ...fiscalShape,
  ...filesShape,
  ...retentionShape,
  ...turnShape,
});

export type Config = ServerConfig &
  DatabaseConfig &
  AccountsConfig &
  MailConfig &
  PaymentsConfig &
  FiscalConfig &
  FilesConfig &
  RetentionConfig &
  TurnConfig;

/** Treat empty variables as unset, the way shells and .env files usually mean them. */
function present(env: NodeJS.ProcessEnv): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) {
    if (value !== undefined && value.trim() !== '') out[key] = value;
  }
  return out;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = envSchema.safeParse(present(env));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const variable = String(issue?.path[0] ?? '');
    const received = variable ? env[variable] : undefined;
    throw new ConfigError(
      `Configuración no válida: ${issue?.message ?? 'valor no válido'}${received !== undefined ? ` (recibido: "${received}")` : ''}.`,
    );
  }
  const input = { e: parsed.data, production: parsed.data.NODE_ENV === 'production', overrides };
  // every section's rules are checked before anything is written to the data folder (the local keys)
  const accounts = accountsSettings(input);
  const fiscal = fiscalSettings(input);
  const payments = paymentsSettings(input);
  const files = filesSettings(input);
  const turn = turnSettings(input);
  const server = serverSettings(input);
  const config: Config = {
    ...server,
    ...databaseSettings(input),
    ...accounts,
    ...mailSettings(input),
    ...payments,
    ...fiscal,
    ...files,
    filesKey: files.filesKey ?? localFilesKey(server.dataDir),
    ...retentionSettings(input),
    ...turn,
    ...overrides,
  };
  if (!config.jwtSecret) config.jwtSecret = localJwtSecret(server.dataDir);
  if (!config.supportMail) config.supportMail = `soporte@${new URL(config.publicUrl).hostname}`;
  return config;
}
