import { z } from 'zod';
import { CATEGORIES, PROFESSIONAL_TITLES } from '../constants/categories.ts';
import { LIMITS } from '../constants/limits.ts';
import { ALL_SPAIN, PROVINCES } from '../constants/provinces.ts';
import { LAWYER_SORTS } from '../constants/sort.ts';
import { es } from '../texts/es/public.ts';
import {
  barAssociationSchema,
  barNumberSchema,
  lawyerRegistrationSchema,
  professionalTitleSchema,
  userProfileUpdateSchema,
} from './auth.ts';

export { barAssociationSchema, barNumberSchema };

import { PRICE_TEXT } from '../format.ts';
import { blankToUndefined, pageQuerySchema, priceSchema, requiredText } from './common.ts';

/**
 * The lawyer directory and profiles (docs/api/http.md, Lawyers, and the rating
 * rows of "Ratings and billing"). Browser-safe: the server validates with these and the web forms use them.
 */

/** Longest name search accepted; the server uses at most `SEARCH_MAX_WORDS` words of it (search.ts). */
export const SEARCH_MAX = 100;
/** Most academic (and, apart, work) entries one lawyer keeps. */
export const EXPERIENCE_MAX_ENTRIES = 30;
/** A rating's `shortDescription`: the description cut at a word, at most this long. */
export const RATING_SHORT_DESCRIPTION_CHARS = 120;

const LAWYER_SORT_VALUES = LAWYER_SORTS.map((sort) => sort.value) as [
  (typeof LAWYER_SORTS)[number]['value'],
  ...(typeof LAWYER_SORTS)[number]['value'][],
];

/** `categories=Abogado Civil,Abogado Fiscal` (or the parameter repeated): ANY of them (docs/api/http.md, Lawyers). */
const categoryFilterSchema = z
  .union([z.string(), z.array(z.string())], { error: es.validation.unknownCategory })
  .transform((value) =>
    (Array.isArray(value) ? value : [value])
      .flatMap((part) => part.split(','))
      .map((part) => part.trim())
      .filter(Boolean),
  )
  .pipe(
    z
      .array(z.enum(CATEGORIES, { error: es.validation.unknownCategory }))
      .max(CATEGORIES.length, { error: es.validation.unknownCategory }),
  )
  .transform((categories) => [...new Set(categories)]);

/** A price bound of the directory: euros, at most 2 decimals, comma or dot ('40', '45,50'). */
const priceBoundSchema = z.preprocess(
  blankToUndefined,
  z
    .string({ error: es.validation.priceFilter })
    .trim()
    .regex(PRICE_TEXT, { error: es.validation.priceFilter })
    .transform((text) => Number(text.replace(',', '.')))
    .optional(),
);

/**
 * GET /api/lawyers query. `province` 'Toda España' (or none) means every province. `minPrice`/`maxPrice`
 * bound the hourly price in euros, both inclusive; `firstVisitFree=true` keeps those whose first
 * consultation is free ('false' or none: no filter). docs/api/http.md, Lawyers.
 */
export const lawyersQuerySchema = pageQuerySchema
  .extend({
    search: z.preprocess(
      blankToUndefined,
      z
        .string()
        .trim()
        .max(SEARCH_MAX, { error: es.validation.searchTooLong(SEARCH_MAX) })
        .optional(),
    ),
    minPrice: priceBoundSchema,
    maxPrice: priceBoundSchema,
    firstVisitFree: z.preprocess(
      blankToUndefined,
      z
        .enum(['true', 'false'], { error: es.validation.firstVisitFreeFilter })
        .transform((value) => value === 'true')
        .optional(),
    ),
    categories: z.preprocess(blankToUndefined, categoryFilterSchema.optional()),
    province: z.preprocess(
      blankToUndefined,
      z
        .enum(PROVINCES, { error: es.validation.province })
        .transform((province) => (province === ALL_SPAIN ? undefined : province))
        .optional(),
    ),
    sort: z.preprocess(blankToUndefined, z.enum(LAWYER_SORT_VALUES).default('rating')),
  })
  .refine(
    (query) =>
      query.minPrice === undefined || query.maxPrice === undefined || query.minPrice <= query.maxPrice,
    { error: es.validation.priceRange, path: ['maxPrice'] },
  );
export type LawyersQuery = z.infer<typeof lawyersQuerySchema>;

