#!/usr/bin/env node
/**
 * The web app's speed: the gzipped JavaScript each route loads first, read from a production
 * build and its manifest, and Lighthouse with mobile throttling on the landing page and on the client home
 * (signed in), served by the real server. Exits non-zero when a target is missed.
 *
 *   npm run bench -- web
 *   BENCH_WEB_DIST=apps/web/dist npm run bench -- web   # measure an existing build instead of building one
 *   BENCH_LIGHTHOUSE_RUNS=0 npm run bench -- web        # bundle sizes only
 *   BENCH_LIGHTHOUSE_PAGES=public npm run bench -- web  # Lighthouse on the server-rendered public pages only
 *   BENCH_WEB_PORT=3212 npm run bench -- web            # the measured server on that port
 *
 * The public pages (a lawyer's, a category's) are measured for SEO too, found in the demo's sitemap.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build as viteBuild } from 'vite';
import { fixed, machine, median, ROOT, writeResults } from './lib/harness.mjs';
import { measureRoutes } from './lib/web-bundle.mjs';
import { CATEGORIES, runLighthouseTwice } from './lib/web-lighthouse.mjs';
import { buildWeb, startWebServer, WEB_ROOT } from './lib/web-server.mjs';

const TARGETS = {
  landingKiB: 95,
  routeKiB: 200,
  performance: 95,
  accessibility: 100,
  bestPractices: 95,
  seo: 100,
};
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const CLIENT = { email: 'cliente1@l4l.demo', password: 'L4l-Demo-2026' };
/** The sitemap's paths of a category's page and a lawyer's (docs/domain.md, Public directory pages). */
const directoryPaths = (paths) => paths.filter((path) => /^\/abogados\/[a-z0-9-]+\/[a-z0-9-]+$/.test(path));
const categoryPath = (paths) => {
  const province = directoryPaths(paths)[0];
  return province?.slice(0, province.lastIndexOf('/'));
};
const lawyerPath = (paths) => {
  const categories = new Set(directoryPaths(paths).map((path) => path.slice(0, path.lastIndexOf('/'))));
  return paths.find((path) => /^\/abogados\/[a-z0-9-]+$/.test(path) && !categories.has(path));
};
const PAGES = [
  { name: 'landing', path: '/' },
  { name: 'client home', path: '/dashboard/inicio', signIn: CLIENT },
  { name: 'public lawyer page', find: lawyerPath, public: true },
  { name: 'category page', find: categoryPath, public: true },
];
const ONLY = process.env.BENCH_LIGHTHOUSE_PAGES;

const work = mkdtempSync(path.join(os.tmpdir(), 'l4l-bench-web-'));
const missed = [];
const kib = (value) => `${value.toFixed(1)} KiB`;

