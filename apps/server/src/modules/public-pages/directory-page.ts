import { categoryName } from '@l4l/shared/constants/categories';
import { SLUG_BY_CATEGORY, SLUG_BY_PROVINCE } from '@l4l/shared/constants/directory-pages';
import { LAWYER_PAGES_PATH } from '@l4l/shared/constants/pages';
import { ALL_SPAIN } from '@l4l/shared/constants/provinces';
import { initialsOf, spanishNumber } from '@l4l/shared/format';
import { es } from '@l4l/shared/texts/es';
import { escapeHtml as esc } from '../../plugins/mailer.ts';
import type { PublicListing } from '../lawyers/index.ts';
import { htmlDocument, type PageContext, scriptJson } from './page-frame.ts';

const t = es.directoryPage;

/** Lawyers per page of the directory. */
export const DIRECTORY_PAGE_SIZE = 20;
/** The query parameter of a page past the first: `/abogados/civil?pagina=2`. */
export const PAGE_PARAM = 'pagina';

/**
 * docs/domain.md, Public directory pages: `/abogados/{category}` (province null) or
 * `/abogados/{category}/{province}`; undefined for a category or province that has no page.
 */
export function directoryPath(category: string, province: string | null): string | undefined {
  const categorySlug = SLUG_BY_CATEGORY.get(category as never);
  if (!categorySlug) return undefined;
  if (province === null) return `${LAWYER_PAGES_PATH}/${categorySlug}`;
  const provinceSlug = SLUG_BY_PROVINCE.get(province);
  return provinceSlug ? `${LAWYER_PAGES_PATH}/${categorySlug}/${provinceSlug}` : undefined;
}

/** A page of the list: the first one has no parameter, so it has one address only. */
const pageHref = (path: string, page: number) => (page > 1 ? `${path}?${PAGE_PARAM}=${page}` : path);

export type DirectoryPageData = {
  category: string;
  /** one of the 52 provinces, or null for the whole country */
  province: string | null;
  page: number;
  listing: PublicListing;
  /** the provinces where lawyers of the category have their office (the category's own page links them) */
  provinces: readonly string[];
  /** an empty province page: the other categories with listed lawyers in that province */
  otherCategories?: readonly string[];
};

/** Where a visitor who found nobody tells their case: the sign-up (docs/domain.md, Public directory pages). */
const TELL_US_PATH = '/registro';

const lawyersOf = (category: string) => t.lawyersOf[category] ?? categoryName(category);

/** The heading (and the title's start): 'Abogados de derecho civil en Madrid'. */
const directoryHeading = (category: string, province: string | null) =>
  t.heading(lawyersOf(category), province ?? t.spain);

function lawyerCard(lawyer: PublicListing['lawyers'][number]): string {
  const photo = lawyer.lawyerPhoto
    ? `<img class="photo small" src="${esc(lawyer.lawyerPhoto)}" alt="" width="64" height="64" loading="lazy">`
    : `<span class="photo small initials" aria-hidden="true">${esc(initialsOf(lawyer.fullName))}</span>`;
  const where = lawyer.province === ALL_SPAIN ? t.acrossSpain : lawyer.province;
  const facts = [
    es.lawyerPage.priceFrom(spanishNumber(lawyer.price, 0, 2)),
    lawyer.totalRatings > 0
      ? `★ ${es.dashboard.ratingOf(spanishNumber(lawyer.rating, 1, 1), lawyer.totalRatings)}`
      : es.lawyerPage.noRatings,
    ...(lawyer.responseTime !== null ? [es.trust.respondsIn(lawyer.responseTime)] : []),
  ];
  return `<li class="lawyer">${photo}<div class="who">
<h2><a href="${esc(`${LAWYER_PAGES_PATH}/${lawyer.slug}`)}">${esc(lawyer.fullName)}</a></h2>
<p class="where">${esc(where)} · ${esc(lawyer.categories.map(categoryName).join(', '))}</p>
<p class="line">${facts.map(esc).join(' · ')}</p>
</div></li>`;
}

function pagination(path: string, page: number, pages: number): string {
  if (pages <= 1) return '';
  const previous =
    page > 1 ? `<a rel="prev" href="${esc(pageHref(path, page - 1))}">${esc(t.previous)}</a>` : '';
  const next = page < pages ? `<a rel="next" href="${esc(pageHref(path, page + 1))}">${esc(t.next)}</a>` : '';
  return `<nav class="pages" aria-label="${esc(t.pages)}">${previous}<span>${esc(t.pageOf(page, pages))}</span>${next}</nav>`;
}

/**
 * An empty page does not end there: the whole country's page of the category, the other categories with
 * lawyers in the province, and "Cuéntanos tu caso".
 */
function nextSteps({ province, otherCategories = [] }: DirectoryPageData, elsewhere: string): string {
  const others = province
    ? otherCategories.flatMap((other) => {
        const href = directoryPath(other, province);
        return href ? [`<li><a href="${esc(href)}">${esc(categoryName(other))}</a></li>`] : [];
      })
    : [];
  return `<section class="next"><h2>${esc(t.nextSteps)}</h2>
${elsewhere}
${province && others.length > 0 ? `<p>${esc(t.otherAreasIn(province))}</p><ul class="tags">${others.join('')}</ul>` : ''}
<p class="action"><a class="cta" href="${TELL_US_PATH}">${esc(t.tellUs)}</a></p>
<p class="hint">${esc(t.tellUsHint)}</p>
</section>`;
}

