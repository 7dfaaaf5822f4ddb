import { z } from 'zod';
import { es } from '../texts/es/public.ts';

/**
 * Images people send (docs/api/http.md, Users, Lawyers and Uploads: POST /api/user/profile/photo, /api/lawyers/profile/photo, /api/uploads).
 * The server decides what an image is from its bytes, so the schema only asks for a string here.
 */

/** The photo upload payload (docs/api/http.md, Users): `{id, image, role}`; the image is a data URL, `role` is ignored. */
export const profilePhotoSchema = z.object({
  id: z.uuid(),
  image: z.string({ error: es.validation.imageRequired }).min(1, { error: es.validation.imageRequired }),
});
export type ProfilePhoto = z.infer<typeof profilePhotoSchema>;

export const profilePhotoAnswerSchema = z.object({ photoUrl: z.string() });
export type ProfilePhotoAnswer = z.infer<typeof profilePhotoAnswerSchema>;
/** POST /api/uploads: where the picture is, and (+) its size in pixels as stored (optional on the wire). */
export const uploadAnswerSchema = z.object({
  imageUrl: z.string(),
  width: z.number().int().optional(),
  height: z.number().int().optional(),
});
export type UploadAnswer = z.infer<typeof uploadAnswerSchema>;
