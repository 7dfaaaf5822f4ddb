import { SITEMAP_APP_PATHS } from '@l4l/shared/constants/pages';
import { escapeHtml } from '../../plugins/mailer.ts';
import { lawyerPageUrl } from './lawyer-page.ts';

/** The paths crawlers are kept out of: the API and the signed-in screens. */
const DISALLOWED = ['/api/', '/dashboard', '/admin'];

/**
 * docs/domain.md, Public lawyer pages: the landing and legal pages, then every listed lawyer's page with
 * the day its profile last changed. XML-escaped (an address may hold '&').
 */
export function sitemapXml(publicUrl: string, lawyers: ReadonlyArray<{ slug: string; updatedAt: Date }>) {
  const entry = (loc: string, lastmod?: Date) =>
    `<url><loc>${escapeHtml(loc)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString().slice(0, 10)}</lastmod>` : ''}</url>`;
  const urls = [
    ...SITEMAP_APP_PATHS.map((path) => entry(`${publicUrl}${path}`)),
    ...lawyers.map(({ slug, updatedAt }) => entry(lawyerPageUrl(publicUrl, slug), updatedAt)),
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${urls.join('\n')}
</urlset>
`;
}

/** Everything public may be crawled but the API and the signed-in screens; the sitemap is named. */
export function robotsTxt(publicUrl: string): string {
  return `User-agent: *
Allow: /
${DISALLOWED.map((path) => `Disallow: ${path}`).join('\n')}

Sitemap: ${publicUrl}/sitemap.xml
`;
}
