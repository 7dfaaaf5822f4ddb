import { formatEuros } from '@l4l/shared/format';
import type { PayoutAccount, Transfer as PayoutTransfer } from '@l4l/shared/schemas/money';
import { es } from '@l4l/shared/texts/es/app';
import { moneyWebEs } from '@l4l/shared/texts/money-web';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/button/button.tsx';
import { Pager, pageCount } from '../../../components/list-page/pager.tsx';
import { Spinner } from '../../../components/spinner/spinner.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { formatDay } from '../../../lib/format.ts';
import { paths } from '../../../lib/paths.ts';
import { toast } from '../../../lib/toast.ts';
import {
  usePayoutAccount,
  usePayoutBalance,
  usePayoutTransfers,
  useStartOnboarding,
} from '../api/payouts.ts';
import styles from './payouts.module.css';

const t = moneyWebEs.payouts;

/** Where the browser goes to set up the account: the provider's page (or the sandbox's, on this site). */
function goTo(url: string) {
  window.location.assign(url);
}

/**
 * 'Cobros' (docs/money.md): the lawyer's payout account and the button to set it up, the balance
 * (held, available, paid out), the transfers with their case, and — composed in app/ — the invoicing
 * consent. A table on wide screens, a list of cards below 768 px.
 */
export function PayoutsPage({
  consent,
  navigate = goTo,
}: {
  consent?: ReactNode;
  navigate?: (url: string) => void;
}) {
  return (
    <div className={styles.page}>
      <header className={styles.heading}>
        <h1 className={styles.title}>{t.title}</h1>
        <p className={styles.lead}>{t.lead}</p>
      </header>
      <AccountCard navigate={navigate} />
      <BalanceCards />
      <TransfersCard />
      {consent}
    </div>
  );
}

function LoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <div className={styles.state} role="alert">
      <p>{t.loadError}</p>
      <Button variant="secondary" size="sm" onClick={onRetry}>
        {t.retry}
      </Button>
    </div>
  );
}

const accountText = (status: PayoutAccount['status']) => t.account[status];
const accountButton = (status: PayoutAccount['status']) =>
  status === 'none' ? t.account.setUp : status === 'pending' ? t.account.resume : t.account.update;

function AccountCard({ navigate }: { navigate: (url: string) => void }) {
  const account = usePayoutAccount();
  const onboarding = useStartOnboarding();
  const start = () =>
    onboarding.mutate(undefined, {
      onSuccess: ({ url }) => navigate(url),
      onError: (error) => toast.error(isApiError(error) ? error.message : t.account.failed),
    });
  return (
    <section className={styles.card} aria-labelledby="payout-account-title">
      <h2 id="payout-account-title" className={styles.cardTitle}>
        {t.account.title}
      </h2>
      {account.isPending ? (
        <Spinner />
      ) : account.isError ? (
        <LoadFailed onRetry={() => void account.refetch()} />
      ) : (
        <div className={styles.account}>
          <p className={styles.accountState}>
            <span className={styles[`badge_${account.data.status}`]}>
              {es.money.accountStatuses[account.data.status]}
            </span>
            <span>{accountText(account.data.status)}</span>
          </p>
          {account.data.status === 'enabled' ? <AccountDetails account={account.data} /> : null}
          <div className={styles.accountActions}>
            <Button
              variant={account.data.status === 'enabled' ? 'secondary' : 'accent'}
              onClick={start}
              disabled={onboarding.isPending || onboarding.isSuccess}
            >
              {onboarding.isPending ? <Spinner size="sm" label={t.account.opening} /> : null}
              {accountButton(account.data.status)}
            </Button>
            <span className={styles.muted}>
              {account.data.status === 'enabled'
                ? t.account.changeHint[account.data.provider]
                : t.account.provider(account.data.provider)}
            </span>
          </div>
        </div>
      )}
    </section>
  );
}

/** An enabled account as the provider told it: the holder and the bank's last digits (never the IBAN). */
function AccountDetails({ account }: { account: PayoutAccount }) {
  return (
    <dl className={styles.details} aria-label={t.account.details}>
      <div>
        <dt>{t.account.holder}</dt>
        <dd>{account.holder || t.account.unknown}</dd>
      </div>
      <div>
        <dt>{t.account.bank}</dt>
        <dd>{account.bankLast4 ? t.account.bankEnding(account.bankLast4) : t.account.unknown}</dd>
      </div>
      {account.enabledAt ? (
        <div>
          <dt>{t.account.since}</dt>
          <dd>{formatDay(account.enabledAt)}</dd>
        </div>
      ) : null}
    </dl>
  );
}