/** A lawyer card of the directory (docs/api/http.md, Lawyers); euros as numbers, rating the average. */
export const lawyerListItemSchema = z.object({
  id: z.string(),
  fullName: z.string(),
  name: z.string(),
  surname: z.string(),
  description: z.string(),
  categories: z.array(z.string()),
  rating: z.number(),
  totalRatings: z.number().int(),
  activeCases: z.number().int(),
  finishedCases: z.number().int(),
  price: z.number(),
  /** docs/domain.md, Lawyers' prices: null when not given (and when the first consultation is free) */
  priceFirstVisit: z.number().nullable(),
  firstVisitFree: z.boolean(),
  lawyerPhoto: z.string().nullable(),
  province: z.string(),
  /** (+) docs/domain.md, Response time: median minutes to a first reply, null below 3 answered chats */
  responseTime: z.number().int().nullable(),
  /** (+) docs/domain.md, Professional title: 'Abogado' or 'Abogada' */
  professionalTitle: z.enum(PROFESSIONAL_TITLES).default('Abogado'),
});
export type LawyerListItem = z.infer<typeof lawyerListItemSchema>;

/** (+) The rated lawyer's one answer to a rating (docs/domain.md, Ratings). */
export const ratingReplySchema = z.object({ text: z.string(), createdAt: z.string() });
export type RatingReply = z.infer<typeof ratingReplySchema>;

/** A rating as the screens show it; `userPhotoUrl`/`profileImage` and `stars`/`score` are the first web client's two names. */
export const ratingSchema = z.object({
  id: z.string(),
  /** (+) who wrote it and about whom, so a client can link to them */
  userId: z.string(),
  lawyerId: z.string(),
  caseId: z.string(),
  userPhotoUrl: z.string().nullable(),
  profileImage: z.string().nullable(),
  userName: z.string(),
  lawyerName: z.string(),
  shortDescription: z.string(),
  title: z.string(),
  description: z.string(),
  stars: z.number().int(),
  score: z.number().int(),
  date: z.string(),
  /** (+) the lawyer's answer, or null */
  reply: ratingReplySchema.nullable(),
  /** (+) hidden by an administrator: only its author still sees it (docs/domain.md, Ratings) */
  hidden: z.boolean(),
});
export type Rating = z.infer<typeof ratingSchema>;

/** The description cut at a word boundary for `shortDescription`. */
export function shortText(text: string, max = RATING_SHORT_DESCRIPTION_CHARS): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

function isCalendarDate(date: string): boolean {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const parsed = new Date(Date.UTC(year, month - 1, day));
  return (
    parsed.getUTCFullYear() === year && parsed.getUTCMonth() === month - 1 && parsed.getUTCDate() === day
  );
}

/** docs/domain.md, Validation rules: ISO dates; a full ISO timestamp is accepted and kept as the date it names ('YYYY-MM-DD'). */
export const isoDateSchema = z
  .string({ error: es.validation.date })
  .trim()
  .regex(ISO_DATE, { error: es.validation.date })
  .transform((text) => text.slice(0, 10))
  .refine(isCalendarDate, { error: es.validation.date });

/** An empty end date means the entry is current ('Presente'). */
const endDateSchema = z.preprocess(
  (value) => (value === '' || value === undefined ? null : value),
  isoDateSchema.nullable(),
);

/** An entry without an id (or with an empty one) is new. */
const entryIdSchema = z.preprocess(
  (value) => (value === '' || value === null ? undefined : value),
  z.uuid().optional(),
);

const entryText = requiredText(LIMITS.titleMax);

/** docs/domain.md, Validation rules: the end date cannot be before the start date. */
const endNotBeforeStart = {
  check: (entry: { startDate: string; endDate: string | null }) =>
    entry.endDate === null || entry.endDate >= entry.startDate,
  issue: { error: es.validation.experienceDates, path: ['endDate'] },
};

/** PUT /api/lawyers/education/{lawyerId}: one academic entry; no `id` creates it. */
export const academicEntryInputSchema = z
  .object({
    id: entryIdSchema,
    center: entryText,
    title: entryText,
    startDate: isoDateSchema,
    endDate: endDateSchema,
  })
  .refine(endNotBeforeStart.check, endNotBeforeStart.issue);
export type AcademicEntryInput = z.infer<typeof academicEntryInputSchema>;

/** PUT /api/lawyers/experience/{lawyerId}: one work entry; no `id` creates it. */
export const workEntryInputSchema = z
  .object({
    id: entryIdSchema,
    company: entryText,
    position: entryText,
    startDate: isoDateSchema,
    endDate: endDateSchema,
  })
  .refine(endNotBeforeStart.check, endNotBeforeStart.issue);
export type WorkEntryInput = z.infer<typeof workEntryInputSchema>;

