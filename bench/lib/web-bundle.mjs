/**
 * What JavaScript each route of the web app makes the browser download, from the build itself: the route
 * table (apps/web/src/app/router.tsx, read as a syntax tree, not run) says which modules each URL loads
 * through `lazy`, and Vite's manifest (dist/.vite/manifest.json) says which chunks each module needs.
 *
 * A route's initial JavaScript = what index.html loads (the entry script, its static imports, every
 * modulepreload) + for every `lazy` route on the way to it (layouts, then the screen) that module's chunk and
 * its static imports. Dynamic imports inside a screen (a modal's form opened on click) are on demand and
 * not counted here; the Lighthouse run shows what a real page load fetches.
 *
 * A hard load of '/', '/login' or '/registro' gets landing.html instead (ADR 0008): its initial JavaScript
 * is what that page loads, its entry and static imports, with no route table, and the code its entry
 * imports once the page (already in the HTML) has painted: the landing's components, which hydrate it. The SPA's rows for those
 * paths stay: they are what a click back to '/' inside the SPA loads.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { tsImport } from 'tsx/esm/api';
import { parseSync } from 'vite';

const KIB = 1024;

/** Bytes of `file` compressed as a server would send it (gzip, best compression). */
function gzipSize(file) {
  return gzipSync(readFileSync(file), { level: 9 }).length;
}

function isNode(value) {
  return typeof value === 'object' && value !== null && typeof value.type === 'string';
}

function property(object, name) {
  return object.properties.find((p) => p.type === 'Property' && !p.computed && p.key.name === name)?.value;
}

/** Every `import('...')` under `node`. */
function dynamicImports(node, found = []) {
  if (node.type === 'ImportExpression' && node.source.type === 'Literal') found.push(node.source.value);
  for (const [key, value] of Object.entries(node)) {
    if (key === 'type') continue;
    if (Array.isArray(value)) for (const item of value) isNode(item) && dynamicImports(item, found);
    else if (isNode(value)) dynamicImports(value, found);
  }
  return found;
}

function joinPath(parent, child) {
  if (child === undefined) return parent;
  if (child.startsWith('/')) return child;
  return `${parent.replace(/\/$/, '')}/${child}`;
}

/**
 * The screens of the route table: one row per route without children, with its URL, the modules its
 * `lazy` chain loads (relative to apps/web, like the manifest's keys) and whether one of them belongs to
 * a route that matches a URL (its own chunk) rather than only to pathless layouts.
 */
export async function readRouteTable(webRoot) {
  webRoot = path.resolve(webRoot);
  const routerFile = path.join(webRoot, 'src/app/router.tsx');
  const { paths } = await tsImport(
    pathToFileURL(path.join(webRoot, 'src/lib/paths.ts')).href,
    import.meta.url,
  );
  const code = readFileSync(routerFile, 'utf8');
  const { program, errors } = parseSync(routerFile, code);
  if (errors.length) throw new Error(`${routerFile}: ${errors[0].message}`);
  const declaration = program.body
    .flatMap((statement) => (statement.type === 'ExportNamedDeclaration' ? [statement.declaration] : []))
    .flatMap((d) => (d?.type === 'VariableDeclaration' ? d.declarations : []))
    .find((d) => d.id.name === 'routes');
  if (!declaration) throw new Error(`${routerFile}: no 'export const routes = [...]'`);

  const pathValue = (node) => {
    if (!node) return undefined;
    if (node.type === 'Literal') return node.value;
    if (node.type === 'MemberExpression' && node.object.name === 'paths') return paths[node.property.name];
    // `${paths.payoutSandbox}/:accountId`
    if (node.type === 'TemplateLiteral') {
      return node.quasis
        .map((quasi, i) => quasi.value.cooked + (pathValue(node.expressions[i]) ?? ''))
        .join('');
    }
    throw new Error(
      `${routerFile}: a route path that is neither a string, paths.<name> nor a template of them`,
    );
  };
  const screens = [];
  const visit = (routes, parentUrl, chain, ownChunk) => {
    for (const route of routes.elements) {
      const routePath = pathValue(property(route, 'path'));
      const url = joinPath(parentUrl, routePath);
      const lazy = property(route, 'lazy');
      const modules = lazy
        ? dynamicImports(lazy).map((specifier) =>
            path.relative(webRoot, path.resolve(path.dirname(routerFile), specifier)),
          )
        : [];
      const matchesUrl = routePath !== undefined || property(route, 'index')?.value === true;
      const own = ownChunk || (modules.length > 0 && matchesUrl);
      const children = property(route, 'children');
      if (children) {
        visit(children, url, [...chain, ...modules], own);
        continue;
      }
      const element = property(route, 'element');
      const redirect = element?.type === 'JSXElement' && element.openingElement.name.name === 'Navigate';
      const label = routePath === '*' ? `${parentUrl.replace(/\/$/, '')}/*` : url;
      screens.push({ url: label, modules: [...chain, ...modules], ownChunk: own, redirect });
    }
  };
  visit(declaration.init, '', [], false);
  return screens;
}

