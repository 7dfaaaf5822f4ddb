import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
// relative, so the config's own bundler takes the TypeScript source
import { PAGE_BY_PATH } from '../../packages/shared/src/constants/pages.ts';
import { precompress } from './build/compress.ts';
import { prerenderPages } from './build/prerender.ts';

/** The API server (apps/server) during `npm run dev`; the built app is served by that server itself. */
const apiOrigin = 'http://localhost:3000';

/**
 * `npm run dev` and `vite preview` answer '/', '/login' and '/registro' with landing.html and
 * '/dashboard/inicio' with home.html, as the server does in production (apps/server/src/plugins/web.ts);
 * every other page stays index.html's SPA.
 */
function landingPage(): Plugin {
  const rewrite = (req: { method?: string; url?: string }, _res: unknown, next: () => void) => {
    const [pathname = '/', query] = (req.url ?? '/').split('?');
    const page = PAGE_BY_PATH.get(pathname);
    if ((req.method === 'GET' || req.method === 'HEAD') && page) {
      req.url = `/${page}${query === undefined ? '' : `?${query}`}`;
    }
    next();
  };
  return {
    name: 'l4l:landing-page',
    configureServer(server) {
      server.middlewares.use(rewrite);
    },
    configurePreviewServer(server) {
      server.middlewares.use(rewrite);
    },
  };
}

type GraphInfo = { importedIds: readonly string[]; dynamicallyImportedIds: readonly string[] };
type Graph = { getModuleInfo(id: string): GraphInfo | null };

const SRC = fileURLToPath(new URL('src/', import.meta.url));

/** Every module `roots` reach through static imports, and through dynamic ones when `follow` says so. */
function reach(graph: Graph, roots: readonly string[], follow: (id: string) => boolean = () => false) {
  const seen = new Set<string>();
  const stack = [...roots];
  for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    const info = graph.getModuleInfo(id);
    if (!info) continue;
    stack.push(...info.importedIds, ...info.dynamicallyImportedIds.filter(follow));
  }
  return seen;
}

/** Pages, and screens, that paint without zod: their schemas load beside their requests and in their forms' resolvers. */
const ZOD_FREE_FIRST_PAINT = [
  ['home.html', 'home-main.tsx'],
  ['/profile', 'app/routes/profile-route.tsx'],
  ['/dashboard/chat', 'app/routes/chat-route.tsx'],
  ['/dashboard/casos/:caseId', 'app/routes/case-detail-route.tsx'],
  ['/dashboard/begincase', 'app/routes/begin-case-route.tsx'],
] as const;

/**
 * Fewer, larger chunks for the first screens (ADR 0021). Left alone, the bundler makes a chunk for every
 * set of screens that share a module: a hard load of the client home fetched 47 scripts and 14
 * stylesheets, six at a time over HTTP/1.1, and Lighthouse's mobile performance stayed near 80. Here each
 * module the home page (home.html) loads goes to one group by who else loads it on a hard load:
 * - 'core': the landing page and the SPA's entry (React, React DOM, the API client, the session);
 * - 'kit': the landing page, not the SPA's entry (the logo, shared bits of the frame);
 * - 'shared': the SPA's entry and the landing page's modals, not the landing page itself;
 * - 'spa': the SPA's entry only (React Router, the providers);
 * - 'common': the administration console too (fields, avatars, dates);
 * - 'forms': the landing page's modals too (the registration's fields);
 * - 'dashboard': everything else the dashboard layout needs;
 * - 'screens': what the home screen shares with other screens (a lawyer's card, the pager);
 * - 'home': what only the home screen needs (the directory, the case board), which no other screen loads.
 * So what the landing page loads grows by nothing (it still has no React Router, ADR 0008), every screen
 * keeps a chunk of its own (a module loaded with import() is never grouped), and no route's first download
 * grows by more than a few KiB (bench/README.md, web).
 */
