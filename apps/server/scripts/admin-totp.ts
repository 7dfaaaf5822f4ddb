/**
 * `npm run admin:totp`: the current second-factor code of the demo administrator, so a newcomer can open
 * the console without an authenticator app. `--secret BASE32` gives the code of another secret (such as
 * ADMIN_TOTP_SECRET). Never in production: there the codes come from the administrator's own app.
 */
import { parseArgs } from 'node:util';
import { DEMO_ADMIN_MAIL, DEMO_ADMIN_TOTP_SECRET } from '../src/db/seed/demo.ts';
import { totpCode } from '../src/modules/auth/index.ts';
import { cliConfig, fail } from './cli.ts';

const env = cliConfig().env;
if (env === 'production') fail('admin:totp no está disponible con NODE_ENV=production.');

const { values } = parseArgs({ options: { secret: { type: 'string' } } });
const secret = (values.secret ?? DEMO_ADMIN_TOTP_SECRET).trim().toUpperCase();
if (!/^[A-Z2-7]{16,}=*$/.test(secret)) fail('--secret debe ser un secreto base32 de al menos 16 caracteres.');

const secondsLeft = 30 - (Math.floor(Date.now() / 1000) % 30);
process.stdout.write(
  `${values.secret ? 'Código' : `Código de ${DEMO_ADMIN_MAIL}`}: ${totpCode(secret)} (válido ${secondsLeft} s más)\n`,
);