/** The signed-in directory (docs/api/http.md, Lawyers) with this page's category and province chosen. */
export function directoryAppHref(
  category: string,
  province: string | null,
  extra: Record<string, string> = {},
) {
  const query = new URLSearchParams({ categories: category, ...(province ? { province } : {}), ...extra });
  return `/dashboard/inicio?${query}`;
}

/** The way from a public page to the directory's own filters: price (sorted cheapest first) and a free first visit. */
function refineLinks(category: string, province: string | null): string {
  const byPrice = directoryAppHref(category, province, { sort: 'price_asc' });
  const free = directoryAppHref(category, province, { firstVisitFree: 'true' });
  return `<p class="more">${esc(t.refine)} <a href="${esc(byPrice)}" rel="nofollow">${esc(t.refineByPrice)}</a> · <a href="${esc(free)}" rel="nofollow">${esc(t.refineFirstVisitFree)}</a></p>`;
}

/** How many pages a list of `total` lawyers fills (an empty list is one page that says so). */
export const pageCount = (total: number) => Math.max(1, Math.ceil(total / DIRECTORY_PAGE_SIZE));

/** docs/domain.md, Public directory pages: a category's (and province's) listed lawyers, one page of them. */
export function renderDirectoryPage(data: DirectoryPageData, { publicUrl }: PageContext): string {
  const { category, province, page, listing } = data;
  const categoryPath = directoryPath(category, null) ?? LAWYER_PAGES_PATH;
  const path = province === null ? categoryPath : (directoryPath(category, province) ?? categoryPath);
  const url = `${publicUrl}${pageHref(path, page)}`;
  const heading = directoryHeading(category, province);
  const title = t.title(heading, page);
  const count = t.count(listing.total, listing.totalIsExact);
  const description = t.description(heading, count);
  const empty = listing.total === 0;

  const crumbs = [
    { name: t.home, path: '/' },
    { name: categoryName(category), path: categoryPath },
    ...(province === null ? [] : [{ name: province, path }]),
  ];
  const jsonLd = [
    {
      '@context': 'https://schema.org',
      '@type': 'ItemList',
      name: heading,
      url,
      // a count that stopped at its limit is not the number of items
      ...(listing.totalIsExact ? { numberOfItems: listing.total } : {}),
      itemListElement: listing.lawyers.map((lawyer, i) => ({
        '@type': 'ListItem',
        position: (page - 1) * DIRECTORY_PAGE_SIZE + i + 1,
        url: `${publicUrl}${LAWYER_PAGES_PATH}/${lawyer.slug}`,
        name: lawyer.fullName,
      })),
    },
    {
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: crumbs.map((crumb, i) => ({
        '@type': 'ListItem',
        position: i + 1,
        name: crumb.name,
        item: `${publicUrl}${crumb.path}`,
      })),
    },
  ];

  // an empty list is no page for a search engine (it stays for a visitor who follows a link)
  const head = `<title>${esc(title)}</title>
<meta name="description" content="${esc(description)}">
${empty ? '<meta name="robots" content="noindex">' : `<link rel="canonical" href="${esc(url)}">`}
<meta property="og:type" content="website"><meta property="og:site_name" content="L4L"><meta property="og:locale" content="es_ES">
<meta property="og:title" content="${esc(title)}"><meta property="og:description" content="${esc(description)}">
<meta property="og:url" content="${esc(url)}">
<script type="application/ld+json">${scriptJson(jsonLd)}</script>`;

  const breadcrumbs = `<nav class="crumbs" aria-label="${esc(t.breadcrumbs)}"><ol>${crumbs
    .map((crumb, i) =>
      i === crumbs.length - 1
        ? `<li aria-current="page">${esc(crumb.name)}</li>`
        : `<li><a href="${esc(crumb.path)}">${esc(crumb.name)}</a></li>`,
    )
    .join('')}</ol></nav>`;
  const list = empty
    ? `<p class="empty">${esc(province === null ? t.emptyEverywhere : t.empty)}</p>`
    : `<ol class="lawyers">${listing.lawyers.map(lawyerCard).join('')}</ol>${pagination(path, page, pageCount(listing.total))}`;
  const provinceLinks = data.provinces.flatMap((name) => {
    const href = directoryPath(category, name);
    return href ? [`<li><a href="${esc(href)}">${esc(name)}</a></li>`] : [];
  });
  const elsewhere =
    province !== null
      ? `<p class="more"><a href="${esc(categoryPath)}">${esc(t.allSpain(lawyersOf(category)))}</a></p>`
      : provinceLinks.length > 0
        ? `<section><h2>${esc(t.byProvince)}</h2><p>${esc(t.byProvinceLead(lawyersOf(category)))}</p><ul class="tags">${provinceLinks.join('')}</ul></section>`
        : '';

  const body = `<div class="wide">${breadcrumbs}<article class="card">
<h1>${esc(heading)}</h1>
<p class="count">${esc(count.charAt(0).toUpperCase() + count.slice(1))}</p>
<p class="lead">${esc(t.lead)}</p>
${list}
${
  empty
    ? nextSteps(data, elsewhere)
    : `${refineLinks(category, province)}
${elsewhere}`
}
</article></div>`;
  return htmlDocument(head, body);
}