try {
  const dist = buildWeb(work);
  // the public pages are the server's HTML: no bundle of theirs to measure
  const bundle = ONLY === 'public' ? null : await bundleReport(dist);
  const lighthouse = RUNS > 0 ? await lighthouseReport(dist) : [];
  const file = writeResults('web', 'build', {
    date: new Date().toISOString(),
    machine: machine(),
    targets: TARGETS,
    bundle,
    lighthouse,
    missed,
  });
  console.log(`\nFigures written to ${path.relative(ROOT, file)}`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
if (missed.length) {
  console.log(`\nMissed: ${missed.join('; ')}`);
  process.exit(1);
}
console.log('\nEvery web target met.');

async function bundleReport(dist) {
  const { entryKiB, landingPage, homePage, screens } = await measureRoutes({ webRoot: WEB_ROOT, dist });
  console.log(
    '\nInitial JavaScript per route (gzip -9; index.html scripts and preloads + each lazy chunk on the way)',
  );
  console.table(
    screens.map((screen) => ({
      route: screen.url,
      'JS gzipped': kib(screen.kib),
      chunks: screen.files.length,
      'own chunk': screen.redirect ? 'redirect' : screen.ownChunk ? 'yes' : 'NO',
    })),
  );
  console.log(`Shared by every route (index.html): ${kib(entryKiB)}`);
  if (landingPage) {
    console.log(
      `Landing page on a hard load of /, /login, /registro (landing.html, no router): ${kib(landingPage.kib)} in ${landingPage.files.length} scripts`,
    );
  }
  if (homePage) {
    console.log(
      `Dashboard home on a hard load of /dashboard/inicio (home.html, the SPA with that screen at once; a signed-in client's home-client.html paints first and loads the same after): ${kib(homePage.kib)} in ${homePage.files.length} scripts`,
    );
    if (homePage.kib > TARGETS.routeKiB)
      missed.push(`home.html JS ${kib(homePage.kib)} > ${TARGETS.routeKiB} KiB`);
  }
  const floor = await floorKiB();
  console.log(
    `React 19 + React DOM + React Router's data router and nothing else (lib/web-floor): ${kib(floor)}`,
  );
  // what a visitor arriving at '/' loads: landing.html's scripts (ADR 0008), or the SPA's '/' in an older build
  const landing = landingPage ?? screens.find((screen) => screen.url === '/');
  if (!landing) throw new Error("the route table has no '/'");
  if (landing.kib > TARGETS.landingKiB) {
    missed.push(`landing JS ${kib(landing.kib)} > ${TARGETS.landingKiB} KiB`);
  }
  const heavy = screens.filter((screen) => screen.kib > TARGETS.routeKiB);
  if (heavy.length) {
    console.log(`\nRoutes over ${TARGETS.routeKiB} KiB:`);
    for (const screen of heavy) console.log(`  ${screen.url}: ${kib(screen.kib)}`);
    missed.push(
      `${heavy.length} routes over ${TARGETS.routeKiB} KiB (${heavy.map((s) => `${s.url} ${kib(s.kib)}`).join(', ')})`,
    );
  }
  const shared = screens.filter((screen) => !screen.ownChunk && !screen.redirect);
  if (shared.length)
    missed.push(`routes without a chunk of their own: ${shared.map((s) => s.url).join(', ')}`);
  return {
    entryKiB: fixed(entryKiB, 2),
    landingKiB: fixed(landing.kib, 2),
    landingFiles: landing.files,
    homePageKiB: homePage ? fixed(homePage.kib, 2) : null,
    homePageFiles: homePage?.files ?? null,
    floorKiB: fixed(floor, 2),
    routes: screens.map((screen) => ({
      url: screen.url,
      kib: fixed(screen.kib, 2),
      files: screen.files,
      ownChunk: screen.ownChunk,
      redirect: screen.redirect,
    })),
  };
}

async function lighthouseReport(dist) {
  const server = await startWebServer(dist, {
    dataDir: path.join(work, 'data'),
    port: process.env.BENCH_WEB_PORT ? Number(process.env.BENCH_WEB_PORT) : undefined,
  });
  try {
    const sitemap = await fetch(`${server.origin}/sitemap.xml`).then((answer) => answer.text());
    const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
    const rows = [];
    for (const page of PAGES) {
      if (ONLY === 'public' && !page.public) continue;
      const path = page.path ?? page.find(paths);
      if (!path) throw new Error(`${page.name}: the demo's sitemap has no such page`);
      const categories = page.public ? [...CATEGORIES, 'seo'] : CATEGORIES;
      const runs = [];
      for (let i = 0; i < RUNS; i += 1) {
        const run = await runLighthouseTwice(`${server.origin}${path}`, { signIn: page.signIn, categories });
        if (new URL(run.finalUrl).pathname !== path) {
          throw new Error(`${page.name}: Lighthouse ended on ${run.finalUrl}, not on ${path}`);
        }
        console.log(
          `${page.name} run ${i + 1}: performance ${run.scores.performance}, accessibility ${run.scores.accessibility}, best practices ${run.scores['best-practices']}${page.public ? `, SEO ${run.scores.seo}` : ''}`,
        );
        runs.push(run);
      }
      const score = (id) => median(runs.map((run) => run.scores[id]));
      const metric = (id) => median(runs.map((run) => run.metrics[id]));
      // the run whose performance is the median: its list of weak audits is the one shown
      const middle = [...runs].sort((a, b) => a.scores.performance - b.scores.performance)[
        Math.floor(runs.length / 2)
      ];
      const row = {
        page: page.name,
        path,
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        seo: page.public ? score('seo') : null,
        fcpMs: Math.round(metric('fcp')),
        lcpMs: Math.round(metric('lcp')),
        tbtMs: Math.round(metric('tbt')),
        cls: fixed(metric('cls'), 3),
        speedIndexMs: Math.round(metric('si')),
        scripts: middle.scripts.length,
        benchmarkIndex: Math.round(median(runs.map((run) => run.benchmarkIndex))),
        weak: middle.weak,
        runs: runs.map((run) => ({ scores: run.scores, metrics: run.metrics })),
      };
      rows.push(row);
      if (row.performance < TARGETS.performance) missed.push(`${page.name} performance ${row.performance}`);
      if (row.accessibility < TARGETS.accessibility)
        missed.push(`${page.name} accessibility ${row.accessibility}`);
      if (row.bestPractices < TARGETS.bestPractices)
        missed.push(`${page.name} best practices ${row.bestPractices}`);
      if (row.seo !== null && row.seo < TARGETS.seo) missed.push(`${page.name} SEO ${row.seo}`);
    }
    const runs = RUNS > 1 ? `median of ${RUNS} runs, ` : '';
    console.log(`\nLighthouse (${runs}mobile: simulated slow 4G and 4x slower CPU)`);
    console.table(
      rows.map((row) => ({
        page: row.path,
        performance: row.performance,
        accessibility: row.accessibility,
        'best practices': row.bestPractices,
        SEO: row.seo ?? '',
        FCP: `${row.fcpMs} ms`,
        LCP: `${row.lcpMs} ms`,
        TBT: `${row.tbtMs} ms`,
        CLS: row.cls,
        scripts: row.scripts,
      })),
    );
    console.log(
      `Served ${server.compressed ? 'compressed' : 'UNCOMPRESSED (no Content-Encoding on the stylesheet)'}`,
    );
    for (const row of rows) {
      if (!row.weak.length) continue;
      console.log(`\nWhat keeps ${row.path} down (median run):`);
      for (const line of row.weak) console.log(`  ${line}`);
    }
    return rows;
  } finally {
    await server.stop();
  }
}

/** The initial JavaScript of the smallest app on this stack (bench/lib/web-floor), built in memory. */
async function floorKiB() {
  const { output } = await viteBuild({
    root: path.join(ROOT, 'bench/lib/web-floor'),
    configFile: false,
    logLevel: 'warn',
    plugins: [react()],
    build: { write: false },
  });
  const entry = output.find((file) => file.type === 'chunk' && file.isEntry);
  const initial = output.filter((file) => file === entry || entry.imports.includes(file.fileName));
  return initial.reduce((sum, chunk) => sum + gzipSync(chunk.code, { level: 9 }).length, 0) / 1024;
}
