/**
 * `npm run admin:create -- --email x --password y [--name N --surname S]`: creates an administrator on the
 * configured database (DATA_DIR or DATABASE_URL) and prints the otpauth URL of its second factor, to add
 * to an authenticator app now; the first sign-in then completes the enrolment (it shows the same QR).
 * With the embedded database, stop the server first: only one process may open it, and while the server
 * runs this refuses with a message instead of writing to a copy that the server would overwrite.
 */
import { parseArgs } from 'node:util';
import { ROLE } from '@l4l/shared/constants/roles';
import { usernameOf } from '@l4l/shared/schemas/auth';
import { emailSchema, passwordSchema } from '@l4l/shared/schemas/common';
import { eq } from 'drizzle-orm';
import { DataDirLockedError } from '../src/db/data-lock.ts';
import { openConfiguredDatabase } from '../src/db/database.ts';
import { users } from '../src/db/schema/index.ts';
import { hashPassword } from '../src/lib/passwords.ts';
import { newTotpSecret, otpauthUrl } from '../src/modules/auth/index.ts';
import { userAccounts } from '../src/modules/users/index.ts';
import { cliConfig, fail } from './cli.ts';

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    password: { type: 'string' },
    name: { type: 'string', default: 'Administración' },
    surname: { type: 'string', default: 'L4L' },
  },
});
if (!values.email || !values.password) {
  fail(
    'Uso: npm run admin:create -- --email correo@ejemplo.es --password Clave-Segura-1 [--name N --surname S]',
  );
}
const mail = emailSchema.safeParse(values.email);
if (!mail.success) fail(`--email: ${mail.error.issues[0]?.message}`);
const password = passwordSchema.safeParse(values.password);
if (!password.success) fail(`--password: ${password.error.issues[0]?.message}`);

const config = cliConfig();

const database = await openConfiguredDatabase(config).catch((err: unknown) =>
  fail(
    err instanceof DataDirLockedError ? err.message : `No se puede abrir la base de datos: ${String(err)}`,
  ),
);
try {
  const [taken] = await database.db.select({ id: users.id }).from(users).where(eq(users.mail, mail.data));
  if (taken) fail(`Ya existe una cuenta con el correo ${mail.data}.`);
  const secret = newTotpSecret();
  await userAccounts(database.db).insert({
    role: ROLE.ADMIN,
    mail: mail.data,
    passwordHash: await hashPassword(password.data),
    name: values.name,
    surname: values.surname,
    username: usernameOf(values.name, values.surname),
    totpSecret: secret,
    // the operator chose the address: nothing to confirm
    emailVerifiedAt: new Date(),
  });
  process.stdout.write(
    [
      `Administrador creado: ${mail.data}`,
      'Añade este segundo factor a tu aplicación de autenticación (o escanea el QR al iniciar sesión):',
      `  ${otpauthUrl(secret, mail.data)}`,
      `  Clave: ${secret}`,
      '',
    ].join('\n'),
  );
} finally {
  await database.close();
}
