import { INVOICE_BOOK_CSV_PATH } from '@l4l/shared/constants/invoices';
import { invoicesEs } from '@l4l/shared/texts/invoices';
import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/download-file.ts';
import { toast } from '../../../lib/toast.ts';

const t = invoicesEs.screens;

/** The administrator's book of issued invoices as CSV (docs/invoices.md), downloaded like a receipt. */
export function InvoiceBookLink() {
  const download = useMutation({
    mutationFn: () => downloadFile(INVOICE_BOOK_CSV_PATH, 'libro-facturas-expedidas.csv', t.bookError),
  });
  return (
    <a
      href={INVOICE_BOOK_CSV_PATH}
      download
      onClick={(event) => {
        event.preventDefault();
        if (!download.isPending)
          download.mutate(undefined, { onError: (error) => toast.error(error.message) });
      }}
    >
      {t.book}
    </a>
  );
}
