import { z } from 'zod';
import { ALERT_FREQUENCIES, ALERT_LIMITS } from '../constants/alerts.ts';
import { CATEGORIES } from '../constants/categories.ts';
import { alertsEs } from '../texts/es/alerts.ts';

const t = alertsEs;
const blankToNull = (value: unknown) =>
  value === undefined || (typeof value === 'string' && value.trim() === '') ? null : value;

/** POST and PUT /api/board/saved-searches (docs/api/http.md, Saved board searches). */
export const savedSearchInputSchema = z.object({
  name: z
    .string({ error: t.nameRequired })
    .trim()
    .min(1, { error: t.nameRequired })
    .max(ALERT_LIMITS.savedSearchNameMax, { error: t.nameTooLong(ALERT_LIMITS.savedSearchNameMax) }),
  search: z
    .string()
    .trim()
    .max(ALERT_LIMITS.savedSearchWordsMax, { error: t.searchTooLong(ALERT_LIMITS.savedSearchWordsMax) })
    .nullish()
    .transform((value) => value ?? ''),
  category: z.preprocess(blankToNull, z.enum(CATEGORIES, { error: t.unknownCategory }).nullable()),
  frequency: z.enum(ALERT_FREQUENCIES, { error: t.badFrequency }),
});
export type SavedSearchInput = z.infer<typeof savedSearchInputSchema>;

/** A saved search as the API answers it. */
export const savedSearchSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** the board's words ('' for any title) */
  search: z.string(),
  category: z.string().nullable(),
  frequency: z.enum(ALERT_FREQUENCIES),
  createdAt: z.string(),
});
export type SavedSearch = z.infer<typeof savedSearchSchema>;