/** A saved entry; `endDate` null means 'Presente'. */
export const academicEntrySchema = z.object({
  id: z.string(),
  center: z.string(),
  title: z.string(),
  startDate: z.string(),
  endDate: z.string().nullable(),
});
export type AcademicEntry = z.infer<typeof academicEntrySchema>;

export const workEntrySchema = z.object({
  id: z.string(),
  company: z.string(),
  position: z.string(),
  startDate: z.string(),
  endDate: z.string().nullable(),
});
export type WorkEntry = z.infer<typeof workEntrySchema>;

/** GET /api/lawyers/lawyer/detail/{id} (docs/api/http.md, Lawyers). `name` is the full name. */
export const lawyerDetailSchema = z.object({
  lawyer: z.object({
    id: z.string(),
    name: z.string(),
    lawyerPhoto: z.string().nullable(),
    /** docs/domain.md, Colegiación: null when not given (or older text not on the list) */
    barNumber: z.string().nullable(),
    barAssociation: z.string().nullable(),
    categories: z.array(z.string()),
    province: z.string(),
    priceFirstVisit: z.number().nullable(),
    price: z.number(),
    description: z.string(),
    rating: z.number(),
    totalRatings: z.number().int(),
    responseTime: z.number().int().nullable(),
    firstVisitFree: z.boolean(),
    /** (+) docs/domain.md, Professional title */
    professionalTitle: z.enum(PROFESSIONAL_TITLES).default('Abogado'),
    /** (+) the server-rendered public page, '/abogados/{slug}' (docs/domain.md, Public lawyer pages); null until it has a slug */
    publicPath: z.string().nullable(),
  }),
  /** the newest ratings (at most a page); the whole list is GET /api/rating/lawyer-rating/{id} */
  lawyerRatings: z.array(ratingSchema),
  activeCases: z.number().int(),
  finishedCases: z.number().int(),
  academicExperiences: z.array(academicEntrySchema),
  workExperiences: z.array(workEntrySchema),
});
export type LawyerDetail = z.infer<typeof lawyerDetailSchema>;

/** GET /api/lawyers/profile/{id}: the editable sheet (docs/api/http.md, Lawyers). */
export const lawyerSheetSchema = z.object({
  id: z.string(),
  name: z.string(),
  surname: z.string(),
  mail: z.string(),
  phoneNumber: z.string(),
  description: z.string(),
  categories: z.array(z.string()),
  province: z.string(),
  barNumber: z.string().nullable(),
  barAssociation: z.string().nullable(),
  responseTime: z.number().int().nullable(),
  priceHour: z.number(),
  priceFirstVisit: z.number().nullable(),
  isFirstVisitFree: z.boolean(),
  photoUrl: z.string().nullable(),
  /** (+) docs/domain.md, Professional title */
  professionalTitle: z.enum(PROFESSIONAL_TITLES).default('Abogado'),
});
export type LawyerSheet = z.infer<typeof lawyerSheetSchema>;

/**
 * PUT /api/lawyers/profile/{id} (docs/api/http.md, Lawyers), checked as docs/domain.md, Validation rules says. The payload's
 * `username` and `fullName` are derived by the server, `photo` has its own endpoint and `price` belongs
 * to the prices endpoint: all four are accepted and dropped, so a default 0 never wipes a price. The
 * response time is measured, not typed: an `avgResponseTime` sent by an older client is dropped too.
 */
export const lawyerProfileUpdateSchema = userProfileUpdateSchema.extend({
  description: lawyerRegistrationSchema.shape.lawyerDescription,
  categories: lawyerRegistrationSchema.shape.lawyerCategory,
  province: lawyerRegistrationSchema.shape.province,
  barNumber: barNumberSchema,
  barAssociation: barAssociationSchema,
  /** (+) docs/domain.md, Professional title: left out, it stays as it was */
  professionalTitle: professionalTitleSchema.optional(),
});
export type LawyerProfileUpdate = z.infer<typeof lawyerProfileUpdateSchema>;

/**
 * PUT /api/lawyers/profile/prices/{id}. A free first visit needs no first-visit price (the form disables
 * that field, so it may not be sent).
 */
export const lawyerPricesSchema = z
  .object({
    priceHour: priceSchema,
    priceFirstVisit: priceSchema.optional(),
    isFirstVisitFree: z.boolean().default(false),
  })
  .refine((prices) => prices.isFirstVisitFree || prices.priceFirstVisit !== undefined, {
    error: es.validation.price,
    path: ['priceFirstVisit'],
  });
export type LawyerPrices = z.infer<typeof lawyerPricesSchema>;
