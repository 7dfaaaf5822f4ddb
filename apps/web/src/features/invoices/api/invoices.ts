import { FISCAL_PROFILE_PATH, INVOICES_PATH } from '@l4l/shared/constants/invoices';
import type { PageEnvelope } from '@l4l/shared/envelope';
import type { FiscalProfileInput, Invoice } from '@l4l/shared/schemas/invoices';
import { invoicesEs } from '@l4l/shared/texts/invoices';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { downloadFile } from '../../../lib/download-file.ts';
import { lazySchema, parseLazily } from '../../../lib/parse-answer.ts';

// the answers' schemas load beside their requests: the fiscal data's form is drawn without zod (ADR 0008)
const invoiceSchemas = () => import('@l4l/shared/schemas/invoices');
const invoicesPageSchema = lazySchema(async () => {
  const [{ pageEnvelope }, { invoiceSchema }] = await Promise.all([
    import('@l4l/shared/envelope'),
    invoiceSchemas(),
  ]);
  return pageEnvelope(invoiceSchema);
});
const fiscalProfileSchema = lazySchema(() => invoiceSchemas().then((module) => module.fiscalProfileSchema));
const savedFiscalProfileSchema = lazySchema(() => fiscalProfileSchema().then((schema) => schema.nullable()));

/** GET /api/invoices: the invoices the person issued or received (docs/invoices.md). */
export function useInvoices(page: number) {
  return useQuery({
    queryKey: ['invoices', page],
    queryFn: async ({ signal }) =>
      (await parseLazily(
        invoicesPageSchema,
        apiClient.getPage(INVOICES_PATH, { query: { page }, signal }),
      )) as PageEnvelope<Invoice>,
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
    queryFn: ({ signal }) =>
      parseLazily(savedFiscalProfileSchema, apiClient.get(FISCAL_PROFILE_PATH, { signal })),
  });
}

export function useSaveFiscalProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: FiscalProfileInput) =>
      parseLazily(fiscalProfileSchema, apiClient.put(FISCAL_PROFILE_PATH, input)),
    onSuccess: (profile) => client.setQueryData(profileKey, profile),
  });
}
