import { CASE_STATUS } from '@l4l/shared/constants/cases';
import { isOpenProposal } from '@l4l/shared/constants/proposals';
import { ROLE } from '@l4l/shared/constants/roles';
import { formatEuros } from '@l4l/shared/format';
import type { Case } from '@l4l/shared/schemas/cases';
import { es } from '@l4l/shared/texts/es/app';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { useMyCases } from '../api/get-my-cases.ts';
import { casePath } from '../lib/case-paths.ts';
import { canPropose } from './case-card.tsx';
import styles from './client-open-cases.module.css';

/** The phones' layout (the chat's own breakpoint). */
const PHONE_QUERY = '(max-width: 767.98px)';

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
  // docs/product.md, Private chat: folded on a phone, so the messages keep the height; open on a wider screen
  const [expanded, setExpanded] = useState(() => !window.matchMedia?.(PHONE_QUERY).matches);
  const open = cases.data?.cases.filter((item) => item.userId === clientId) ?? [];
  if (open.length === 0) return null;
  const title = es.cases.openWithClientCount(open.length);
  // a named region still, so a screen reader's landmarks find the panel, folded or not
  return (
    <section aria-label={title}>
      <details
        className={styles.panel}
        open={expanded}
        onToggle={(event) => setExpanded(event.currentTarget.open)}
      >
        <summary className={styles.title}>{title}</summary>
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
      </details>
    </section>
  );
}
