import { PRIVATE_PATH_PREFIXES, SITEMAP_APP_PATHS } from '@l4l/shared/constants/pages';
import { ALL_SPAIN } from '@l4l/shared/constants/provinces';
import { escapeHtml } from '../../plugins/mailer.ts';
import type { DirectoryCombination } from '../lawyers/index.ts';
import { directoryPath } from './directory-page.ts';
import { lawyerPageUrl } from './lawyer-page.ts';

/** The sitemaps protocol's limits for one file (sitemaps.org): 50,000 addresses and 50 MB. */
export const SITEMAP_MAX_URLS = 50_000;
export const SITEMAP_MAX_BYTES = 50 * 1024 * 1024;

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const URLSET_OPEN = `${XML_DECLARATION}<urlset xmlns="${NS}">\n`;
const URLSET_CLOSE = '</urlset>\n';

const day = (date: Date) => date.toISOString().slice(0, 10);

/** One `<url>` line, XML-escaped (an address may hold '&'). */
const urlLine = (loc: string, lastmod?: Date) =>
  `<url><loc>${escapeHtml(loc)}</loc>${lastmod ? `<lastmod>${day(lastmod)}</lastmod>` : ''}</url>`;

/** One file of the sitemap: its lines and the newest change among them. */
export type SitemapFile = { lines: string[]; lastmod: Date | undefined };

/**
 * docs/domain.md, Public lawyer pages and Public directory pages: every address the sitemap lists, cut
 * into files within the protocol's limits. The landing and legal pages, then each category's page and
 * each category-and-province page with a lawyer whose office is in that province, then every listed
 * lawyer's page, each with the day it (or, for a directory page, its newest lawyer) last changed.
 */
export function sitemapFiles(
  publicUrl: string,
  lawyers: ReadonlyArray<{ slug: string; updatedAt: Date }>,
  combinations: readonly DirectoryCombination[],
  limits = { urls: SITEMAP_MAX_URLS, bytes: SITEMAP_MAX_BYTES },
): SitemapFile[] {
  const categories = new Map<string, Date>();
  for (const { category, updatedAt } of combinations) {
    const seen = categories.get(category);
    if (!seen || seen < updatedAt) categories.set(category, updatedAt);
  }
  const entries: Array<[string, Date | undefined]> = [
    ...SITEMAP_APP_PATHS.map((path): [string, undefined] => [`${publicUrl}${path}`, undefined]),
    ...[...categories].flatMap(([category, updatedAt]): Array<[string, Date]> => {
      const path = directoryPath(category, null);
      return path ? [[`${publicUrl}${path}`, updatedAt]] : [];
    }),
    ...combinations.flatMap(({ category, province, updatedAt }): Array<[string, Date]> => {
      const path = province === ALL_SPAIN ? undefined : directoryPath(category, province);
      return path ? [[`${publicUrl}${path}`, updatedAt]] : [];
    }),
    ...lawyers.map(({ slug, updatedAt }): [string, Date] => [lawyerPageUrl(publicUrl, slug), updatedAt]),
  ];

  const frame = Buffer.byteLength(URLSET_OPEN) + Buffer.byteLength(URLSET_CLOSE);
  const files: SitemapFile[] = [];
  let current: SitemapFile = { lines: [], lastmod: undefined };
  let bytes = frame;
  for (const [loc, lastmod] of entries) {
    const line = urlLine(loc, lastmod);
    const size = Buffer.byteLength(line) + 1;
    if (current.lines.length > 0 && (current.lines.length >= limits.urls || bytes + size > limits.bytes)) {
      files.push(current);
      current = { lines: [], lastmod: undefined };
      bytes = frame;
    }
    current.lines.push(line);
    bytes += size;
    if (lastmod && (!current.lastmod || current.lastmod < lastmod)) current.lastmod = lastmod;
  }
  files.push(current);
  return files;
}

/** One sitemap file: a `<urlset>`, one `<url>` a line. */
export function urlsetXml(file: SitemapFile): string {
  return `${URLSET_OPEN}${file.lines.map((line) => `${line}\n`).join('')}${URLSET_CLOSE}`;
}

/** The address of the n-th file (from 1) when the sitemap is an index. */
export const sitemapFileUrl = (publicUrl: string, n: number) => `${publicUrl}/sitemap-${n}.xml`;

/** The index of a sitemap too big for one file: each file's address and its newest change. */
export function sitemapIndexXml(publicUrl: string, files: readonly SitemapFile[]): string {
  const lines = files.map(
    (file, i) =>
      `<sitemap><loc>${escapeHtml(sitemapFileUrl(publicUrl, i + 1))}</loc>${file.lastmod ? `<lastmod>${day(file.lastmod)}</lastmod>` : ''}</sitemap>\n`,
  );
  return `${XML_DECLARATION}<sitemapindex xmlns="${NS}">\n${lines.join('')}</sitemapindex>\n`;
}

/** Everything public may be crawled but the private paths (the API, the signed-in screens); the sitemap is named. */
export function robotsTxt(publicUrl: string): string {
  return `User-agent: *
Allow: /
${PRIVATE_PATH_PREFIXES.map((path) => `Disallow: ${path}`).join('\n')}

Sitemap: ${publicUrl}/sitemap.xml
`;
}
