import { z } from 'zod';
import { anyPasswordSchema } from './auth.ts';

/**
 * docs/domain.md, Privacy rights: the export of one's data (GET /api/me/export) and the erasure of the
 * account (DELETE /api/me), which the person confirms with their password.
 */
export const eraseAccountSchema = z.object({ password: anyPasswordSchema });
export type EraseAccount = z.infer<typeof eraseAccountSchema>;

/**
 * The mail an erased account keeps: unique, never deliverable (RFC 2606 reserves .invalid), so the person's
 * own address is free to sign up again.
 */
export const erasedMail = (userId: string) => `eliminado-${userId}@cuentas-eliminadas.invalid`;
