/**
 * The multipart field that carries the file of POST /api/uploads (docs/api/http.md, Uploads). Apart from the
 * uploads' schemas (schemas/uploads.ts), so the chat's composer sends an image without loading zod.
 */
export const UPLOAD_FIELD = 'file';