/**
 * The manifest's entry for a module. A route module that landing.html also imports statically (the landing
 * screen) is no chunk of its own but part of a shared one, named after it ('_landing-route-<hash>.js'),
 * which the manifest lists without its source: found by that name, when only one chunk has it.
 */
function manifestChunk(manifest, key) {
  if (manifest[key]) return manifest[key];
  const name = path.basename(key).replace(/\.[cm]?[jt]sx?$/, '');
  const shared = Object.keys(manifest).filter((k) => new RegExp(`^_${name}-[\\w-]{8}\\.js$`).test(k));
  if (shared.length === 1) return manifest[shared[0]];
  throw new Error(`Vite's manifest has no '${key}': is the build older than the route table?`);
}

/** The chunks a module needs before it runs: its own file and, recursively, its static imports. */
function staticClosure(manifest, key, files = new Set()) {
  const chunk = manifestChunk(manifest, key);
  if (files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, files);
  return files;
}

/** The scripts an HTML page of the build makes the browser fetch at once: module scripts and modulepreloads. */
function htmlScripts(dist, page) {
  const html = readFileSync(path.join(dist, page), 'utf8');
  const files = new Set();
  for (const tag of html.match(/<(script|link)\b[^>]*>/g) ?? []) {
    const isScript = tag.startsWith('<script') && /type="module"/.test(tag);
    const isPreload = tag.startsWith('<link') && /rel="modulepreload"/.test(tag);
    const href = tag.match(/(?:src|href)="\/?([^"]+\.js)"/)?.[1];
    if ((isScript || isPreload) && href) files.add(href);
  }
  return files;
}

/**
 * Per screen: the files and the gzipped KiB of JavaScript it loads first. `sizeOf(file)` is memoised, so
 * the same chunk is compressed once.
 */
export async function measureRoutes({ webRoot, dist }) {
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
  // `afterPaint`: the entry's own dynamic imports count too (landing.html's script imports the landing's
  // code once the page has painted; a build from before that has none)
  const pageScripts = (page, { afterPaint = false } = {}) => {
    if (!manifest[page]?.isEntry) return null;
    const files = new Set([...staticClosure(manifest, page), ...htmlScripts(dist, page)]);
    if (afterPaint)
      for (const module of manifest[page].dynamicImports ?? []) staticClosure(manifest, module, files);
    return files;
  };
  const initial = pageScripts('index.html');
  if (!initial) throw new Error("Vite's manifest has no entry 'index.html'");
  // null for a build from before landing.html (the SPA's '/' is then the landing page), or home.html
  const landing = pageScripts('landing.html', { afterPaint: true });
  const home = pageScripts('home.html');
  const sizes = new Map();
  const sizeOf = (file) => {
    if (!sizes.has(file)) sizes.set(file, gzipSize(path.join(dist, file)));
    return sizes.get(file);
  };
  const kib = (files) => [...files].reduce((sum, file) => sum + sizeOf(file), 0) / KIB;
  const screens = await readRouteTable(webRoot);
  return {
    entryKiB: kib(initial),
    landingPage: landing && { files: [...landing], kib: kib(landing) },
    homePage: home && { files: [...home], kib: kib(home) },
    sizeOf: (file) => sizeOf(file) / KIB,
    screens: screens.map((screen) => {
      const files = new Set(initial);
      for (const module of screen.modules) staticClosure(manifest, module, files);
      return { ...screen, files: [...files], kib: kib(files) };
    }),
  };
}
