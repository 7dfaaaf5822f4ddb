import { type PageEnvelope, pageMetaSchema } from '@l4l/shared/envelope';
import {
  FISCAL_PROFILE_PATH,
  type FiscalProfileInput,
  fiscalProfileSchema,
  INVOICES_PATH,
  type Invoice,
  invoiceSchema,
} from '@l4l/shared/schemas/invoices';
import { invoicesEs } from '@l4l/shared/texts/invoices';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '../../../lib/api-client.ts';
import { downloadFile } from '../../../lib/download-file.ts';
import { parseAnswer } from '../../../lib/parse-answer.ts';

const invoicesPageSchema = z.object({ data: z.array(invoiceSchema), meta: pageMetaSchema });

/** GET /api/invoices: the invoices the person issued or received (docs/invoices.md). */
export function useInvoices(page: number) {
  return useQuery({
    queryKey: ['invoices', page],
    queryFn: async ({ signal }) =>
      parseAnswer(
        invoicesPageSchema,
        await apiClient.getPage(INVOICES_PATH, { query: { page }, signal }),
      ) as PageEnvelope<Invoice>,
    placeholderData: keepPreviousData,
  });
}

export function useDownloadInvoice() {
  return useMutation({
    mutationFn: ({ url, fileName }: { url: string; fileName: string }) =>
      downloadFile(url, fileName, invoicesEs.screens.downloadError),
  });
}

const profileKey = ['fiscal-profile'] as const;

/** GET /api/billing/fiscal-profile: null until the person gives their fiscal data. */
export function useFiscalProfile() {
  return useQuery({
    queryKey: profileKey,
    queryFn: async ({ signal }) =>
      parseAnswer(fiscalProfileSchema.nullable(), await apiClient.get(FISCAL_PROFILE_PATH, { signal })),
  });
}

export function useSaveFiscalProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: FiscalProfileInput) =>
      parseAnswer(fiscalProfileSchema, await apiClient.put(FISCAL_PROFILE_PATH, input)),
    onSuccess: (profile) => client.setQueryData(profileKey, profile),
  });
}
