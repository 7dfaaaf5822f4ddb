import { invoicePdfPath } from '@l4l/shared/constants/invoices';
import { formatEuros } from '@l4l/shared/format';
import type { Invoice } from '@l4l/shared/schemas/invoices';
import { invoicesEs } from '@l4l/shared/texts/invoices';
import type { MouseEvent } from 'react';
import { useState } from 'react';
import { Pager, pageCount } from '../../../components/list-page/pager.tsx';
import { Spinner } from '../../../components/spinner/spinner.tsx';
import { formatDay } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { useDownloadInvoice, useInvoices } from '../api/invoices.ts';
import styles from './invoices.module.css';

const t = invoicesEs.screens;
const numSerie = (invoice: Invoice) => `${invoice.series}-${String(invoice.number).padStart(6, '0')}`;

/**
 * 'Facturas' (docs/invoices.md): the invoices the person issued (a lawyer's, through the platform) or
 * received (a client's from their lawyer; a lawyer's from the platform for its fee), each with its PDF.
 */
export function InvoicesList() {
  const [page, setPage] = useState(1);
  const invoices = useInvoices(page);
  const download = useDownloadInvoice();
  const rows = invoices.data?.data ?? [];
  const pages = pageCount(invoices.data?.meta);

  const onDownload = (invoice: Invoice) => (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    if (download.isPending) return;
    download.mutate(
      { url: invoicePdfPath(invoice.id), fileName: `factura-${numSerie(invoice)}.pdf` },
      { onError: (error) => toast.error(error.message || t.downloadError) },
    );
  };

  return (
    <section className={styles.card} aria-labelledby="invoices-title">
      <header>
        <h2 id="invoices-title" className={styles.title}>
          {t.listTitle}
        </h2>
      </header>
      {invoices.isPending ? (
        <div className={styles.state}>
          <Spinner />
        </div>
      ) : invoices.isError ? (
        <p className={styles.state} role="alert">
          {t.loadError}
        </p>
      ) : rows.length === 0 ? (
        <p className={styles.state}>{t.empty}</p>
      ) : (
        <table className={styles.table}>
          <caption className="visually-hidden">{t.listCaption}</caption>
          <thead>
            <tr>
              <th scope="col">{t.date}</th>
              <th scope="col">{t.number}</th>
              <th scope="col">{t.parties}</th>
              <th scope="col" className={styles.amount}>
                {t.total}
              </th>
              <th scope="col">
                <span className="visually-hidden">{t.download}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((invoice) => (
              <tr key={invoice.id}>
                <td>{formatDay(invoice.issuedAt)}</td>
                <td>
                  {numSerie(invoice)}
                  <span className={styles.muted}>{t.types[invoice.type]}</span>
                </td>
                <td>
                  {invoice.issuer.name}
                  <span className={styles.muted}>→ {invoice.recipient.name}</span>
                </td>
                <td className={styles.amount}>{formatEuros(invoice.total)}</td>
                <td>
                  <a
                    href={invoicePdfPath(invoice.id)}
                    download
                    aria-label={t.downloadLabel(numSerie(invoice))}
                    onClick={onDownload(invoice)}
                  >
                    {t.download}
                  </a>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pager page={Math.min(page, pages)} pages={pages} onPage={setPage} label={t.paging} size="sm" />
    </section>
  );
}
