import { z } from 'zod';

/**
 * Zod's parsers in the browser: no `new Function` (our CSP forbids eval, and zod's probe for it logs a CSP
 * violation). Every schema a person meets names its Spanish message, so zod's own locale is not shipped.
 */
z.config({ jitless: true });
