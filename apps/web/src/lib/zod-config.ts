/** Where zod keeps its configuration, for every copy of zod in a page (zod/v4/core, `config`). */
const zodGlobal = globalThis as { __zod_globalConfig?: { jitless?: boolean } };

/**
 * Zod's parsers in the browser: no `new Function` (our CSP forbids eval, and zod's probe for it logs a CSP
 * violation). Every schema a person meets names its Spanish message, so zod's own locale is not shipped.
 *
 * Written into the global zod keeps its configuration in, rather than through zod's `config()`: this
 * module runs before every screen of the SPA, most of which parse nothing at first, and importing `config`
 * put zod's core utilities (3.8 KiB gzipped) in every screen's first download (bench/README.md, web).
 * zod creates that global only when it is missing and reads `jitless` as each schema is built, so the
 * setting holds whether zod loads before or after this module. lib/zod-config.test.ts checks it against
 * the zod the app is built with.
 */
zodGlobal.__zod_globalConfig ??= {};
zodGlobal.__zod_globalConfig.jitless = true;