function BalanceCards() {
  const balance = usePayoutBalance();
  // the same query as the account card's: 'lo recibirás en cuanto tu cuenta esté activa' only without one
  const account = usePayoutAccount();
  const enabled = account.data?.status === 'enabled';
  const figures = [
    { key: 'held', label: t.balance.held, hint: t.balance.heldHint },
    {
      key: 'available',
      label: t.balance.available,
      hint: enabled ? t.balance.availableHintEnabled : t.balance.availableHint,
    },
    { key: 'paidOut', label: t.balance.paidOut, hint: t.balance.paidOutHint },
  ] as const;
  return (
    <section aria-labelledby="payout-balance-title">
      <h2 id="payout-balance-title" className="visually-hidden">
        {t.balance.title}
      </h2>
      {balance.isPending ? (
        <Spinner />
      ) : balance.isError ? (
        <LoadFailed onRetry={() => void balance.refetch()} />
      ) : (
        <dl className={styles.balance}>
          {figures.map((figure) => (
            <div key={figure.key} className={styles.figureCard}>
              <dt className={styles.figureLabel}>{figure.label}</dt>
              <dd className={styles.figure}>{formatEuros(balance.data[figure.key])}</dd>
              <dd className={styles.muted}>{figure.hint}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}

function TransfersCard() {
  const [page, setPage] = useState(1);
  const transfers = usePayoutTransfers(page);
  const pages = pageCount(transfers.data?.meta);
  return (
    <section className={styles.card} aria-labelledby="payout-transfers-title">
      <h2 id="payout-transfers-title" className={styles.cardTitle}>
        {t.transfers.title}
      </h2>
      {transfers.isPending ? (
        <Spinner />
      ) : transfers.isError ? (
        <LoadFailed onRetry={() => void transfers.refetch()} />
      ) : transfers.data.items.length === 0 ? (
        <p className={styles.muted}>{t.transfers.empty}</p>
      ) : (
        <>
          <p className={styles.muted}>{t.transfers.feeNote}</p>
          <TransfersTable rows={transfers.data.items} busy={transfers.isFetching} />
        </>
      )}
      <Pager
        page={Math.min(page, pages)}
        pages={pages}
        onPage={setPage}
        label={t.transfers.paging}
        size="sm"
      />
    </section>
  );
}

/** A transfer's state; one sent and then partly taken back says so (the whole taken back is REVERTIDA). */
function TransferStatus({ row }: { row: PayoutTransfer }) {
  const partly = row.status === 'ENVIADA' && row.reversed > 0;
  return (
    <span className={styles[`transfer_${partly ? 'REVERTIDA' : row.status}`]}>
      {partly ? t.transfers.partlyReversed : es.money.transferStatuses[row.status]}
    </span>
  );
}

/**
 * What a transfer row is made of, as the server computed it (docs/money.md, The fee and its IVA): what is
 * left to the lawyer, the price it comes from and the fee with its IVA, any refund to the client, and, once
 * something was taken back, what was sent, what was taken back and what remains.
 */
function TransferFigures({ row }: { row: PayoutTransfer }) {
  const lines = [
    t.transfers.fromPrice(formatEuros(row.price)),
    t.transfers.fee(formatEuros(row.fee), formatEuros(row.feeVat), formatEuros(row.feeTotal)),
    ...(row.refunded > 0 ? [t.transfers.refunded(formatEuros(row.refunded))] : []),
    ...(row.reversed > 0
      ? [
          t.transfers.sent(formatEuros(row.sent)),
          t.transfers.takenBack(formatEuros(row.reversed)),
          t.transfers.remains(formatEuros(row.amount)),
        ]
      : []),
  ];
  return (
    <span className={styles.amountFigures}>
      <span className={styles.net}>
        {row.status === 'PENDIENTE' ? t.transfers.owed(formatEuros(row.amount)) : formatEuros(row.amount)}
      </span>
      <span className={styles.breakdown}>
        {lines.map((line) => (
          <span key={line}>{line}</span>
        ))}
      </span>
    </span>
  );
}

export function TransfersTable({ rows, busy }: { rows: PayoutTransfer[]; busy?: boolean }) {
  return (
    <table className={styles.table} aria-busy={busy || undefined}>
      <caption className="visually-hidden">{t.transfers.caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t.transfers.caseCode}</th>
          <th scope="col" className={styles.amount}>
            {t.transfers.amount}
          </th>
          <th scope="col">{t.transfers.status}</th>
          <th scope="col">{t.transfers.date}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.id}>
            <td data-label={t.transfers.caseCode}>
              {row.caseId && row.caseCode ? (
                <Link
                  to={`${paths.cases}/${encodeURIComponent(row.caseId)}`}
                  className={styles.code}
                  aria-label={t.transfers.openCase(row.caseCode)}
                >
                  #{row.caseCode}
                </Link>
              ) : (
                t.transfers.firstConsultation
              )}
            </td>
            <td data-label={t.transfers.amount} className={styles.amount}>
              <TransferFigures row={row} />
            </td>
            <td data-label={t.transfers.status}>
              <TransferStatus row={row} />
            </td>
            <td data-label={t.transfers.date}>{formatDay(row.createdAt)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