function firstScreenChunks(): Plugin {
  let groups: Map<string, string> | null = null;
  const file = (relative: string) => path.join(SRC, relative);
  const compute = (graph: Graph) => {
    const isSpaInPlace = (id: string) => id === file('app/landing/spa-in-place.tsx');
    const landing = reach(graph, [file('landing-main.tsx')]);
    const landingModals = reach(graph, [file('landing-main.tsx')], (id) => !isSpaInPlace(id));
    const main = reach(graph, [file('main.tsx')]);
    const home = reach(graph, [file('home-main.tsx')]);
    const all = reach(graph, [file('main.tsx')], () => true);
    const entries = [file('main.tsx'), file('landing-main.tsx'), file('home-main.tsx'), file('home-spa.ts')];
    const own = new Set<string>(entries);
    for (const id of all)
      for (const target of graph.getModuleInfo(id)?.dynamicallyImportedIds ?? []) own.add(target);
    // the console: its layout and each of its sections' routes (app/routes/admin-*-route.tsx)
    const adminRoutes = [...own].filter((id) => /\/app\/routes\/admin-[\w-]+-route\.tsx$/.test(id));
    const admin = reach(graph, [file('app/layouts/admin-layout.tsx'), ...adminRoutes]);
    const layout = reach(graph, [file('app/layouts/dashboard-layout.tsx')]);
    const homeRoute = file('app/routes/home-route.tsx');
    // what the other screens (and dialogs) load: a module of theirs in the home's own group would make them load all of it
    const elsewhere = reach(
      graph,
      [...own].filter((id) => id !== homeRoute && !entries.includes(id)),
    );
    // what landing.html's and home-client.html's scripts load before the first paint stays out of every
    // group: a few lines, not React
    const boot = reach(graph, [file('landing-boot.ts'), file('home-boot.ts')]);
    const found = new Map<string, string>();
    for (const id of home) {
      // zod stays split the bundler's way: the SPA's entry needs only its config, from its core (zod-config.ts),
      // and a group would keep every part of it that any chunk imports
      if (own.has(id) || boot.has(id) || id.includes('/node_modules/zod/')) continue;
      if (landing.has(id)) found.set(id, main.has(id) ? 'core' : 'kit');
      else if (main.has(id)) found.set(id, landingModals.has(id) ? 'shared' : 'spa');
      else if (admin.has(id)) found.set(id, 'common');
      else if (landingModals.has(id)) found.set(id, 'forms');
      else if (layout.has(id)) found.set(id, 'dashboard');
      else found.set(id, elsewhere.has(id) ? 'screens' : 'home');
    }
    return found;
  };
  return {
    name: 'l4l:first-screen-chunks',
    apply: 'build',
    buildStart() {
      groups = null;
    },
    // what the two first pages are built around, checked on every build (ADR 0008)
    buildEnd(error) {
      if (error) return;
      const landing = reach(this, [file('landing-main.tsx')]);
      const router = [...landing].find((id) => id.includes('/node_modules/react-router/'));
      if (router) this.error(`landing.html must not load React Router (ADR 0008), it reaches ${router}`);
      // the client home, the lawyer's sheet (its forms all on screen at once), the chat and the cases' screens
      // (bench/README.md, web)
      for (const [page, entry] of ZOD_FREE_FIRST_PAINT) {
        const zod = [...reach(this, [file(entry)])].find((id) =>
          id.includes('/node_modules/zod/v4/classic/'),
        );
        if (!zod) continue;
        this.error(
          `${page} must not load zod's schemas before its first paint (ADR 0008), it reaches ${zod}: ` +
            "import schemas with lazySchema (lib/parse-answer.ts), a form's through schemaResolver, and formats " +
            'from @l4l/shared/format',
        );
      }
    },
    outputOptions(options) {
      return {
        ...options,
        codeSplitting: {
          groups: [
            {
              name: (id, ctx) => {
                groups ??= compute(ctx);
                return groups.get(id) ?? null;
              },
              // a group's modules need the landing page's chunks (React), never the other way round
              includeDependenciesRecursively: false,
            },
          ],
        },
      };
    },
  };
}

