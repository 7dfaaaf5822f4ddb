import { ROLE, type Role } from '@l4l/shared/constants/roles';
import { formatEuros } from '@l4l/shared/format';
import type { BillingRow } from '@l4l/shared/schemas/billing';
import { es } from '@l4l/shared/texts/es/profile';
import type { MouseEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/button/button.tsx';
import { ChevronLeftIcon } from '../../../components/icons/icons.tsx';
import { Pager, pageCount } from '../../../components/list-page/pager.tsx';
import { Spinner } from '../../../components/spinner/spinner.tsx';
import { formatDay } from '../../../lib/format.ts';
import { paths } from '../../../lib/paths.ts';
import { toast } from '../../../lib/toast.ts';
import { useDownloadReceipt } from '../api/download-receipt.ts';
import { useLawyerBilling } from '../api/get-lawyer-billing.ts';
import { useUserBilling } from '../api/get-user-billing.ts';
import styles from './billing-history.module.css';

/** The page from the address (?page=2), never below 1. */
function usePageParam(): [number, (page: number) => void] {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const setPage = (next: number) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        if (next <= 1) copy.delete('page');
        else copy.set('page', String(next));
        return copy;
      },
      { replace: true },
    );
  return [page, setPage];
}

/**
 * 'Facturación y pagos / Historial de facturación' (docs/product.md, Billing) for both roles: a client sees what
 * they paid, a lawyer what they earn. A table on wide screens; below 768 px each row is a card.
 */
export function BillingHistory({ userId, role }: { userId: string; role: Role }) {
  const [page, setPage] = usePageParam();
  const isLawyer = role === ROLE.ABOGADO;
  const asClient = useUserBilling(userId, page, !isLawyer);
  const asLawyer = useLawyerBilling(userId, page, isLawyer);
  const history = isLawyer ? asLawyer : asClient;
  const download = useDownloadReceipt();

  const onDownload = (row: BillingRow) => (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    if (download.isPending) return;
    download.mutate(
      { receiptUrl: row.receiptUrl, fileName: `justificante-${row.caseCode}.pdf` },
      { onError: (error) => toast.error(error.message || es.billing.receiptError) },
    );
  };

  const meta = history.data?.meta;
  const pages = pageCount(meta);
  const rows = history.data?.data ?? [];

  return (
    <div className={styles.page}>
      <Link to={paths.profile} className={styles.back}>
        <ChevronLeftIcon size={18} />
        {es.billing.back}
      </Link>
      <section className={styles.card} aria-labelledby="billing-title">
        <header className={styles.header}>
          <p className={styles.eyebrow}>{es.billing.title}</p>
          <h1 id="billing-title" className={styles.title}>
            {es.billing.subtitle}
          </h1>
        </header>

        {history.isPending ? (
          <div className={styles.state}>
            <Spinner />
          </div>
        ) : history.isError ? (
          <div className={styles.state} role="alert">
            <p>{es.billing.loadError}</p>
            <Button variant="secondary" size="sm" onClick={() => void history.refetch()}>
              {es.billing.retry}
            </Button>
          </div>
        ) : rows.length === 0 ? (
          <p className={styles.state}>{es.billing.empty}</p>
        ) : (
          <table className={styles.table} aria-busy={history.isFetching || undefined}>
            <caption className="visually-hidden">{es.billing.tableCaption}</caption>
            <thead>
              <tr>
                <th scope="col">{es.billing.date}</th>
                <th scope="col">{es.billing.caseCode}</th>
                <th scope="col">{es.billing.currency}</th>
                <th scope="col" className={styles.amount}>
                  {es.billing.total}
                </th>
                <th scope="col">
                  <span className="visually-hidden">{es.billing.receipt}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id}>
                  <td data-label={es.billing.date}>{formatDay(row.fecha)}</td>
                  <td data-label={es.billing.caseCode}>
                    <span className={styles.code}>#{row.caseCode}</span>
                  </td>
                  <td data-label={es.billing.currency}>{row.coinType}</td>
                  <td data-label={es.billing.total} className={styles.amount}>
                    {formatEuros(row.precioBruto)}
                  </td>
                  <td className={styles.receiptCell}>
                    <a
                      href={row.receiptUrl}
                      download
                      className={styles.receipt}
                      aria-label={es.billing.downloadReceipt(row.caseCode)}
                      onClick={onDownload(row)}
                    >
                      {download.isPending && download.variables?.receiptUrl === row.receiptUrl
                        ? es.billing.downloading
                        : es.billing.receipt}
                    </a>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}

        <Pager
          page={Math.min(page, pages)}
          pages={pages}
          onPage={setPage}
          label={es.billing.paging}
          size="sm"
          className={styles.paging}
        />
      </section>
    </div>
  );
}
