import { CASE_STATUS, CASE_STEPS } from '@l4l/shared/constants/cases';
import { categoryName } from '@l4l/shared/constants/categories';
import { isOpenProposal } from '@l4l/shared/constants/proposals';
import { ROLE } from '@l4l/shared/constants/roles';
import { formatEuros } from '@l4l/shared/format';
import type { Case } from '@l4l/shared/schemas/cases';
import { es } from '@l4l/shared/texts/es/app';
import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { BackButton } from '../../../components/button/back-button.tsx';
import { Button, ButtonLink } from '../../../components/button/button.tsx';
import { FormMessage } from '../../../components/form/field.tsx';
import { Spinner } from '../../../components/spinner/spinner.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { formatDay } from '../../../lib/format.ts';
import { isInvalidDataError } from '../../../lib/parse-answer.ts';
import { chatWithPath, paths } from '../../../lib/paths.ts';
import type { SessionUser } from '../../../lib/session.tsx';
import { useCase } from '../api/get-case.ts';
import { useLiveCase } from '../hooks/use-live-case.ts';
import { ClosureAnswer, LawyerActions } from './active-case-actions.tsx';
import { chatCounterpart } from './case-card.tsx';
import styles from './case-detail.module.css';
import { CaseTimeline } from './case-timeline.tsx';
import { PendingCaseActions } from './pending-case-actions.tsx';
import { StatusChip } from './status-chip.tsx';

/** What the screen puts under the timeline for a finished case's client (the ratings feature, via app/). */
export type RatingSlot = (item: Case) => ReactNode;
/** (+) what else the client may do instead of confirming a closure (the money feature's dispute), composed in app/ */
export type ClosureSlot = (item: Case) => ReactNode;
/** (+) The case's documents panel, composed in app/ (the documents feature's). */
export type DocumentsSlot = (item: Case) => ReactNode;

/**
 * A lawyer's 'Enviar propuesta' on a case open to their proposal, or (+) what they may do with their open
 * one (the proposals feature, via app/).
 */
export type ProposalSlot = (item: Case) => ReactNode;

type Viewer = Pick<SessionUser, 'id' | 'role'>;

/**
 * docs/product.md, Case detail: '/ Caso #CODE', back, 'Ir al Chat'; the case's data on the left and its 8-step
 * timeline on the right. The case's lawyer moves an ACTIVO case forward and asks to close it; the client
 * answers a closure request and, once the case is finished, rates the lawyer.
 */
export function CaseDetail({
  caseId,
  viewer,
  ratingSlot,
  closureSlot,
  documentsSlot,
  proposalSlot,
}: {
  caseId: string | null;
  viewer: Viewer;
  ratingSlot?: RatingSlot;
  closureSlot?: ClosureSlot;
  documentsSlot?: DocumentsSlot;
  proposalSlot?: ProposalSlot;
}) {
  if (!caseId) {
    return (
      <Frame>
        <FormMessage>{es.cases.noCaseId}</FormMessage>
      </Frame>
    );
  }
  return (
    <LoadedCase
      caseId={caseId}
      viewer={viewer}
      ratingSlot={ratingSlot}
      closureSlot={closureSlot}
      documentsSlot={documentsSlot}
      proposalSlot={proposalSlot}
    />
  );
}

/** The header row's back button: back where the person came from, or to 'Mis casos' on a deep link. */
function Frame({ children, header }: { children: ReactNode; header?: ReactNode }) {
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <section className={styles.page} aria-labelledby={header ? 'case-title' : undefined}>
      <div className={styles.header}>
        <BackButton onClick={() => (location.key === 'default' ? navigate(paths.cases) : navigate(-1))} />
        {header}
      </div>
      {children}
    </section>
  );
}