/**
 * React Router's production build in the built app. Its package exports only its development build, which
 * keeps its developer warnings switched on (`ENABLE_DEV_WARNINGS`): extra work on every navigation and
 * link, in every user's browser. The same version's production build has the same API without them.
 */
function reactRouterProduction(): Plugin {
  return {
    name: 'l4l:react-router-production',
    apply: 'build',
    config: () => ({
      resolve: {
        alias: [
          {
            find: /^react-router$/,
            replacement: path.join(
              path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
              'dist/production/index.mjs',
            ),
          },
        ],
      },
    }),
  };
}

/** zod's JSON Schema export, which the built app never uses (nothing in it calls `toJSONSchema`). */
const ZOD_JSON_SCHEMA = /\/node_modules\/zod\/v4\/core\/(json-schema-processors|to-json-schema)\.js$/;

/**
 * zod without its JSON Schema export in the built app. zod's classic API builds every schema with methods
 * that convert it to JSON Schema, so its bundle carries that code (about 6 KiB gzipped of 22) even though
 * the app only parses. Here those two modules become stubs with the same exports, each of which throws if
 * called; the server and the tests keep the real ones.
 */
function zodWithoutJsonSchema(): Plugin {
  return {
    name: 'l4l:zod-without-json-schema',
    apply: 'build',
    enforce: 'pre',
    async load(id) {
      if (!ZOD_JSON_SCHEMA.test(id)) return null;
      const source = await readFile(id, 'utf8');
      const names = new Set(
        [...source.matchAll(/^export (?:const|function) (\w+)/gm)].flatMap((m) => (m[1] ? [m[1]] : [])),
      );
      for (const list of source.matchAll(/^export \{([^}]*)\}/gm)) {
        for (const item of (list[1] ?? '').split(',')) {
          const name = item
            .trim()
            .split(/\s+as\s+/)
            .pop();
          if (name) names.add(name);
        }
      }
      const exports = [...names].map((name) =>
        // the create…Method factories run as each schema is built: they hand back the throwing method
        name.startsWith('create')
          ? `export const ${name} = () => unavailable;`
          : `export const ${name} = unavailable;`,
      );
      return [
        'const unavailable = () => { throw new Error("zod\'s JSON Schema is left out of the web app (vite.config.ts)"); };',
        ...exports,
      ].join('\n');
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    precompress(),
    landingPage(),
    firstScreenChunks(),
    reactRouterProduction(),
    zodWithoutJsonSchema(),
    prerenderPages(),
  ],
  server: {
    proxy: {
      '/api': { target: apiOrigin },
      '/uploads': { target: apiOrigin },
      '/payment/sandbox': { target: apiOrigin },
      '/ws': { target: apiOrigin, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // bench/web.mjs reads which chunks each route loads from it (.vite/manifest.json)
    manifest: true,
    // one stylesheet for the whole app (14 KiB gzipped): a screen's first paint waits for every stylesheet it
    // needs, and one request costs less than six round trips for six small files (ADR 0008)
    cssCodeSplit: false,
    // every browser the app supports preloads modules itself
    modulePreload: { polyfill: false },
    rollupOptions: {
      // four pages: the SPA; the landing page on its own, without React Router; the SPA again for a hard
      // load of the dashboard home, with that screen in its first download (ADR 0021); and the client home
      // with its first screen in its HTML, the SPA loaded after it paints (ADR 0037)
      input: {
        index: fileURLToPath(new URL('index.html', import.meta.url)),
        landing: fileURLToPath(new URL('landing.html', import.meta.url)),
        home: fileURLToPath(new URL('home.html', import.meta.url)),
        'home-client': fileURLToPath(new URL('home-client.html', import.meta.url)),
      },
    },
  },
});
