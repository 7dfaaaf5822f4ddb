import { z } from 'zod';

/**
 * Zod's parsers in the browser: no `new Function` (our CSP forbids eval, and zod's probe for it logs a CSP
 * violation), and zod's own messages in Spanish for schemas that do not name theirs.
 */
z.config({ jitless: true });
z.config(z.locales.es());
