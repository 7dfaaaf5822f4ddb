import { barAssociationName } from '@l4l/shared/constants/bar-associations';
import { categoryBadge, categoryName, type ProfessionalTitle } from '@l4l/shared/constants/categories';
import {
  AFTER_SIGN_IN_PARAM,
  dashboardBookingPath,
  dashboardLawyerPath,
  LAWYER_PAGES_PATH,
} from '@l4l/shared/constants/pages';
import { ALL_SPAIN } from '@l4l/shared/constants/provinces';
import { firstConsultationOf, initialsOf, spanishNumber } from '@l4l/shared/format';
import { shortText } from '@l4l/shared/schemas/lawyers';
import { es } from '@l4l/shared/texts/es';
import { escapeHtml as esc } from '../../plugins/mailer.ts';
import type { PublicLawyerPage } from '../lawyers/index.ts';
import { directoryPath } from './directory-page.ts';
import { day, htmlDocument, type PageContext, scriptJson } from './page-frame.ts';

const t = es.lawyerPage;

/** What a search engine shows under the title: about two lines. */
const META_DESCRIPTION_CHARS = 160;
/** The categories the title names (all of them show on the page). */
const TITLE_AREAS = 2;

export const lawyerPageUrl = (publicUrl: string, slug: string) =>
  `${publicUrl}${LAWYER_PAGES_PATH}/${encodeURIComponent(slug)}`;

/** '/uploads/…' as a full address (social networks and search engines need one); an absolute one as it is. */
const absolute = (publicUrl: string, url: string) => (/^https?:\/\//.test(url) ? url : `${publicUrl}${url}`);

/** The call to action: the sign-in, then the lawyer's profile in the dashboard. */
export const consultHref = (lawyerId: string) =>
  `/login?${AFTER_SIGN_IN_PARAM}=${encodeURIComponent(dashboardLawyerPath(lawyerId))}`;

/** (+) The second one: the sign-in, then the lawyer's slot picker for a first consultation. */
export const bookingHref = (lawyerId: string) =>
  `/login?${AFTER_SIGN_IN_PARAM}=${encodeURIComponent(dashboardBookingPath(lawyerId))}`;

/** 'Carmen Ruiz Pérez' → 'Carmen R.': a public page names a client no further than that. */
function clientName(fullName: string): string {
  const [first = '', second] = fullName.trim().split(/\s+/);
  return second ? `${first} ${second.charAt(0).toUpperCase()}.` : first;
}

/** A category of the lawyer, linked to the directory page of that category in the lawyer's province. */
function tag(category: string, province: string, title: ProfessionalTitle): string {
  const href = directoryPath(category, province) ?? directoryPath(category, null);
  const name = esc(categoryBadge(category, title));
  return `<li>${href ? `<a href="${esc(href)}">${name}</a>` : name}</li>`;
}

/**
 * The lawyer's price as schema.org reads an hourly rate (docs/domain.md, Lawyers' prices): an offer of
 * legal service whose unit price is per hour (UN/CEFACT `HUR`).
 */
function hourlyOffer(price: number) {
  if (price <= 0) return undefined;
  return {
    '@type': 'Offer',
    itemOffered: { '@type': 'Service', name: t.offerName },
    priceSpecification: {
      '@type': 'UnitPriceSpecification',
      price: price.toFixed(2),
      priceCurrency: 'EUR',
      unitCode: 'HUR',
      unitText: 'HOUR',
      referenceQuantity: { '@type': 'QuantitativeValue', value: 1, unitCode: 'HUR' },
    },
  };
}

const starsText = (stars: number) => '★'.repeat(stars) + '☆'.repeat(Math.max(0, 5 - stars));

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
    makesOffer: hourlyOffer(lawyer.price),
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
<p class="by">${esc(clientName(rating.userName))} · ${esc(day(rating.date))}</p>${
        rating.reply
          ? `<div class="answer"><p class="by">${esc(es.ratings.replyBy(lawyer.name))} · ${esc(day(rating.reply.createdAt))}</p><p class="text">${esc(rating.reply.text)}</p></div>`
          : ''
      }</li>`,
    )
    .join('');

  const body = `<article class="card">
<div class="head">${photo}<div class="who">
<h1>${esc(lawyer.name)}</h1>
<p class="verified"><span aria-hidden="true">✓</span> ${esc(t.verified)}</p>
${lawyer.barNumber && colegio ? `<p class="bar">${esc(es.trust.colegiado(lawyer.barNumber, colegio, lawyer.professionalTitle))}</p>` : ''}
<p class="where"><span class="label">${esc(t.province)}:</span> ${esc(lawyer.province)}</p>
${lawyer.responseTime !== null ? `<p class="reply">${esc(es.trust.respondsIn(lawyer.responseTime))}</p>` : ''}
</div></div>
<dl class="facts">${facts}</dl>
<p class="action"><a class="cta" rel="nofollow" href="${esc(consultHref(lawyer.id))}">${esc(t.cta(page.firstName))}</a></p>
<p class="hint">${esc(t.ctaHint)}</p>
<p class="action"><a class="booking" rel="nofollow" href="${esc(bookingHref(lawyer.id))}">${esc(t.bookConsultation)}</a></p>
${lawyer.categories.length > 0 ? `<section><h2>${esc(t.specialties)}</h2><ul class="tags">${lawyer.categories.map((category) => tag(category, lawyer.province, lawyer.professionalTitle)).join('')}</ul></section>` : ''}
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
