import { z } from 'zod';
import { CASE_STATUSES } from '../constants/cases.ts';
import { LIMITS } from '../constants/limits.ts';
import { ROLES } from '../constants/roles.ts';
import { es } from '../texts/es/admin.ts';
import { baseUserSchema, personSchema } from './auth.ts';
import { blankToUndefined, pageQuerySchema } from './common.ts';

/** docs/api/http.md, Administration, and the administrator's second factor of Auth. */

const orderSchema = z.preprocess(blankToUndefined, z.enum(['asc', 'desc']).optional());

/** GET /api/admin/lawyers?verified=false|true (absent: every lawyer), paged and sortable. */
export const ADMIN_LAWYER_SORTS = ['createdAt', 'name'] as const;
export const adminLawyersQuerySchema = pageQuerySchema.extend({
  /** false: awaiting a decision (neither verified nor rejected); true: verified */
  verified: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
  sort: z.preprocess(blankToUndefined, z.enum(ADMIN_LAWYER_SORTS).default('createdAt')),
  order: orderSchema,
});
export type AdminLawyersQuery = z.infer<typeof adminLawyersQuerySchema>;

/** What an administrator needs to decide on a lawyer. Dates are ISO strings; price in euros. */
export const adminLawyerSchema = personSchema.extend({
  categories: z.array(z.string()),
  description: z.string(),
  province: z.string(),
  /** docs/domain.md, Colegiación: null when not given (older free text not on the list counts as not given) */
  barNumber: z.string().nullable(),
  barAssociation: z.string().nullable(),
  /** when an administrator last checked them against the Abogacía's census (on verifying), or null */
  barCheckedAt: z.string().nullable(),
  price: z.number(),
  createdAt: z.string(),
  verified: z.boolean(),
  verifiedAt: z.string().nullable(),
  rejectedAt: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  bannedAt: z.string().nullable(),
});
export type AdminLawyer = z.infer<typeof adminLawyerSchema>;

/** A reason a person will read (a ban, a rejection): trimmed, at most 500 characters. */
const reasonText = z
  .string({ error: es.admin.reasonRequired })
  .trim()
  .max(LIMITS.descriptionMax, { error: es.admin.reasonTooLong });

/** POST /api/admin/users/{id}/ban: an optional reason, kept with the ban and in the audit log. */
export const banSchema = z.object({ reason: reasonText.optional() });
export type BanInput = z.infer<typeof banSchema>;

/** POST /api/admin/lawyers/{id}/reject: the reason is required; the lawyer reads it in a mail. */
export const rejectLawyerSchema = z.object({
  reason: reasonText.min(1, { error: es.admin.reasonRequired }),
});
export type RejectLawyerInput = z.infer<typeof rejectLawyerSchema>;

/** The answer of ban and unban. */
export const adminUserStatusSchema = z.object({
  id: z.string(),
  role: z.enum(ROLES),
  banned: z.boolean(),
  bannedAt: z.string().nullable(),
  banReason: z.string().nullable(),
});
export type AdminUserStatus = z.infer<typeof adminUserStatusSchema>;

/** GET /api/admin/users?search=&role=&state=: by name or mail, role and state; paged and sortable. */
export const USER_STATES = ['active', 'banned'] as const;
export type UserState = (typeof USER_STATES)[number];
export const ADMIN_USER_SORTS = ['createdAt', 'name', 'mail', 'lastConnection'] as const;
export const adminUsersQuerySchema = pageQuerySchema.extend({
  search: z.preprocess(blankToUndefined, z.string().trim().max(100).optional()),
  role: z.preprocess(blankToUndefined, z.enum(ROLES, { error: es.admin.unknownRole }).optional()),
  state: z.preprocess(blankToUndefined, z.enum(USER_STATES, { error: es.admin.unknownState }).optional()),
  sort: z.preprocess(blankToUndefined, z.enum(ADMIN_USER_SORTS).default('createdAt')),
  order: orderSchema,
});
export type AdminUsersQuery = z.infer<typeof adminUsersQuerySchema>;

/** One account as the users table shows it. `lawyerStatus` only for lawyers. */
export const adminUserSchema = personSchema.extend({
  role: z.enum(ROLES),
  createdAt: z.string(),
  lastConnection: z.string().nullable(),
  banned: z.boolean(),
  bannedAt: z.string().nullable(),
  banReason: z.string().nullable(),
  lawyerStatus: z.enum(['pending', 'verified', 'rejected']).nullable(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/** GET /api/admin/stats: the overview. Money in euros; the median in hours (null with no validation). */
export const adminStatsSchema = z.object({
  users: z.object({
    total: z.number().int(),
    clients: z.number().int(),
    lawyers: z.number().int(),
    admins: z.number().int(),
    banned: z.number().int(),
  }),
  lawyers: z.object({
    pending: z.number().int(),
    verified: z.number().int(),
    rejected: z.number().int(),
  }),
  cases: z.object({
    total: z.number().int(),
    byStatus: z.record(z.enum(CASE_STATUSES), z.number().int()),
  }),
  payments: z.object({
    days: z.number().int(),
    count: z.number().int(),
    amount: z.number(),
    fees: z.number(),
  }),
  validation: z.object({
    days: z.number().int(),
    validated: z.number().int(),
    medianHours: z.number().nullable(),
  }),
  /**
   * First consultations: reserved and still to come (`upcoming`), and over the same window as the payments
   * those booked (`booked`, of which `paid` were paid by card), held (ended while reserved) and cancelled.
   */
  consultations: z.object({
    days: z.number().int(),
    upcoming: z.number().int(),
    booked: z.number().int(),
    paid: z.number().int(),
    held: z.number().int(),
    cancelled: z.number().int(),
  }),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;

/** GET /api/admin/audit: newest first by default; never editable. */
export const adminAuditQuerySchema = pageQuerySchema.extend({ order: orderSchema });
export type AdminAuditQuery = z.infer<typeof adminAuditQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  adminId: z.string().nullable(),
  adminName: z.string().nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  /** who or what the action was about, when it still exists (a person's name, a case's title) */
  targetLabel: z.string().nullable(),
  reason: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/**
 * docs/api/http.md, Auth: for an ADMIN a correct password answers this instead of a session. `otpauthUrl` only
 * while the administrator has not enrolled a second factor yet (the web shows it as a QR code).
 */
export const mfaChallengeSchema = z.object({
  mfaRequired: z.literal(true),
  mfaToken: z.string(),
  otpauthUrl: z.string().optional(),
});
export type MfaChallenge = z.infer<typeof mfaChallengeSchema>;

/** The login answer: a session, or an administrator's second step. */
export const loginAnswerSchema = z.union([
  z.object({ token: z.string(), baseUser: baseUserSchema }),
  mfaChallengeSchema,
]);
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;

/** POST /api/auth/mfa/verify: the 6 digits of the authenticator app. */
export const mfaVerifySchema = z.object({
  mfaToken: z.string({ error: es.admin.mfa.expired }).min(1, { error: es.admin.mfa.expired }).max(200),
  code: z
    .string({ error: es.admin.mfa.codeFormat })
    .transform((code) => code.replace(/\s/g, ''))
    .refine((code) => /^\d{6}$/.test(code), { error: es.admin.mfa.codeFormat }),
});
export type MfaVerifyInput = z.input<typeof mfaVerifySchema>;
