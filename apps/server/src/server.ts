import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { DataDirLockedError } from './db/data-lock.ts';
import { ensureAdmin } from './db/seed/admin.ts';
import { type DemoLogins, seedDemo } from './db/seed/demo.ts';

/** The demo logins, for a person reading the start output (never printed in production). */
function printDemoLogins(logins: DemoLogins) {
  // the lawyers' mails, a few to a line
  const lawyers: string[] = [];
  for (const mail of logins.lawyers) {
    const line = lawyers.pop();
    if (line === undefined) lawyers.push(mail);
    else if (line.length + mail.length < 96) lawyers.push(`${line}, ${mail}`);
    else lawyers.push(line, mail);
  }
  process.stdout.write(
    [
      '',
      'Cuentas de demostración',
      `  Contraseña de todas: ${logins.password}`,
      `  Cliente:        ${logins.client}  (y ${logins.clients.slice(1).join(', ')})`,
      `  Abogado:        ${logins.lawyer}  (y ${logins.lawyers.length - 1} abogados más)`,
      `  Administración: ${logins.admin}`,
      `    segundo factor: clave ${logins.adminTotpSecret} (npm run admin:totp muestra el código actual)`,
      '  Abogados:',
      ...lawyers.map((line) => `    ${line}`),
      '',
    ].join('\n'),
  );
}

/** Starts L4L: one process serving the API, the WebSocket and the web app. */
async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }

  let app: Awaited<ReturnType<typeof buildApp>>;
  try {
    app = await buildApp(config);
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      process.stderr.write(`No se puede arrancar: ${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
  let demo: DemoLogins | undefined;
  try {
    if (config.seedDemo) {
      const seeded = await seedDemo(app.db, {
        storage: app.storage,
        filesKey: config.filesKey,
        log: (line) => app.log.info(line),
        invoices: app.invoices,
      });
      // the logins are worth printing only where the demo data is (never in production)
      if (config.env !== 'production' && seeded.present) demo = seeded.logins;
    }
    // after the seed, which only fills an empty database
    if (config.admin) {
      const outcome = await ensureAdmin(app.db, config.admin);
      app.log.info({ admin: config.admin.email, outcome }, 'administrator ensured');
    }
  } catch (err) {
    process.stderr.write(
      `No se puede arrancar: error al preparar la base de datos: ${(err as Error).message}\n`,
    );
    await app.close().catch(() => {});
    process.exit(1);
  }
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: no new connections, finishing requests in flight');
    const force = setTimeout(() => {
      app.log.error('shutdown took longer than 10 s; exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    // requests still in flight after a few seconds are cut, so the database closes well within the cap
    setTimeout(() => app.server.closeAllConnections(), 3000).unref();
    try {
      await app.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error while shutting down');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  try {
    await app.listen({ port: config.port, host: config.host, backlog: config.http.listenBacklog });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') {
      process.stderr.write(`No se puede arrancar: el puerto ${config.port} ya está en uso (cambia PORT).\n`);
    } else {
      process.stderr.write(`No se puede arrancar: ${(err as Error).message}\n`);
    }
    await app.close().catch(() => {});
    process.exit(1);
  }
  if (demo) printDemoLogins(demo);
  process.stdout.write(`\nL4L está en marcha en ${config.publicUrl}\n`);
}

void main();
