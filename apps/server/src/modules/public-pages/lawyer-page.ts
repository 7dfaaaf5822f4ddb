import { barAssociationName } from '@l4l/shared/constants/bar-associations';
import { categoryName } from '@l4l/shared/constants/categories';
import { AFTER_SIGN_IN_PARAM, dashboardLawyerPath, LAWYER_PAGES_PATH } from '@l4l/shared/constants/pages';
import { ALL_SPAIN } from '@l4l/shared/constants/provinces';
import { firstConsultationOf, initialsOf, spanishNumber } from '@l4l/shared/format';
import { shortText } from '@l4l/shared/schemas/lawyers';
import { es } from '@l4l/shared/texts/es';
import { escapeHtml as esc } from '../../plugins/mailer.ts';
import type { PublicLawyerPage } from '../lawyers/index.ts';

const t = es.lawyerPage;

/** What a search engine shows under the title: about two lines. */
const META_DESCRIPTION_CHARS = 160;
/** The categories the title names (all of them show on the page). */
const TITLE_AREAS = 2;

/** Where the page's addresses start: PUBLIC_URL, without a trailing slash. */
export type PageContext = { publicUrl: string };

export const lawyerPageUrl = (publicUrl: string, slug: string) =>
  `${publicUrl}${LAWYER_PAGES_PATH}/${encodeURIComponent(slug)}`;

