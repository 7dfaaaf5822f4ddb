import { z } from 'zod';
import { anyPasswordSchema } from './auth.ts';

/**
 * docs/domain.md, Privacy rights: the export of one's data (GET /api/me/export) and the erasure of the
 * account (DELETE /api/me), which the person confirms with their password.
 */
export const eraseAccountSchema = z.object({ password: anyPasswordSchema });
export type EraseAccount = z.infer<typeof eraseAccountSchema>;

/** GET /api/me/export answers a ZIP; its name carries the day it was made. */
export const EXPORT_PATH = '/api/me/export';
export const exportFileName = (day: Date) => `l4l-mis-datos-${day.toISOString().slice(0, 10)}.zip`;

/**
 * The mail an erased account keeps: unique, never deliverable (RFC 2606 reserves .invalid), so the person's
 * own address is free to sign up again.
 */
export const erasedMail = (userId: string) => `eliminado-${userId}@cuentas-eliminadas.invalid`;
