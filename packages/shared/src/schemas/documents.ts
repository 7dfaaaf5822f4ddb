import { z } from 'zod';

/**
 * (+) Case documents (docs/api/http.md, Case documents): files the case's parties exchange under
 * professional secrecy. The server decides a file's type from its bytes; the names here are what it kept.
 */

/** The types a document may be, recognised by their bytes. */
export const DOCUMENT_MIMES = [
  'application/pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.oasis.opendocument.text',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'image/jpeg',
  'image/png',
] as const;
export type DocumentMime = (typeof DOCUMENT_MIMES)[number];

/** What the file picker offers (the server still decides by the bytes). */
export const DOCUMENT_ACCEPT = '.pdf,.docx,.odt,.xlsx,.jpg,.jpeg,.png';

/** The multipart field that carries the file of POST /api/cases/{caseId}/documents. */
export const DOCUMENT_FIELD = 'file';

export const caseDocumentSchema = z.object({
  id: z.string(),
  caseId: z.string(),
  name: z.string(),
  /** bytes */
  size: z.number().int(),
  mime: z.enum(DOCUMENT_MIMES),
  /** the uploader's user id */
  uploadedBy: z.string(),
  uploaderName: z.string(),
  createdAt: z.string(),
});
export type CaseDocument = z.infer<typeof caseDocumentSchema>;

/** A document's download address (the file itself, as an attachment). */
export const documentUrl = (id: string) => `/api/documents/${id}`;
