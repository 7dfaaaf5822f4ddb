import { isOpenProposal } from '@l4l/shared/constants/proposals';
import type { BoardCase } from '@l4l/shared/schemas/cases';
import { es } from '@l4l/shared/texts/es/app';
import { type ReactNode, useEffect, useRef } from 'react';
import { CheckIcon } from '../../../components/icons/icons.tsx';
import { categoryName, formatDay } from '../../../lib/format.ts';
import styles from './board-case-card.module.css';

/** What the board's screen puts on each card to send a proposal (the proposals feature, composed in app/). */
export type ProposalAction = (boardCase: BoardCase, onSent: () => void) => ReactNode;

/**
 * One published case of the lawyers' board (docs/product.md, Home, lawyer role): title, category, description,
 * publication date, how many proposals it has, and 'Enviar una propuesta' — or 'Propuesta enviada' while
 * this lawyer has one open on it.
 */
export function BoardCaseCard({
  boardCase,
  sent,
  picked = false,
  proposalAction,
  onSent,
}: {
  boardCase: BoardCase;
  sent: boolean;
  /** the case a new-case alert links to: marked, and scrolled to once (docs/alerts.md) */
  picked?: boolean;
  proposalAction?: ProposalAction;
  onSent: () => void;
}) {
  const titleId = `board-case-${boardCase.id}`;
  // an open proposal of theirs (pending, or being paid); a withdrawn or replaced one leaves room for another
  const ownCounted = boardCase.myProposal !== null && isOpenProposal(boardCase.myProposal.status);
  const alreadySent = sent || ownCounted;
  // the proposal just sent counts at once, before (or without) the board's figures catching up
  const proposals = Math.max(boardCase.proposalsCount + (sent && !ownCounted ? 1 : 0), alreadySent ? 1 : 0);
  const cardRef = useRef<HTMLElement>(null);
  useEffect(() => {
    if (picked) cardRef.current?.scrollIntoView?.({ block: 'center' });
  }, [picked]);
  return (
    <article
      ref={cardRef}
      className={`${styles.card} ${picked ? styles.picked : ''}`}
      aria-labelledby={titleId}
      aria-current={picked ? 'true' : undefined}
    >
      {picked ? <p className={styles.pickedNote}>{es.alerts.pickedCase}</p> : null}
      <div className={styles.top}>
        <p className={styles.category}>{categoryName(boardCase.category) || es.defaults.noCategory}</p>
        <p className={styles.date}>{es.cases.publishedOn(formatDay(boardCase.creationDate))}</p>
      </div>
      <h2 id={titleId} className={styles.title}>
        {boardCase.title}
      </h2>
      <p className={styles.description}>{boardCase.description || es.defaults.noDescription}</p>
      <div className={styles.bottom}>
        <p className={styles.count}>{es.cases.proposalsCount(proposals)}</p>
        {alreadySent ? (
          <p className={styles.sent} role="status">
            <CheckIcon size={16} />
            {es.proposals.sent}
          </p>
        ) : proposalAction ? (
          proposalAction(boardCase, onSent)
        ) : null}
      </div>
    </article>
  );
}
