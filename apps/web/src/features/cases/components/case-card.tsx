import { CASE_STATUS } from '@l4l/shared/constants/cases';
import { isOpenProposal } from '@l4l/shared/constants/proposals';
import { ROLE, type Role } from '@l4l/shared/constants/roles';
import { formatEuros } from '@l4l/shared/format';
import type { Case } from '@l4l/shared/schemas/cases';
import { es } from '@l4l/shared/texts/es/app';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, ButtonLink } from '../../../components/button/button.tsx';
import { Spinner } from '../../../components/spinner/spinner.tsx';
import { categoryName, formatDay } from '../../../lib/format.ts';
import { chatWithPath } from '../../../lib/paths.ts';
import { toast } from '../../../lib/toast.ts';
import { useRequestClosure } from '../api/request-closure.ts';
import { casePath } from '../lib/case-paths.ts';
import { closureErrorMessage } from '../lib/closure-error.ts';
import styles from './case-card.module.css';
import { StatusChip } from './status-chip.tsx';

/** The person to open the chat with: the lawyer for a client, the client for a lawyer. */
export function chatCounterpart(item: Case, role: Role): string | null {
  return item.chatWith ?? (role === ROLE.ABOGADO ? item.userId : item.lawyerId);
}

/** A lawyer may still propose on a case waiting for its lawyer while no proposal of theirs is open. */
export function canPropose(item: Case): boolean {
  return (
    item.status === CASE_STATUS.PENDIENTE_ASIGNACION &&
    !(item.myProposal && isOpenProposal(item.myProposal.status))
  );
}

/**
 * One case of 'Mis casos' (docs/product.md, Mis casos): status chip, title, category, dates and price. A client's card has
 * 'Chat' (once there is a lawyer to talk to) and 'Seguimiento'; a lawyer's card has 'Chat' and, only
 * while the case is ACTIVO, 'Solicitar cierre'.
 */
export function CaseCard({
  item,
  role,
  proposalAction,
}: {
  item: Case;
  role: Role;
  /** a lawyer's 'Enviar propuesta' on a case open to their proposal (the proposals feature, via app/) */
  proposalAction?: (item: Case) => ReactNode;
}) {
  const titleId = `case-${item.id}`;
  const isLawyer = role === ROLE.ABOGADO;
  const counterpart = chatCounterpart(item, role);
  const requestClosure = useRequestClosure();

  const onRequestClosure = () =>
    requestClosure.mutate(item.id, {
      onSuccess: () => toast.success(es.cases.closureRequestSent),
      onError: (error) => toast.error(closureErrorMessage(error)),
    });

  return (
    <article className={styles.card} aria-labelledby={titleId}>
      <div className={styles.top}>
        <StatusChip status={item.status} />
        {item.closureRequested && item.status === CASE_STATUS.ACTIVO ? (
          <span className={styles.tag}>{es.cases.closureRequestedTag}</span>
        ) : null}
      </div>
      <h2 id={titleId} className={styles.title}>
        <Link to={casePath(item.id)} className={styles.titleLink}>
          {item.title}
        </Link>
      </h2>
      <p className={styles.category}>{categoryName(item.category) || es.defaults.noCategory}</p>
      <ul className={styles.dates}>
        <li>{es.cases.createdOn(formatDay(item.creationDate))}</li>
        {item.assignationDate ? <li>{es.cases.assignedOn(formatDay(item.assignationDate))}</li> : null}
        {item.finishDate ? <li>{es.cases.finishedOn(formatDay(item.finishDate))}</li> : null}
      </ul>
      <dl className={styles.facts}>
        <div>
          <dt>{isLawyer ? es.cases.clientLabel : es.caseDetail.lawyer}</dt>
          <dd>{isLawyer ? item.userFullName : (item.lawyerAssigned ?? es.defaults.noLawyer)}</dd>
        </div>
        <div>
          <dt>{es.cases.priceLabel}</dt>
          <dd>{item.casePrice === null ? es.defaults.noPrice : formatEuros(item.casePrice)}</dd>
        </div>
      </dl>
      {isLawyer && item.myProposal && item.casePrice === null ? (
        <p className={styles.note}>{es.cases.myProposal(formatEuros(item.myProposal.price))}</p>
      ) : null}
      <div className={styles.actions}>
        {counterpart ? (
          <ButtonLink to={chatWithPath(counterpart)} variant="secondary">
            {es.buttons.chat}
          </ButtonLink>
        ) : (
          <Button variant="secondary" disabled title={es.cases.noChatYet}>
            {es.buttons.chat}
          </Button>
        )}
        {isLawyer && proposalAction && canPropose(item) ? proposalAction(item) : null}
        {isLawyer ? (
          item.status === CASE_STATUS.ACTIVO && !item.closureRequested ? (
            <Button variant="accent" onClick={onRequestClosure} disabled={requestClosure.isPending}>
              {requestClosure.isPending ? <Spinner size="sm" label={es.common.sending} /> : null}
              {es.buttons.requestClosure}
            </Button>
          ) : null
        ) : (
          // the case's own URL, so a new tab or a shared link opens the same case (docs/product.md, Routes)
          <ButtonLink to={casePath(item.id)} variant="accent">
            {es.buttons.tracking}
          </ButtonLink>
        )}
      </div>
    </article>
  );
}
