import { formatEuros } from '@l4l/shared/format';
import { consultationsWebEs } from '@l4l/shared/texts/consultations-web';
import { type FormEvent, useState } from 'react';
import { Button, ButtonLink } from '../../../components/button/button.tsx';
import { FormMessage, TextAreaField } from '../../../components/form/field.tsx';
import { Pager, pageCount } from '../../../components/list-page/pager.tsx';
import { Modal } from '../../../components/modal/modal.tsx';
import { Spinner } from '../../../components/spinner/spinner.tsx';
import { toast } from '../../../lib/toast.ts';
import { useCancelConsultation, useMyConsultations } from '../api/consultations.ts';
import { type Consultation, counterpartOf, meetingDetail } from '../api/schemas.ts';
import { madridRange } from '../lib/madrid-time.ts';
import styles from './consultations.module.css';

const t = consultationsWebEs.list;
const DAY_MS = 24 * 60 * 60 * 1000;
/** The room opens this long before the start (docs/consultations.md, The video room). */
export const ROOM_OPENS_BEFORE_MS = 10 * 60 * 1000;

/**
 * 'Mis consultas' for a client or a lawyer (docs/consultations.md): soonest first, the status, the
 * counterpart, the lawyer's phone or office once reserved, the room's door, and cancellation with a
 * confirmation that says what happens to the money.
 */
export function MyConsultations({
  roomPath,
  emptyAction,
}: {
  roomPath: (id: string) => string;
  /** what a client may do with an empty list (the directory) */
  emptyAction?: React.ReactNode;
}) {
  const [page, setPage] = useState(1);
  const list = useMyConsultations(page);
  const [cancelling, setCancelling] = useState<Consultation | null>(null);
  return (
    <div className={styles.page}>
      <header>
        <h1 className={styles.title}>{t.title}</h1>
        <p className={styles.muted}>{t.lead}</p>
      </header>
      {list.isPending ? (
        <Spinner />
      ) : list.isError ? (
        <div>
          <FormMessage>{t.loadError}</FormMessage>
          <Button variant="secondary" onClick={() => list.refetch()}>
            {t.retry}
          </Button>
        </div>
      ) : list.data.items.length === 0 ? (
        <section className={styles.card}>
          <p>{t.empty}</p>
          {emptyAction}
        </section>
      ) : (
        <ul className={styles.list} aria-label={t.title}>
          {list.data.items.map((consultation) => (
            <ConsultationItem
              key={consultation.id}
              consultation={consultation}
              roomPath={roomPath}
              onCancel={() => setCancelling(consultation)}
            />
          ))}
        </ul>
      )}
      <Pager page={page} pages={pageCount(list.data?.meta)} onPage={setPage} />
      {cancelling ? <CancelDialog consultation={cancelling} onClose={() => setCancelling(null)} /> : null}
    </div>
  );
}

function ConsultationItem({
  consultation,
  roomPath,
  onCancel,
}: {
  consultation: Consultation;
  roomPath: (id: string) => string;
  onCancel: () => void;
}) {
  const now = Date.now();
  const start = Date.parse(consultation.start);
  const end = Date.parse(consultation.end);
  const other = counterpartOf(consultation);
  const detail = meetingDetail(consultation);
  const open = consultation.status === 'RESERVADA' || consultation.status === 'PENDIENTE_PAGO';
  const viewerIsClient = consultation.role === 'client';
  // the lawyer's own phone is news to the client only; the office's address helps both
  const shown = detail && (viewerIsClient || detail.kind === 'office') ? detail : null;
  return (
    <li className={styles.item} data-testid="consultation-item">
      <div className={styles.itemMain}>
        <p className={styles.itemWhen}>{madridRange(consultation.start, consultation.end)}</p>
        <span className={styles.badge} data-status={consultation.status}>
          {consultationsWebEs.statuses[consultation.status] ?? consultation.status}
        </span>
        <p className={styles.muted}>
          {[
            other.name ? t.with(other.name) : null,
            consultationsWebEs.modes[consultation.mode],
            consultation.price > 0 ? formatEuros(consultation.price) : t.free,
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
        {shown ? <p>{shown.kind === 'phone' ? t.phone(shown.value) : t.office(shown.value)}</p> : null}
        {consultation.note ? <p className={styles.muted}>{t.note(consultation.note)}</p> : null}
      </div>
      <div className={styles.itemActions}>
        {consultation.status === 'RESERVADA' && consultation.mode === 'video' && now < end ? (
          <ButtonLink
            to={roomPath(consultation.id)}
            variant={now >= start - ROOM_OPENS_BEFORE_MS ? 'primary' : 'secondary'}
          >
            {t.enterRoom}
          </ButtonLink>
        ) : null}
        {consultation.status === 'PENDIENTE_PAGO' && consultation.paymentUrl && viewerIsClient ? (
          <Button onClick={() => window.location.assign(consultation.paymentUrl ?? '')}>{t.pay}</Button>
        ) : null}
        {open && now < start ? (
          <Button variant="danger" onClick={onCancel}>
            {t.cancel}
          </Button>
        ) : null}
      </div>
    </li>
  );
}

function CancelDialog({ consultation, onClose }: { consultation: Consultation; onClose: () => void }) {
  const cancel = useCancelConsultation();
  const [reason, setReason] = useState('');
  const viewerIsLawyer = consultation.role === 'lawyer';
  const paid = consultation.price > 0 && consultation.status === 'RESERVADA';
  const early = Date.parse(consultation.start) - Date.now() >= DAY_MS;
  const refund = !paid ? null : viewerIsLawyer ? t.lawyerRefund : early ? t.refundFull : t.refundLate;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    cancel.mutate(
      { id: consultation.id, reason: reason.trim() || undefined },
      {
        onSuccess: () => {
          toast.success(t.cancelled);
          onClose();
        },
      },
    );
  };
  return (
    <Modal
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t.cancelTitle}
      description={t.cancelLead(madridRange(consultation.start, consultation.end))}
    >
      <form className={styles.form} onSubmit={submit}>
        {refund ? <p>{refund}</p> : null}
        <TextAreaField
          label={t.reason}
          value={reason}
          rows={3}
          maxLength={500}
          onChange={(event) => setReason(event.target.value)}
        />
        {cancel.isError ? <FormMessage>{cancel.error.message}</FormMessage> : null}
        <div className={styles.dialogActions}>
          <Button variant="secondary" onClick={onClose}>
            {t.keep}
          </Button>
          <Button type="submit" variant="danger" disabled={cancel.isPending}>
            {t.confirmCancel}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