function LoadedCase({
  caseId,
  viewer,
  ratingSlot,
  closureSlot,
  documentsSlot,
  proposalSlot,
}: {
  caseId: string;
  viewer: Viewer;
  ratingSlot?: RatingSlot;
  closureSlot?: ClosureSlot;
  documentsSlot?: DocumentsSlot;
  proposalSlot?: ProposalSlot;
}) {
  const found = useCase(caseId);
  // the other party's moves show without a reload (docs/alerts.md, Live screens)
  useLiveCase(viewer.id, caseId);

  if (found.isPending) {
    return (
      <Frame>
        <div className={styles.state}>
          <Spinner label={es.caseDetail.loading} />
          <p>{es.caseDetail.loading}</p>
        </div>
      </Frame>
    );
  }
  if (found.isError || !found.data) {
    const notFound =
      !found.data && (!found.isError || (isApiError(found.error) && found.error.status === 404));
    return (
      <Frame>
        <FormMessage>
          {notFound
            ? es.caseDetail.notFound
            : isInvalidDataError(found.error)
              ? es.validation.invalidData
              : es.caseDetail.loadError}
        </FormMessage>
      </Frame>
    );
  }

  const item = found.data;
  const isCaseLawyer = viewer.role === ROLE.ABOGADO && item.lawyerId === viewer.id;
  const isClient = viewer.role === ROLE.USUARIO && item.userId === viewer.id;
  const active = item.status === CASE_STATUS.ACTIVO;
  const discarded = item.status === CASE_STATUS.DESCARTADO;

  return (
    <Frame header={<CaseHeader item={item} viewer={viewer} />}>
      <p className={styles.caseName}>{item.title}</p>
      {discarded ? <DiscardNotice item={item} isClient={isClient} /> : null}
      <div className={styles.columns}>
        <CaseData item={item} lawyerView={viewer.role === ROLE.ABOGADO} />
        <div className={styles.side}>
          <TimelinePanel item={item} />
          {isClient && item.status === CASE_STATUS.PDTEAVALIDACION ? (
            <PendingCaseActions item={item} />
          ) : null}
          {viewer.role === ROLE.ABOGADO && item.status === CASE_STATUS.PENDIENTE_ASIGNACION ? (
            <ProposalPanel item={item} proposalSlot={proposalSlot} />
          ) : null}
          {isCaseLawyer && active ? <LawyerActions item={item} /> : null}
          {isClient && active && item.closureRequested ? (
            <ClosureAnswer item={item} extra={closureSlot?.(item)} />
          ) : null}
          {isClient && item.status === CASE_STATUS.FINALIZADO && ratingSlot ? ratingSlot(item) : null}
        </div>
      </div>
      {documentsSlot && (isClient || (isCaseLawyer && (active || item.status === CASE_STATUS.FINALIZADO)))
        ? documentsSlot(item)
        : null}
    </Frame>
  );
}

/** The header row's title, '/ Caso #CODE', and 'Ir al Chat' (disabled while the case has no chat yet). */
function CaseHeader({ item, viewer }: { item: Case; viewer: Viewer }) {
  const counterpart = chatCounterpart(item, viewer.role);
  return (
    <>
      <h1 id="case-title" className={styles.title}>
        {es.caseDetail.header(item.code)}
      </h1>
      {/* an administrator (here from the console's Pagos) never reads the parties' chat */}
      {viewer.role === ROLE.ADMIN ? null : counterpart ? (
        <ButtonLink to={chatWithPath(counterpart)} variant="accent" className={styles.chat}>
          {es.buttons.goToChatCase}
        </ButtonLink>
      ) : (
        <Button variant="accent" disabled title={es.cases.noChatYet} className={styles.chat}>
          {es.buttons.goToChatCase}
        </Button>
      )}
    </>
  );
}

/** docs/product.md, Case detail: the right panel's 8-step timeline. */
function TimelinePanel({ item }: { item: Case }) {
  return (
    <section className={styles.panel} aria-labelledby="timeline-title">
      <h2 id="timeline-title" className={styles.panelTitle}>
        {es.caseDetail.timelineTitle}
      </h2>
      {item.status === CASE_STATUS.DESCARTADO ? (
        // a discarded case never went past validation: its timeline ends there, in 'Descartado'
        <CaseTimeline step={1} steps={DISCARDED_STEPS} labelledBy="timeline-title" />
      ) : (
        <CaseTimeline step={item.progressStep} labelledBy="timeline-title" />
      )}
    </section>
  );
}

const DISCARDED_STEPS = [CASE_STEPS[0], es.caseDetail.discardedStep] as const;