/** '/uploads/…' as a full address (social networks and search engines need one); an absolute one as it is. */
const absolute = (publicUrl: string, url: string) => (/^https?:\/\//.test(url) ? url : `${publicUrl}${url}`);

/** The call to action: the sign-in, then the lawyer's profile in the dashboard. */
export const consultHref = (lawyerId: string) =>
  `/login?${AFTER_SIGN_IN_PARAM}=${encodeURIComponent(dashboardLawyerPath(lawyerId))}`;

/** 'Carmen Ruiz Pérez' → 'Carmen R.': a public page names a client no further than that. */
function clientName(fullName: string): string {
  const [first = '', second] = fullName.trim().split(/\s+/);
  return second ? `${first} ${second.charAt(0).toUpperCase()}.` : first;
}

/** 'd/M/yyyy' of the day in Spain, as the app writes dates (a rating at 00:30 in Madrid is that day's). */
const spanishDay = new Intl.DateTimeFormat('es-ES', {
  timeZone: 'Europe/Madrid',
  day: 'numeric',
  month: 'numeric',
  year: 'numeric',
});

function day(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? es.defaults.noDate : spanishDay.format(date);
}

const starsText = (stars: number) => '★'.repeat(stars) + '☆'.repeat(Math.max(0, 5 - stars));

/**
 * JSON inside <script>: '<', '>' and '&' as \u escapes, so no text a lawyer wrote can close the element
 * ('</script>') or open a comment; the line separators JavaScript once refused, too.
 */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** The schema.org `Attorney` of the page (docs/domain.md, Public lawyer pages). */
function attorneyJsonLd(page: PublicLawyerPage, url: string, image: string | undefined) {
  const { lawyer } = page;
  const everywhere = lawyer.province === ALL_SPAIN;
  return {
    '@context': 'https://schema.org',
    '@type': 'Attorney',
    name: lawyer.name,
    description: lawyer.description || undefined,
    url,
    image,
    address: {
      '@type': 'PostalAddress',
      ...(everywhere ? {} : { addressRegion: lawyer.province }),
      addressCountry: 'ES',
    },
    areaServed: everywhere
      ? { '@type': 'Country', name: 'España' }
      : { '@type': 'AdministrativeArea', name: lawyer.province },
    knowsAbout: lawyer.categories.map(categoryName),
    priceRange: lawyer.price > 0 ? t.priceFrom(spanishNumber(lawyer.price, 0, 2)) : undefined,
    aggregateRating:
      lawyer.totalRatings > 0
        ? {
            '@type': 'AggregateRating',
            ratingValue: Math.round(lawyer.rating * 10) / 10,
            reviewCount: lawyer.totalRatings,
            bestRating: 5,
            worstRating: 1,
          }
        : undefined,
    review: page.lawyerRatings.map((rating) => ({
      '@type': 'Review',
      author: { '@type': 'Person', name: clientName(rating.userName) },
      datePublished: rating.date.slice(0, 10),
      name: rating.title || undefined,
      reviewBody: rating.description || undefined,
      reviewRating: { '@type': 'Rating', ratingValue: rating.stars, bestRating: 5, worstRating: 1 },
    })),
  };
}

/** The page's frame: head (title, description, canonical, Open Graph, JSON-LD) and the shared look. */
function htmlDocument(head: string, body: string): string {
  return `<!doctype html>
<html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
${head}
<link rel="icon" href="/favicon.svg" type="image/svg+xml"><meta name="theme-color" content="#14213d">
<style>${STYLE}</style></head>
<body><header class="top"><a class="brand" href="/">L4L</a></header>
<main id="contenido">${body}</main>
<footer class="foot"><nav aria-label="${esc(t.legal)}"><a href="/aviso-legal">${esc(es.footer.legalNotice)}</a><a href="/politica-de-privacidad">${esc(es.footer.privacy)}</a><a href="/politica-de-cookies">${esc(es.footer.cookies)}</a></nav></footer>
</body></html>`;
}

/** docs/domain.md, Public lawyer pages: a listed lawyer's page, everything the lawyer or a client wrote escaped. */
export function renderLawyerPage(page: PublicLawyerPage, { publicUrl }: PageContext): string {
  const { lawyer } = page;
  const url = lawyerPageUrl(publicUrl, page.slug);
  const image = lawyer.lawyerPhoto ? absolute(publicUrl, lawyer.lawyerPhoto) : undefined;
  const where = lawyer.province === ALL_SPAIN ? t.everywhere : lawyer.province;
  const areas = lawyer.categories.slice(0, TITLE_AREAS).map(categoryName).join(', ');
  const title = t.title(lawyer.name, where, areas);
  const description = shortText(
    lawyer.description ||
      t.fallbackDescription(lawyer.name, lawyer.categories.map(categoryName).join(', '), where),
    META_DESCRIPTION_CHARS,
  );
  const colegio = barAssociationName(lawyer.barAssociation);

  const head = `<title>${esc(title)}</title>
<meta name="description" content="${esc(description)}">
<link rel="canonical" href="${esc(url)}">
<meta property="og:type" content="profile"><meta property="og:site_name" content="L4L"><meta property="og:locale" content="es_ES">
<meta property="og:title" content="${esc(title)}"><meta property="og:description" content="${esc(description)}">
<meta property="og:url" content="${esc(url)}">${image ? `<meta property="og:image" content="${esc(image)}">` : ''}
<meta name="twitter:card" content="summary">
<script type="application/ld+json">${scriptJson(attorneyJsonLd(page, url, image))}</script>`;

  const photo = lawyer.lawyerPhoto
    ? `<img class="photo" src="${esc(lawyer.lawyerPhoto)}" alt="" width="112" height="112">`
    : `<span class="photo initials" aria-hidden="true">${esc(initialsOf(lawyer.name))}</span>`;
  const facts = [
    [t.price, esc(t.priceFrom(spanishNumber(lawyer.price, 0, 2)))],
    [
      es.dashboard.firstConsultation,
      esc(firstConsultationOf(lawyer, { free: t.free, notGiven: es.defaults.noPrice })),
    ],
    [
      t.rating,
      lawyer.totalRatings > 0
        ? `<span class="star" aria-hidden="true">★</span> ${esc(es.dashboard.ratingOf(spanishNumber(lawyer.rating, 1, 1), lawyer.totalRatings))}`
        : esc(t.noRatings),
    ],
  ]
    .map(([term, value]) => `<div><dt>${esc(term ?? '')}</dt><dd>${value}</dd></div>`)
    .join('');
  const ratings = page.lawyerRatings
    .map(
      (rating) => `<li class="rating">
<p class="stars" role="img" aria-label="${esc(t.stars(rating.stars))}">${starsText(rating.stars)}</p>
${rating.title ? `<h3>${esc(rating.title)}</h3>` : ''}${rating.description ? `<p class="text">${esc(rating.description)}</p>` : ''}
<p class="by">${esc(clientName(rating.userName))} · ${esc(day(rating.date))}</p></li>`,
    )
    .join('');

  const body = `<article class="card">
<div class="head">${photo}<div class="who">
<h1>${esc(lawyer.name)}</h1>
<p class="verified"><span aria-hidden="true">✓</span> ${esc(t.verified)}</p>
${lawyer.barNumber && colegio ? `<p class="bar">${esc(es.trust.colegiado(lawyer.barNumber, colegio))}</p>` : ''}
<p class="where"><span class="label">${esc(t.province)}:</span> ${esc(lawyer.province)}</p>
${lawyer.responseTime !== null ? `<p class="reply">${esc(es.trust.respondsIn(lawyer.responseTime))}</p>` : ''}
</div></div>
<dl class="facts">${facts}</dl>
<p class="action"><a class="cta" href="${esc(consultHref(lawyer.id))}">${esc(t.cta(page.firstName))}</a></p>
<p class="hint">${esc(t.ctaHint)}</p>
${lawyer.categories.length > 0 ? `<section><h2>${esc(t.specialties)}</h2><ul class="tags">${lawyer.categories.map((category) => `<li>${esc(categoryName(category))}</li>`).join('')}</ul></section>` : ''}
${lawyer.description ? `<section><h2>${esc(t.about)}</h2><p class="about">${esc(lawyer.description)}</p></section>` : ''}
${ratings ? `<section><h2>${esc(t.latestRatings)}</h2><ol class="ratings">${ratings}</ol></section>` : ''}
</article>`;
  return htmlDocument(head, body);
}

/** The answer for an unknown slug or a lawyer who is not listed: kept out of search engines. */
export function renderNotFoundPage(): string {
  const head = `<title>${esc(t.notFoundTitle)} | L4L</title><meta name="robots" content="noindex">`;
  return htmlDocument(
    head,
    `<article class="card narrow"><h1>${esc(t.notFoundTitle)}</h1><p>${esc(t.notFoundText)}</p>
<p class="action"><a class="cta" href="/">${esc(t.notFoundAction)}</a></p></article>`,
  );
}

/** The look of the web app (its colours and type), small enough to send inline with every page. */
const STYLE = `
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f7f6f2;color:#1a1f2b;line-height:1.5}
a{color:#2a4170}
.top{background:#14213d;padding:12px 20px}
.brand{color:#fff;font-weight:800;font-size:1.35rem;text-decoration:none;letter-spacing:.02em}
main{padding:20px 16px 32px}
.card{max-width:760px;margin:0 auto;background:#fff;border:1px solid #dedbd3;border-radius:14px;padding:24px}
.card.narrow{max-width:520px;margin-top:8vh}
.head{display:flex;gap:20px;align-items:flex-start}
.photo{flex:none;width:112px;height:112px;border-radius:50%;object-fit:cover;background:#e6eaf2}
.initials{display:flex;align-items:center;justify-content:center;font-size:2.2rem;font-weight:700;color:#14213d}
h1{margin:0 0 4px;font-size:1.7rem;line-height:1.2;color:#14213d}
h2{font-size:1.1rem;color:#14213d;margin:28px 0 10px}
h3{font-size:1rem;margin:4px 0}
.who p{margin:2px 0}
.verified{color:#1c6b43;font-weight:600}
.bar,.where,.reply,.by{color:#545b69}
.label{font-weight:600}
.facts{display:grid;grid-template-columns:repeat(3,1fr);gap:12px;margin:22px 0 0;padding:16px;background:#f2f4f8;border-radius:10px}
.facts dt{font-size:.85rem;color:#545b69}
.facts dd{margin:0;font-weight:600}
.star{color:#a4701c}
.action{margin:22px 0 6px}
.cta{display:inline-flex;align-items:center;justify-content:center;min-height:48px;padding:12px 24px;border-radius:10px;background:#e2a93f;color:#14213d;font-weight:700;text-decoration:none;font-size:1.05rem}
.cta:hover,.cta:focus-visible{background:#f2c36b}
.cta:focus-visible{outline:3px solid #2f6fde;outline-offset:2px}
.hint{margin:0;color:#545b69;font-size:.92rem}
.tags{display:flex;flex-wrap:wrap;gap:8px;list-style:none;margin:0;padding:0}
.tags li{background:#fdf6e7;border:1px solid #f2c36b;color:#6e4a10;border-radius:999px;padding:3px 12px;font-size:.92rem}
.about,.text{white-space:pre-line;overflow-wrap:anywhere}
.ratings{list-style:none;margin:0;padding:0}
.rating{border-top:1px solid #dedbd3;padding:14px 0}
.stars{margin:0;color:#a4701c;letter-spacing:.1em}
.text{margin:4px 0}
.by{margin:0;font-size:.9rem}
.foot{text-align:center;padding:8px 16px 28px}
.foot nav{display:flex;flex-wrap:wrap;gap:8px 20px;justify-content:center;font-size:.92rem}
@media (max-width:600px){
  main{padding:12px 10px 24px}.card{padding:18px}
  .head{flex-direction:column;align-items:center;text-align:center;gap:12px}
  .facts{grid-template-columns:1fr}
  .action{text-align:center}.cta{width:100%}.hint{text-align:center}
}`;
