/**
 * (+) Case documents (docs/api/http.md, Case documents): the figures the screens need before any answer,
 * apart from the documents' schema (schemas/documents.ts) so a screen that offers a file picker does not
 * load zod with it.
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

/** A document's download address (the file itself, as an attachment). */
export const documentUrl = (id: string) => `/api/documents/${id}`;
