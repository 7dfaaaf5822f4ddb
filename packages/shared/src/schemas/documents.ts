import { z } from 'zod';
import { DOCUMENT_MIMES } from '../constants/documents.ts';

/**
 * (+) Case documents (docs/api/http.md, Case documents): files the case's parties exchange under
 * professional secrecy. The server decides a file's type from its bytes; the names here are what it kept.
 * The types, the upload's field and a document's address are constants/documents.ts.
 */

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
