import { caseCode } from '@l4l/shared/constants/cases';
import { documentUrl } from '@l4l/shared/constants/documents';
import { isOwnUploadUrl, MESSAGE_TYPE } from '@l4l/shared/constants/messages';
import { isTakenBack, PROPOSAL_STATUS } from '@l4l/shared/constants/proposals';
import { ROLE, type Role } from '@l4l/shared/constants/roles';
import { formatEuros } from '@l4l/shared/format';
import type { ChatMessage } from '@l4l/shared/schemas/chat';
import { es } from '@l4l/shared/texts/es/app';
import { format, isValid, parseISO } from 'date-fns';
import { memo, type ReactNode } from 'react';
import styles from './message-item.module.css';

/**
 * What the client's cards hold, from the features that own those actions (proposals, cases, ratings),
 * composed in app/: the chat shows the card and knows when it is still open, never the action itself.
 */
export type ChatCaseActions = {
  /**
   * accept or reject a proposal (type 2) still pending; `canCounter`: it is PENDIENTE and the client has not
   * asked for a new price on it yet, so 'Pedir otro precio' is offered
   */
  proposal: (message: ChatMessage, options: { canCounter: boolean }) => ReactNode;
  /** (+) the lawyer's own open proposal (type 2): change its price or withdraw it */
  ownProposal: (message: ChatMessage) => ReactNode;
  /** (+) the lawyer's answer to a client's counter-offer whose proposal is still PENDIENTE */
  counterOffer: (message: ChatMessage) => ReactNode;
  /** confirm or cancel a closure request (type 5) still open */
  closureRequest: (message: ChatMessage) => ReactNode;
  /** rate the case's lawyer (type 9) */
  ratingPrompt: (message: ChatMessage) => ReactNode;
};

export type MessageContext = {
  role: Role;
  /** the message was written by the person looking at it */
  own: boolean;
  /** proposal or closure request already answered: no buttons */
  settled: boolean;
  /** (+) a proposal card whose proposal the client has asked a new price for (a counter-offer) */
  countered?: boolean;
};

/** A message, how the person looking at it relates to it, and the actions its card may hold. */
type MessageProps = { message: ChatMessage; context: MessageContext; caseActions: ChatCaseActions };

function timeOf(timestamp: string): string {
  const date = parseISO(timestamp);
  return isValid(date) ? format(date, 'HH:mm') : '';
}

function Time({ timestamp }: { timestamp: string }) {
  return (
    <time className={styles.time} dateTime={timestamp}>
      {timeOf(timestamp)}
    </time>
  );
}

/** Under one's own message: a double tick once delivered, 'Leído hh:mm' once the other side read it. */
function Receipt({ message }: { message: ChatMessage }) {
  if (message.readAt) {
    return (
      <span className={`${styles.receipt} ${styles.read}`} data-testid="read-receipt">
        <span aria-hidden="true">✓✓ </span>
        {es.chat.readAt(timeOf(message.readAt))}
      </span>
    );
  }
  return (
    <span className={styles.receipt} title={es.chat.delivered}>
      <span aria-hidden="true">✓✓</span>
      <span className="visually-hidden">{es.chat.delivered}</span>
    </span>
  );
}

