/**
 * Lighthouse (the npm package) on Debian's Chromium, with its default mobile settings: a mid-range phone's
 * screen, 4x slower CPU and slow 4G (150 ms, 1.6 Mbit/s), simulated. Each run gets a fresh browser (empty
 * cache and profile). A signed-in run first signs in through the API from a page that loads none of the
 * app (/api/health), with cookie consent given, so the session cookie is the real HttpOnly one and nothing
 * of the app is cached before Lighthouse loads it.
 */
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';

export const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
export const CATEGORIES = ['performance', 'accessibility', 'best-practices'];
const METRICS = {
  fcp: 'first-contentful-paint',
  lcp: 'largest-contentful-paint',
  tbt: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
  si: 'speed-index',
};

/**
 * Signs `page` (Puppeteer's or Playwright's) in through the API from a page that loads none of the app
 * (/api/health), with cookie consent given: the session is the real HttpOnly cookie, kept as for a
 * returning visitor who accepted cookies (ADR 0003), and nothing of the app is cached yet.
 */
export async function signInFromPage(page, origin, { email, password }) {
  await page.goto(`${origin}/api/health`);
  const status = await page.evaluate(
    async (account) => {
      window.localStorage.setItem('cookieConsent', 'true');
      const answer = await fetch('/api/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...account, remember: true }),
      });
      return answer.status;
    },
    { email, password },
  );
  if (status !== 200) throw new Error(`signing in as ${email} answered ${status}`);
}

/**
 * One Lighthouse run of `url`. `signIn` ({ email, password }) signs in first and keeps the storage, so the
 * app restores the session as it does for a returning visitor who accepted cookies (ADR 0003).
 * `categories`: the scores to measure (performance, accessibility and best practices unless told).
 */
export async function runLighthouse(url, { signIn, categories = CATEGORIES } = {}) {
  const browser = await puppeteer.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_FLAGS });
  try {
    const page = await browser.newPage();
    if (signIn) await signInFromPage(page, new URL(url).origin, signIn);
    const result = await lighthouse(
      url,
      { output: 'json', logLevel: 'error', onlyCategories: categories, disableStorageReset: Boolean(signIn) },
      undefined,
      page,
    );
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    return summarize(result.lhr, url, categories);
  } finally {
    await browser.close();
  }
}

/** Lighthouse now and then fails to record a trace (NO_NAVSTART) and asks to be run again: once. */
export async function runLighthouseTwice(url, options) {
  try {
    return await runLighthouse(url, options);
  } catch (err) {
    console.log(`${url}: ${err.message}; running it again`);
    return runLighthouse(url, options);
  }
}

/** Scores (0–100), metrics, the page it ended on, the scripts it fetched and what kept a score down. */
function summarize(lhr, url, categories) {
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
  const scores = Object.fromEntries(categories.map((id) => [id, Math.round(lhr.categories[id].score * 100)]));
  const metrics = Object.fromEntries(
    Object.entries(METRICS).map(([name, id]) => [name, lhr.audits[id].numericValue]),
  );
  const weak = [];
  for (const id of categories) {
    for (const ref of lhr.categories[id].auditRefs) {
      const audit = lhr.audits[ref.id];
      const scored =
        audit.score !== null && !['informative', 'notApplicable', 'manual'].includes(audit.scoreDisplayMode);
      if (!scored || audit.score >= (id === 'performance' ? 0.9 : 1)) continue;
      weak.push(`${id}: ${audit.id} ${audit.displayValue ?? ''}`.trim());
      // for accessibility and best practices, name the elements or issues, so they can be found
      if (id !== 'performance') weak.push(...offenders(audit).map((text) => `    ${text}`));
    }
  }
  const requests = lhr.audits['network-requests']?.details?.items ?? [];
  const scripts = requests
    .filter((item) => item.resourceType === 'Script')
    .map((item) => new URL(item.url).pathname);
  return {
    url,
    finalUrl: lhr.finalDisplayedUrl,
    scores,
    metrics,
    weak,
    scripts,
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}

/** The first few elements (or issue kinds) an audit failed on. */
function offenders(audit) {
  const items = audit.details?.items ?? [];
  return items.slice(0, 4).map((item) => {
    if (item.node) return `${item.node.selector ?? ''} ${item.node.snippet ?? ''}`.trim().slice(0, 160);
    if (item.issueType)
      return `${item.issueType}: ${(item.subItems?.items ?? []).map((sub) => sub.url ?? JSON.stringify(sub)).join(', ')}`.slice(
        0,
        160,
      );
    return JSON.stringify(item).slice(0, 160);
  });
}
