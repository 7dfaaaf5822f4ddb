import { DOCUMENT_FIELD } from '@l4l/shared/constants/documents';
import type { CaseDocument } from '@l4l/shared/schemas/documents';
import { es } from '@l4l/shared/texts/es/app';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { parseEmptyAnswer } from '../../../lib/empty-answer.ts';
import { getCheckedPage, lazyDataEnvelope, lazySchema, parseLazily } from '../../../lib/parse-answer.ts';
import { type UploadOptions, uploadWithProgress } from '../../../lib/upload-with-progress.ts';

/** Enough for a case's papers on one screen; the server pages like every list. */
export const DOCUMENTS_PAGE_SIZE = 50;

// loaded beside the requests, zod with it: the documents' panel is drawn without them (ADR 0008)
const documentSchemas = () => import('@l4l/shared/schemas/documents');
const caseDocumentSchema = lazySchema(() => documentSchemas().then((module) => module.caseDocumentSchema));
const uploadedSchema = lazyDataEnvelope(caseDocumentSchema);

const documentKeys = { list: (caseId: string) => ['documents', caseId] as const };

/** GET /api/cases/{caseId}/documents (docs/api/http.md, Case documents): newest first. */
export const caseDocumentsQueryOptions = (caseId: string) =>
  queryOptions({
    queryKey: documentKeys.list(caseId),
    queryFn: async ({ signal }) =>
      (
        await getCheckedPage(
          `/api/cases/${encodeURIComponent(caseId)}/documents`,
          { page: 1, pageSize: DOCUMENTS_PAGE_SIZE },
          caseDocumentSchema,
          signal,
        )
      ).items,
  });

export function useCaseDocuments(caseId: string) {
  return useQuery(caseDocumentsQueryOptions(caseId));
}

/** POST /api/cases/{caseId}/documents with progress; the server also posts it in the case's chat. */
async function uploadCaseDocument(caseId: string, file: File, options: UploadOptions): Promise<CaseDocument> {
  const form = new FormData();
  form.append(DOCUMENT_FIELD, file, file.name);
  const body = uploadWithProgress(`/api/cases/${encodeURIComponent(caseId)}/documents`, form, {
    ...options,
    fallbackMessage: es.chat.uploadFailed,
  });
  return (await parseLazily(uploadedSchema, body)).data;
}

/** DELETE /api/documents/{id}: its uploader, within 24 hours. */
export function useDeleteDocument(caseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      parseEmptyAnswer(await apiClient.delete(`/api/documents/${encodeURIComponent(id)}`)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: documentKeys.list(caseId) }),
  });
}

/**
 * Sends a case document (the panel's button and drop, the chat's, composed by app/) and refreshes that
 * case's list once stored, wherever it was sent from.
 */
export function useSendCaseDocument() {
  const queryClient = useQueryClient();
  return async (caseId: string, file: File, options: UploadOptions): Promise<CaseDocument> => {
    const sent = await uploadCaseDocument(caseId, file, options);
    await queryClient.invalidateQueries({ queryKey: documentKeys.list(caseId) });
    return sent;
  };
}
