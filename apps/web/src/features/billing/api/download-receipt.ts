import { es } from '@l4l/shared/texts/es/profile';
import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/download-file.ts';

/** GET /api/transaccion/receipt/{paymentId} (+): the payment's PDF receipt, saved as a file. */
export function useDownloadReceipt() {
  return useMutation({
    mutationFn: ({ receiptUrl, fileName }: { receiptUrl: string; fileName: string }) =>
      downloadFile(receiptUrl, fileName, es.billing.receiptError),
  });
}