/** A file's size as people read it: '820 KB', '1,4 MB'. */
export function sizeLabel(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toLocaleString('es-ES', { maximumFractionDigits: 1 })} MB`;
}

/**
 * A proposal's price, IVA included; for the lawyer also the platform's fee with its IVA, as the fee
 * invoice bills it, and what they receive: all three as the server computed them (docs/money.md, The fee
 * and its IVA), never recomputed here.
 */
function ProposalFigures({
  message,
  role,
  label = es.chat.proposalAmount,
}: {
  message: ChatMessage;
  role: Role;
  label?: string;
}) {
  const amount = message.proposalAmount ?? 0;
  const fee = role === ROLE.ABOGADO ? message.platformFee : null;
  const vat = message.platformFeeVat ?? null;
  const total = message.platformFeeTotal ?? null;
  const receives = message.lawyerReceives ?? null;
  return (
    <dl className={styles.figures}>
      <div className={styles.amount}>
        <dt className={styles.amountLabel}>{label}</dt>
        <dd className={styles.amountValue}>
          {formatEuros(amount)} <span className={styles.vat}>{es.chat.vatIncluded}</span>
        </dd>
      </div>
      {fee !== null && fee !== undefined && vat !== null && total !== null && receives !== null ? (
        <>
          <div className={styles.amount}>
            <dt className={styles.amountLabel}>{es.chat.platformFee}</dt>
            <dd className={styles.figure}>
              {es.chat.feeWithVat(formatEuros(fee), formatEuros(vat), formatEuros(total))}
            </dd>
          </div>
          <div className={styles.amount}>
            <dt className={styles.amountLabel}>{es.chat.lawyerReceives}</dt>
            <dd className={styles.figure}>{formatEuros(receives)}</dd>
          </div>
        </>
      ) : null}
    </dl>
  );
}

/** The case a card is about: its title and code, so two cases of one pair are told apart. */
function CaseName({ message }: { message: ChatMessage }) {
  if (!message.caseId) return null;
  return (
    <p className={styles.caseName}>
      <span className="visually-hidden">{es.chat.proposalCase}: </span>
      {message.caseTitle ? <span className={styles.caseTitle}>{message.caseTitle}</span> : null}
      <span className={styles.caseCode}>{es.chat.caseLabel(caseCode(message.caseId))}</span>
    </p>
  );
}

/**
 * (+) A proposal its lawyer withdrew or replaced with a new price: no longer current, so the card keeps
 * only what history needs (what happened, the case, the old price struck through); the current one, if
 * any, is further down (docs/domain.md, Proposals).
 */
function TakenBackProposal({ message }: { message: ChatMessage }) {
  const title =
    message.proposalStatus === PROPOSAL_STATUS.WITHDRAWN
      ? es.chat.proposalWithdrawnTitle
      : es.chat.proposalSupersededTitle;
  return (
    <article className={`${styles.card} ${styles.takenBack}`} aria-label={title}>
      <p className={styles.cardTitle}>{title}</p>
      <CaseName message={message} />
      {message.proposalAmount !== null ? (
        <p className={styles.previous}>
          {es.chat.previousAmount}: <del>{formatEuros(message.proposalAmount)}</del>
        </p>
      ) : null}
      <Time timestamp={message.timestamp} />
    </article>
  );
}

/**
 * (+) The client's counter-offer: the price asked (for the lawyer with the fee and what they would
 * receive), the client's note, and where it stands: open (the lawyer's one-click answer; the client
 * waits), answered by a new proposal, or no longer open.
 */
function CounterOfferCard({ message, context, caseActions }: MessageProps) {
  const title = context.own ? es.chat.counterOfferOwnTitle : es.chat.counterOfferTitle;
  const status = message.proposalStatus;
  let state: ReactNode = null;
  if (status === PROPOSAL_STATUS.PENDING && message.counterDeclined) {
    state = <p className={styles.cardState}>{es.chat.counterOfferDeclined}</p>;
  } else if (status === PROPOSAL_STATUS.PENDING) {
    state =
      context.role === ROLE.ABOGADO ? (
        caseActions.counterOffer(message)
      ) : (
        <p className={styles.cardState}>{es.chat.counterOfferWaiting}</p>
      );
  } else if (status === PROPOSAL_STATUS.SUPERSEDED) {
    state = <p className={styles.cardState}>{es.chat.counterOfferAnswered}</p>;
  } else if (status) {
    state = <p className={styles.cardState}>{es.chat.counterOfferClosed}</p>;
  }
  return (
    <article className={`${styles.card} ${styles.counterOffer}`} aria-label={title}>
      <p className={styles.cardTitle}>{title}</p>
      <CaseName message={message} />
      {message.proposalAmount !== null ? (
        <ProposalFigures message={message} role={context.role} label={es.chat.counterOfferAmount} />
      ) : null}
      <p className={styles.text}>{message.text}</p>
      {state}
      <Time timestamp={message.timestamp} />
    </article>
  );
}

type BubbleProps = { message: MessageProps['message']; own: boolean };

/** A document shared in the chat: its name, size and download link, or that it was removed. */
function DocumentBubble({ message, own }: BubbleProps) {
  return (
    <div className={`${styles.bubble} ${styles.documentBubble} ${own ? styles.own : ''}`}>
      <p className={styles.documentName}>
        <svg
          viewBox="0 0 24 24"
          width="20"
          height="20"
          aria-hidden="true"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M14 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V8z" />
          <path d="M14 2v6h6" />
        </svg>
        <span>{message.text}</span>
      </p>
      {message.documentId ? (
        <p className={styles.documentFacts}>
          {message.size ? <span>{sizeLabel(message.size)}</span> : null}
          <a className={styles.download} href={documentUrl(message.documentId)} download={message.text}>
            {es.documents.download}
            <span className="visually-hidden"> {message.text}</span>
          </a>
        </p>
      ) : (
        <p className={styles.documentFacts}>{es.documents.removedBubble}</p>
      )}
      <Time timestamp={message.timestamp} />
      {own ? <Receipt message={message} /> : null}
    </div>
  );
}

/** An image of our own storage, at its stored size so the newest message stays in view while it loads. */
function ImageBubble({ message, own }: BubbleProps) {
  const url = message.text.trim();
  return (
    <div className={`${styles.bubble} ${styles.imageBubble} ${own ? styles.own : ''}`}>
      {isOwnUploadUrl(url) ? (
        <a href={url} target="_blank" rel="noopener noreferrer" aria-label={es.chat.openImage}>
          {/* its stored size keeps its place before it loads, so the newest message stays in view */}
          {message.width && message.height ? (
            <img
              className={styles.image}
              src={url}
              alt={es.chat.imageLabel}
              width={message.width}
              height={message.height}
              loading="lazy"
            />
          ) : (
            <img
              className={`${styles.image} ${styles.unsized}`}
              src={url}
              alt={es.chat.imageLabel}
              loading="lazy"
            />
          )}
        </a>
      ) : (
        <p className={styles.text}>{es.chat.imageLabel}</p>
      )}
      <Time timestamp={message.timestamp} />
      {own ? <Receipt message={message} /> : null}
    </div>
  );
}

/** A proposal: its figures, and the answers its reader may give while the case is open. */
function ProposalCard({ message, context, caseActions }: MessageProps) {
  const isClient = context.role === ROLE.USUARIO;
  if (isTakenBack(message.proposalStatus)) return <TakenBackProposal message={message} />;
  return (
    <article className={`${styles.card} ${styles.proposal}`} aria-label={es.chat.proposalTitle}>
      <p className={styles.cardTitle}>{es.chat.proposalTitle}</p>
      <CaseName message={message} />
      {message.proposalAmount !== null ? <ProposalFigures message={message} role={context.role} /> : null}
      <p className={styles.text}>{message.text}</p>
      {isClient && !context.settled
        ? caseActions.proposal(message, {
            canCounter: message.proposalStatus === PROPOSAL_STATUS.PENDING && !context.countered,
          })
        : null}
      {!isClient && context.own && !context.settled ? caseActions.ownProposal(message) : null}
      <Time timestamp={message.timestamp} />
    </article>
  );
}

/** The same message, seen the same way, with the same actions: nothing to draw again. */
function sameMessage(before: MessageProps, after: MessageProps) {
  return (
    before.message === after.message &&
    before.caseActions === after.caseActions &&
    before.context.role === after.context.role &&
    before.context.own === after.context.own &&
    before.context.settled === after.context.settled &&
    before.context.countered === after.context.countered
  );
}

/**
 * One message as docs/domain.md, Chat messages describes its kind. Text is always rendered as text (React escapes it), never as
 * HTML; an image is shown only when it is a file of our own storage. Memoized: a conversation renders again
 * for every message that arrives or is sent, and its other messages (kept as the same objects by the
 * cache, chat-cache.ts) need no new work; the message box stays quick while a burst arrives.
 */
export const MessageItem = memo(function MessageItem({ message, context, caseActions }: MessageProps) {
  const isClient = context.role === ROLE.USUARIO;
  switch (message.type) {
    case MESSAGE_TYPE.DOCUMENT:
      return <DocumentBubble message={message} own={context.own} />;
    case MESSAGE_TYPE.IMAGE:
      return <ImageBubble message={message} own={context.own} />;
    case MESSAGE_TYPE.PROPOSAL:
      return <ProposalCard message={message} context={context} caseActions={caseActions} />;
    case MESSAGE_TYPE.COUNTER_OFFER:
      return <CounterOfferCard message={message} context={context} caseActions={caseActions} />;
    case MESSAGE_TYPE.CLOSURE_REQUEST:
      return (
        <article className={`${styles.card} ${styles.closure}`} aria-label={es.chat.closureTitle}>
          <p className={styles.cardTitle}>{es.chat.closureTitle}</p>
          <p className={styles.text}>{message.text}</p>
          {isClient && !context.settled ? caseActions.closureRequest(message) : null}
          <Time timestamp={message.timestamp} />
        </article>
      );
    case MESSAGE_TYPE.CLOSURE_CONFIRMED:
      return (
        <div className={`${styles.banner} ${styles.success}`} data-kind="closed">
          <p className={styles.text}>{message.text}</p>
          <Time timestamp={message.timestamp} />
        </div>
      );
    case MESSAGE_TYPE.PROPOSAL_ACCEPTED:
      return (
        <div className={`${styles.banner} ${styles.success}`}>
          <p className={styles.text}>{message.text}</p>
          <p className={styles.bannerFacts}>
            {message.caseId ? <span>{es.chat.caseLabel(caseCode(message.caseId))}</span> : null}
            {message.proposalAmount !== null ? <span>{formatEuros(message.proposalAmount)}</span> : null}
          </p>
          <Time timestamp={message.timestamp} />
        </div>
      );
    case MESSAGE_TYPE.RATING_PROMPT:
      if (!isClient) return null;
      return (
        <div className={`${styles.card} ${styles.rating}`}>
          <p className={styles.cardTitle}>{es.chat.ratingTitle}</p>
          <p className={styles.text}>{message.text}</p>
          {caseActions.ratingPrompt(message)}
          <Time timestamp={message.timestamp} />
        </div>
      );
    case MESSAGE_TYPE.CLIENT_NOTICE:
      if (!isClient) return null;
      return (
        <div className={styles.notice}>
          <p className={styles.text}>{message.text}</p>
          <Time timestamp={message.timestamp} />
        </div>
      );
    case MESSAGE_TYPE.NOTICE:
      return (
        <div className={styles.notice}>
          <p className={styles.text}>{message.text}</p>
          <Time timestamp={message.timestamp} />
        </div>
      );
    default:
      return (
        <div className={`${styles.bubble} ${context.own ? styles.own : ''}`}>
          <p className={styles.text}>{message.text}</p>
          <Time timestamp={message.timestamp} />
          {context.own ? <Receipt message={message} /> : null}
        </div>
      );
  }
}, sameMessage);
