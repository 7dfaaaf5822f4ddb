import { z } from 'zod';
import { LIMITS } from '../constants/limits.ts';
import { es as adminEs } from '../texts/es/admin.ts';
import { es } from '../texts/es/app.ts';
import { pageQuerySchema } from './common.ts';
import { ratingReplySchema } from './lawyers.ts';

/**
 * The answer to a rating and the moderation of abusive ones (docs/domain.md, Ratings; docs/api/http.md,
 * Ratings and Administration). Browser-safe: the server validates with these and the web forms use them.
 */

/** POST /api/rating/{id}/reply: the rated lawyer's answer, 1–1000 characters once trimmed. */
export const ratingReplyInputSchema = z.object({
  text: z
    .string({ error: es.ratings.replyRequired })
    .trim()
    .min(1, { error: es.ratings.replyRequired })
    .max(LIMITS.ratingReplyMax, { error: es.ratings.replyTooLong(LIMITS.ratingReplyMax) }),
});
export type RatingReplyInput = z.infer<typeof ratingReplyInputSchema>;

/** What POST /api/rating/{id}/reply answers: the rating's id and its stored answer. */
export const savedReplySchema = z.object({ ratingId: z.string(), reply: ratingReplySchema });
export type SavedReply = z.infer<typeof savedReplySchema>;

/** POST /api/rating/{id}/report: why the rating is abusive, 1–500 characters once trimmed. */
export const ratingReportInputSchema = z.object({
  reason: z
    .string({ error: es.ratings.reportRequired })
    .trim()
    .min(1, { error: es.ratings.reportRequired })
    .max(LIMITS.ratingReportMax, { error: es.ratings.reportTooLong(LIMITS.ratingReportMax) }),
});
export type RatingReportInput = z.infer<typeof ratingReportInputSchema>;

/** A report's state: open until an administrator hides the rating or keeps it. */
export const RATING_REPORT_STATUSES = ['open', 'hidden', 'kept'] as const;
export type RatingReportStatus = (typeof RATING_REPORT_STATUSES)[number];

/** What POST /api/rating/{id}/report answers. */
export const savedReportSchema = z.object({
  id: z.string(),
  ratingId: z.string(),
  reason: z.string(),
  status: z.enum(RATING_REPORT_STATUSES),
  createdAt: z.string(),
});
export type SavedReport = z.infer<typeof savedReportSchema>;

/** GET /api/admin/ratings/reports?status=open (the default), paged; oldest first. */
export const adminRatingReportsQuerySchema = pageQuerySchema.extend({
  status: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.enum(RATING_REPORT_STATUSES, { error: adminEs.admin.unknownReportStatus }).default('open'),
  ),
});
export type AdminRatingReportsQuery = z.infer<typeof adminRatingReportsQuerySchema>;

/** One report as the console lists it, with the rating it is about. */
export const adminRatingReportSchema = z.object({
  id: z.string(),
  reason: z.string(),
  status: z.enum(RATING_REPORT_STATUSES),
  createdAt: z.string(),
  reporterId: z.string(),
  reporterName: z.string(),
  decidedAt: z.string().nullable(),
  note: z.string().nullable(),
  rating: z.object({
    id: z.string(),
    title: z.string(),
    description: z.string(),
    stars: z.number().int(),
    date: z.string(),
    userName: z.string(),
    lawyerId: z.string(),
    lawyerName: z.string(),
    hidden: z.boolean(),
  }),
});
export type AdminRatingReport = z.infer<typeof adminRatingReportSchema>;

/** POST /api/admin/ratings/{id}/hide and /keep: the administrator's note, kept in the audit log. */
export const ratingDecisionSchema = z.object({
  note: z
    .string({ error: adminEs.admin.noteRequired })
    .trim()
    .min(1, { error: adminEs.admin.noteRequired })
    .max(LIMITS.ratingReportMax, { error: adminEs.admin.noteTooLong }),
});
export type RatingDecisionInput = z.infer<typeof ratingDecisionSchema>;

/** What hide and keep answer: the rating's moderation state and how many open reports were closed. */
export const ratingDecisionAnswerSchema = z.object({
  ratingId: z.string(),
  hidden: z.boolean(),
  closedReports: z.number().int(),
});
export type RatingDecisionAnswer = z.infer<typeof ratingDecisionAnswerSchema>;