/** A discarded case says so, with the administrator's reason (also mailed to the client), and a way on. */
function DiscardNotice({ item, isClient }: { item: Case; isClient: boolean }) {
  return (
    <section className={styles.discarded} aria-labelledby="discarded-title">
      <h2 id="discarded-title" className={styles.discardedTitle}>
        {es.caseDetail.discardedTitle}
      </h2>
      <p>
        <strong>{es.caseDetail.discardReason}: </strong>
        {item.discardReason?.trim() || es.caseDetail.noDiscardReason}
      </p>
      {isClient ? (
        <>
          <p>{es.caseDetail.discardedHelp}</p>
          <ButtonLink to={paths.beginCase} variant="accent" className={styles.discardedAction}>
            {es.nav.startCase}
          </ButtonLink>
        </>
      ) : null}
    </section>
  );
}

/** docs/product.md, Case detail: the left panel, every field with its default. */
function CaseData({ item, lawyerView }: { item: Case; lawyerView: boolean }) {
  // a lawyer reads who the client is (and, once the case is theirs, how to reach them), not their own name
  const person: [string, ReactNode][] = lawyerView
    ? [
        [es.caseDetail.client, item.userFullName],
        ...(item.clientMail
          ? [
              [
                es.caseDetail.clientMail,
                <a key="mail" href={`mailto:${item.clientMail}`}>
                  {item.clientMail}
                </a>,
              ] as [string, ReactNode],
            ]
          : []),
        ...(item.clientPhone
          ? [
              [
                es.caseDetail.clientPhone,
                <a key="phone" href={`tel:${item.clientPhone}`}>
                  {item.clientPhone}
                </a>,
              ] as [string, ReactNode],
            ]
          : []),
      ]
    : [[es.caseDetail.lawyer, item.lawyerAssigned ?? es.caseDetail.unassigned]];
  const rows: [string, ReactNode][] = [
    [es.caseDetail.status, <StatusChip key="status" status={item.status} />],
    [es.caseDetail.category, categoryName(item.category) || es.defaults.noCategory],
    [es.caseDetail.creationDate, formatDay(item.creationDate)],
    [
      es.caseDetail.assignationDate,
      item.assignationDate ? formatDay(item.assignationDate) : es.caseDetail.unassigned,
    ],
    ...person,
    [es.caseDetail.finishDate, item.finishDate ? formatDay(item.finishDate) : es.caseDetail.noFinishDate],
    [es.caseDetail.price, item.casePrice === null ? es.defaults.noPrice : formatEuros(item.casePrice)],
  ];
  return (
    <section className={styles.panel} aria-labelledby="case-data-title">
      <h2 id="case-data-title" className={styles.panelTitle}>
        {es.caseDetail.dataTitle}
      </h2>
      <dl className={styles.data}>
        {rows.map(([label, value]) => (
          <div key={label} className={styles.row}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
        <div className={styles.descriptionRow}>
          <dt>{es.caseDetail.description}</dt>
          <dd className={styles.description}>{item.description.trim() || es.caseDetail.noDescription}</dd>
        </div>
      </dl>
    </section>
  );
}

/**
 * A lawyer on a case still waiting for its lawyer (one addressed to them, or from the board): their open
 * proposal, or 'Enviar propuesta' (docs/domain.md, Case machine: propose). The slot (app/) holds what the
 * lawyer may do: send one, or (+) change the open one's price or withdraw it.
 */
function ProposalPanel({ item, proposalSlot }: { item: Case; proposalSlot?: ProposalSlot }) {
  const open = item.myProposal && isOpenProposal(item.myProposal.status);
  if (!open && !proposalSlot) return null;
  return (
    <section className={styles.panel} aria-labelledby="proposal-panel-title">
      <h2 id="proposal-panel-title" className={styles.panelTitle}>
        {es.caseDetail.proposalTitle}
      </h2>
      <p className={styles.note}>
        {open && item.myProposal
          ? es.cases.myProposal(formatEuros(item.myProposal.price))
          : es.caseDetail.proposalHelp}
      </p>
      {proposalSlot?.(item)}
    </section>
  );
}
