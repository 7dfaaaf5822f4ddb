import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin, type ResolvedConfig } from 'vite';
import { compressBeside } from './compress.ts';

/** A page of the build whose #root is written when the app is built, from a render function of its own. */
type PrerenderedPage = {
  /** the built page, in the build's folder */
  page: string;
  /** the module, under src/, that renders it in Node */
  entry: string;
  /** the function of `entry` that answers the page's #root content */
  render: string;
  /** what #root receives around the rendered content */
  wrap?: (html: string) => string;
};

const PAGES: readonly PrerenderedPage[] = [
  // docs/decisions/0022-landing-in-its-html.md: landing-main.tsx hydrates it
  { page: 'landing.html', entry: 'src/landing-prerender.tsx', render: 'renderLanding' },
  // docs/decisions/0037-client-home-in-its-html.md: the server writes the client's name in it; React replaces
  // it (display: contents, so the wrapper changes no layout; inert until then)
  {
    page: 'home-client.html',
    entry: 'src/home-prerender.tsx',
    render: 'renderClientHome',
    wrap: (html) => `<div data-prerendered inert>${html}</div>`,
  },
];

const EMPTY_ROOT = '<div id="root"></div>';

/**
 * Pages with their first screen already in their HTML (ADRs 0022 and 0037): once the app is built, the
 * modules that render them are built again for Node, run, and their output written into each page's #root.
 * The page paints from its HTML and its stylesheet; its scripts, loaded after that paint, make it work.
 */
export function prerenderPages(): Plugin {
  let config: ResolvedConfig;
  let written = false;
  return {
    name: 'l4l:prerender-pages',
    apply: (userConfig, { command }) => command === 'build' && !userConfig.build?.ssr,
    configResolved(resolved) {
      config = resolved;
    },
    buildStart() {
      written = false;
    },
    writeBundle() {
      written = true;
    },
    async closeBundle() {
      // a failed build wrote no pages: its own error is the one to show
      if (!written) return;
      // inside the package, so Node finds React and the other dependencies the server build leaves out
      const serverDir = path.join(config.root, 'node_modules', '.prerender');
      try {
        await build({
          configFile: config.configFile,
          root: config.root,
          mode: config.mode,
          logLevel: 'warn',
          build: { ssr: true, outDir: serverDir, emptyOutDir: true, manifest: false },
          // the render modules only: the config's own inputs (the HTML pages) would merge with them
          plugins: [
            {
              name: 'l4l:prerender-input',
              options: (options) => ({
                ...options,
                input: Object.fromEntries(PAGES.map(({ page, entry }) => [path.parse(page).name, entry])),
              }),
            },
          ],
        });
        for (const { page, render, wrap = (html: string) => html } of PAGES) {
          const module = await import(
            pathToFileURL(path.join(serverDir, `${path.parse(page).name}.js`)).href
          );
          const file = path.resolve(config.root, config.build.outDir, page);
          const html = await readFile(file, 'utf8');
          if (!html.includes(EMPTY_ROOT)) throw new Error(`${page} has no empty ${EMPTY_ROOT}`);
          const content = (module[render] as () => string)();
          await writeFile(file, html.replace(EMPTY_ROOT, `<div id="root">${wrap(content)}</div>`));
          await compressBeside(file);
        }
      } finally {
        await rm(serverDir, { recursive: true, force: true });
      }
    },
  };
}
