/**
 * The import graph's boundaries, checked by `npm run lint:deps` (run by `npm run lint` and `npm test`).
 * Each rule is a boundary the code is organised around (README.md, "Layout"): web features are composed
 * in `app/` and never import each other; generic UI and the web's lib never reach into a feature; a
 * server module is entered only through its public `index.ts`; shared server infrastructure never
 * depends on a module; and no import circle, not even one made only of types.
 */

/** A server module's own files, its tests and the test helpers may import any of its files. */
const SERVER_TESTS = ['\\.test\\.ts$', '^apps/server/test/'];

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'An import circle (type-only ones too) ties two files into one unit that cannot be read, tested or loaded apart.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'web-feature-imports-feature',
      severity: 'error',
      comment:
        "A web feature imports only its own files and the shared layers; app/ composes features (slots, callbacks), so one feature's change never breaks another's screen.",
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'web-shared-layer-imports-feature',
      severity: 'error',
      comment:
        'components/ (generic UI) and lib/ (clients, session, helpers) serve every feature and know none.',
      from: { path: '^apps/web/src/(components|lib)/' },
      to: { path: '^apps/web/src/features/' },
    },
    {
      name: 'web-imports-every-text',
      severity: 'error',
      comment:
        "texts/es.ts composes every audience's texts for the server and the tests; a web module imports its screen's audience (texts/es/<audience>.ts), or the page carries every text.",
      from: { path: '^apps/web/src/', pathNot: ['\\.test\\.tsx?$', '^apps/web/src/test/'] },
      to: { path: '^packages/shared/src/texts/es\\.ts$' },
    },
    {
      name: 'server-infrastructure-imports-module',
      severity: 'error',
      comment:
        "plugins/, lib/ and db/ are the infrastructure every module builds on; they never depend on a module. The seeds (db/seed/) compose modules like app.ts does, through each one's index.ts.",
      from: {
        path: '^apps/server/src/(plugins|lib|db)/',
        pathNot: [...SERVER_TESTS, '^apps/server/src/db/seed/'],
      },
      to: { path: '^apps/server/src/modules/' },
    },
    {
      name: 'server-module-entered-through-index',
      severity: 'error',
      comment:
        "Another module enters a module only through modules/<m>/index.ts, its public entry; the module's other files are its own business.",
      from: { path: '^apps/server/src/modules/([^/]+)/', pathNot: SERVER_TESTS },
      to: {
        path: '^apps/server/src/modules/[^/]+/',
        pathNot: ['^apps/server/src/modules/$1/', '^apps/server/src/modules/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'server-outside-code-enters-module-through-index',
      severity: 'error',
      comment:
        'app.ts, server.ts and the scripts enter a module only through modules/<m>/index.ts, its public entry.',
      from: { path: '^apps/server/', pathNot: ['^apps/server/src/modules/', ...SERVER_TESTS] },
      to: {
        path: '^apps/server/src/modules/[^/]+/',
        pathNot: '^apps/server/src/modules/[^/]+/index\\.ts$',
      },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules', '^apps/web/dist/', '^apps/server/dist/', '(^|/)drizzle/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
