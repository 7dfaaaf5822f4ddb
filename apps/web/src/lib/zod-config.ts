// zod's core only: this module runs before every screen of the SPA, most of which parse nothing at first
import { config } from 'zod/v4/core';

/**
 * Zod's parsers in the browser: no `new Function` (our CSP forbids eval, and zod's probe for it logs a CSP
 * violation). Every schema a person meets names its Spanish message, so zod's own locale is not shipped.
 */
config({ jitless: true });
