import { asProfessionalTitle } from '@l4l/shared/constants/categories';
import { type PageEnvelope, type PageMeta, pageEnvelope, pageMetaSchema } from '@l4l/shared/envelope';
import { centsToEuros } from '@l4l/shared/schemas/common';
import { type LawyerListItem, lawyerListItemSchema } from '@l4l/shared/schemas/lawyers';
import { RenderedJson } from '../../lib/rendered-json.ts';
import type { DirectoryCard, DirectoryPage, RenderedDirectoryPage } from './lawyers.repository.ts';

/*
 * A lawyer's card as the directory sends it (docs/api/http.md, Lawyers): from a row of the plain SQL, or
 * rendered once per change of the lawyer by the index in memory (docs/decisions/0042-directory-index-in-memory.md).
 */

/** docs/domain.md, Ratings: the stars' sum over the number of ratings (0 when none); the screens round it. */
function averageRating(sum: number, count: number): number {
  return count > 0 ? sum / count : 0;
}

const fullName = (name: string, surname: string) => `${name} ${surname}`.trim();

export function toListItem(row: DirectoryCard): LawyerListItem {
  return {
    id: row.id,
    fullName: fullName(row.name, row.surname),
    name: row.name,
    surname: row.surname,
    description: row.description,
    categories: row.categories,
    rating: averageRating(row.ratingSum, row.ratingCount),
    totalRatings: row.ratingCount,
    activeCases: row.activeCases,
    finishedCases: row.finishedCases,
    price: centsToEuros(row.priceHourCents),
    priceFirstVisit: row.priceFirstVisitCents === null ? null : centsToEuros(row.priceFirstVisitCents),
    firstVisitFree: row.firstVisitFree,
    lawyerPhoto: row.photoUrl,
    province: row.province,
    responseTime: row.responseMinutes,
    professionalTitle: asProfessionalTitle(row.professionalTitle),
  };
}

/** A directory page's answer (docs/api/http.md, Lawyers), rendered once per page (lib/rendered-json.ts). */
export const directoryEnvelope = pageEnvelope(lawyerListItemSchema);

/** A card as a directory page sends it: its list item's JSON, through the answer's schema. */
export const listItemJson = (card: DirectoryCard): string =>
  JSON.stringify(lawyerListItemSchema.parse(toListItem(card)));

/** A rendered card's text, read in place (the bytes are not copied). */
export const cardText = (item: Uint8Array): string =>
  Buffer.from(item.buffer, item.byteOffset, item.byteLength).toString('utf8');

/** A directory page's cards as its answer sends them, whether the search gave them rendered or as rows. */
export function listItemsOf(page: DirectoryPage | RenderedDirectoryPage): LawyerListItem[] {
  if (!('items' in page)) return page.rows.map(toListItem);
  return page.items.map((item) => JSON.parse(cardText(item)) as LawyerListItem);
}

/**
 * A directory page's answer from its cards already rendered (`listItemJson`): the same bytes as
 * `RenderedJson.of(directoryEnvelope, …)`, with no card parsed or rendered again.
 */
function renderedPage(
  items: readonly Uint8Array[],
  meta: PageMeta,
): RenderedJson<PageEnvelope<LawyerListItem>> {
  const parts: Array<string | Uint8Array> = ['{"data":['];
  items.forEach((item, i) => {
    if (i > 0) parts.push(',');
    parts.push(item);
  });
  parts.push(`],"meta":${JSON.stringify(pageMetaSchema.parse(meta))}}`);
  return RenderedJson.joined(parts);
}

/** A directory page's answer as its bytes, whichever way the search gave its cards. */
export function directoryPageJson(
  found: DirectoryPage | RenderedDirectoryPage,
  meta: PageMeta,
): RenderedJson<PageEnvelope<LawyerListItem>> {
  if ('items' in found) return renderedPage(found.items, meta);
  return RenderedJson.of(directoryEnvelope, { data: found.rows.map(toListItem), meta });
}
