import { z } from 'zod';
import { LIMITS } from '../constants/limits.ts';
import { ROLES } from '../constants/roles.ts';
import { es } from '../texts/es.ts';
import { personSchema } from './auth.ts';
import { pageQuerySchema } from './common.ts';

/** API.md "Admin (+)": lawyers awaiting verification, bans. */

/** GET /api/admin/lawyers?verified=false|true (absent: every lawyer), paged. */
export const adminLawyersQuerySchema = pageQuerySchema.extend({
  verified: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
});
export type AdminLawyersQuery = z.infer<typeof adminLawyersQuerySchema>;

/** What an administrator needs to decide on a lawyer. Dates are ISO strings; price in euros. */
export const adminLawyerSchema = personSchema.extend({
  categories: z.array(z.string()),
  description: z.string(),
  province: z.string(),
  price: z.number(),
  createdAt: z.string(),
  verified: z.boolean(),
  verifiedAt: z.string().nullable(),
  bannedAt: z.string().nullable(),
});
export type AdminLawyer = z.infer<typeof adminLawyerSchema>;

/** POST /api/admin/users/{id}/ban: an optional reason, kept with the ban and in the audit log. */
export const banSchema = z.object({
  reason: z
    .string()
    .trim()
    .max(LIMITS.descriptionMax, { error: es.validation.descriptionTooLong })
    .optional(),
});

/** The answer of ban and unban. */
export const adminUserStatusSchema = z.object({
  id: z.string(),
  role: z.enum(ROLES),
  banned: z.boolean(),
  bannedAt: z.string().nullable(),
  banReason: z.string().nullable(),
});
export type AdminUserStatus = z.infer<typeof adminUserStatusSchema>;
