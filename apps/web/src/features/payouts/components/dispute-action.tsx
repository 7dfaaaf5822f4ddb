import { DISPUTE_REASON_MAX, DISPUTE_REASON_MIN } from '@l4l/shared/constants/money';
import type { Dispute } from '@l4l/shared/schemas/money';
import { es } from '@l4l/shared/texts/es/app';
import { moneyWebEs } from '@l4l/shared/texts/money-web';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/button/button.tsx';
import { TextAreaField } from '../../../components/form/field.tsx';
import { Modal } from '../../../components/modal/modal.tsx';
import { Spinner } from '../../../components/spinner/spinner.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { openedDisputeKey, useOpenDispute } from '../api/payouts.ts';
import styles from './payouts.module.css';

const t = moneyWebEs.dispute;

/** The reason's message, or null when it may be sent (10 to 1000 characters once trimmed). */
export function checkDisputeReason(reason: string): string | null {
  const length = reason.trim().length;
  if (length < DISPUTE_REASON_MIN) return es.money.disputeReasonShort;
  if (length > DISPUTE_REASON_MAX) return es.money.disputeReasonLong;
  return null;
}

/**
 * 'Abrir una disputa' beside 'Confirmar cierre' (docs/money.md, Disputes): the client explains why in a
 * dialog; once open, the case shows 'Disputa abierta' and the lawyer's money waits for an administrator.
 * `disputeOpen` is what the case says; a dispute opened here shows at once.
 */
export function DisputeAction({
  caseId,
  disputeOpen = false,
  onOpened,
}: {
  caseId: string;
  disputeOpen?: boolean;
  onOpened?: () => void;
}) {
  const opened = useQuery<Dispute | null>({
    queryKey: openedDisputeKey(caseId),
    queryFn: () => null,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const [open, setOpen] = useState(false);
  if (disputeOpen || opened.data) return <DisputeState />;
  return (
    <>
      <Button variant="danger" onClick={() => setOpen(true)}>
        {t.open}
      </Button>
      <DisputeDialog
        caseId={caseId}
        open={open}
        onOpenChange={setOpen}
        onOpened={() => {
          setOpen(false);
          onOpened?.();
        }}
      />
    </>
  );
}

/** 'Disputa abierta': what happens now. */
export function DisputeState() {
  return (
    <div className={styles.disputeState} role="status">
      <strong>{t.stateTitle}</strong>
      <span>{t.stateText}</span>
    </div>
  );
}

export function DisputeDialog({
  caseId,
  open,
  onOpenChange,
  onOpened,
}: {
  caseId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onOpened: () => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const dispute = useOpenDispute(caseId);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = checkDisputeReason(reason);
    setError(problem);
    if (problem) return;
    dispute.mutate(reason.trim(), {
      onSuccess: () => {
        toast.success(t.opened);
        setReason('');
        onOpened();
      },
      onError: (failure) => {
        if (isApiError(failure)) setError(failure.fields.reason ?? failure.message);
        else setError(t.failed);
      },
    });
  };
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={t.title} description={t.text} size="md">
      <form className={styles.form} onSubmit={submit} noValidate>
        <TextAreaField
          label={t.reason}
          aside={<span aria-hidden="true">{t.counter(reason.length, DISPUTE_REASON_MAX)}</span>}
          value={reason}
          rows={5}
          maxLength={DISPUTE_REASON_MAX}
          minLength={DISPUTE_REASON_MIN}
          required
          error={error}
          onChange={(event) => {
            setReason(event.target.value);
            if (error) setError(null);
          }}
        />
        <div className={styles.dialogActions}>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t.cancel}
          </Button>
          <Button type="submit" variant="danger" disabled={dispute.isPending}>
            {dispute.isPending ? <Spinner size="sm" label={t.sending} /> : null}
            {t.submit}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
