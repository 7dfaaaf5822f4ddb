import { CASE_STATUS } from '@l4l/shared/constants/cases';
import { isOpenProposal } from '@l4l/shared/constants/proposals';
import { ROLE } from '@l4l/shared/constants/roles';
import { formatEuros } from '@l4l/shared/format';
import type { Case } from '@l4l/shared/schemas/cases';
import { es } from '@l4l/shared/texts/es/app';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useMyCases } from '../api/get-my-cases.ts';
import { casePath } from '../lib/case-paths.ts';
import { canPropose } from './case-card.tsx';
import styles from './client-open-cases.module.css';

/**
 * In a lawyer's chat with a client: that client's cases still waiting for a lawyer that this lawyer takes
 * part in (addressed to them, or proposed on), each named by title and code, with 'Enviar propuesta' while
 * no proposal of theirs is open (`proposalAction`, the proposals feature via app/). Nothing when there is
 * none.
 */
export function ClientOpenCases({
  lawyerId,
  clientId,
  proposalAction,
}: {
  lawyerId: string;
  clientId: string;
  proposalAction: (item: Case) => ReactNode;
}) {
  const cases = useMyCases(lawyerId, ROLE.ABOGADO, { status: CASE_STATUS.PENDIENTE_ASIGNACION, page: 1 });
  const open = cases.data?.cases.filter((item) => item.userId === clientId) ?? [];
  if (open.length === 0) return null;
  return (
    <section className={styles.panel} aria-labelledby="client-open-cases-title">
      <h3 id="client-open-cases-title" className={styles.title}>
        {es.cases.openWithClient}
      </h3>
      <ul className={styles.list}>
        {open.map((item) => (
          <li key={item.id} className={styles.item}>
            <Link to={casePath(item.id)} className={styles.name}>
              {item.title} <span className={styles.code}>{es.chat.caseLabel(item.code)}</span>
            </Link>
            {canPropose(item) ? (
              proposalAction(item)
            ) : item.myProposal && isOpenProposal(item.myProposal.status) ? (
              <span className={styles.note}>{es.cases.myProposal(formatEuros(item.myProposal.price))}</span>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
