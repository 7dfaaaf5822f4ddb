import { LIMITS } from '@l4l/shared/constants/limits';
import { ratingReportInputSchema } from '@l4l/shared/schemas/ratings';
import { es } from '@l4l/shared/texts/es/app';
import { type FormEvent, useEffect, useState } from 'react';
import { Button } from '../../../components/button/button.tsx';
import { TextAreaField } from '../../../components/form/field.tsx';
import { Modal } from '../../../components/modal/modal.tsx';
import { Spinner } from '../../../components/spinner/spinner.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useReportRating } from '../api/report-rating.ts';
import styles from './ratings-panel.module.css';

/** 'Denunciar': the reason an administrator will read, in the app's accessible dialog. */
export function ReportDialog({ ratingId, onClose }: { ratingId: string | null; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const report = useReportRating();
  const { reset } = report;
  const t = es.ratings;
  useEffect(() => {
    if (ratingId) {
      setReason('');
      setInvalid(null);
      reset();
    }
  }, [ratingId, reset]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!ratingId || report.isPending) return;
    const parsed = ratingReportInputSchema.safeParse({ reason });
    if (!parsed.success) {
      setInvalid(parsed.error.issues[0]?.message ?? t.reportRequired);
      return;
    }
    report.mutate(
      { ratingId, reason: parsed.data.reason },
      {
        onSuccess: () => {
          toast.success(t.reported);
          onClose();
        },
      },
    );
  };

  const failure = report.error ? (isApiError(report.error) ? report.error.message : t.reportFailed) : null;
  return (
    <Modal
      open={ratingId !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t.reportTitle}
      description={t.reportText}
      size="md"
    >
      <form className={styles.dialogForm} onSubmit={submit} noValidate>
        <TextAreaField
          label={t.reportLabel}
          aside={t.replyCount(reason.length, LIMITS.ratingReportMax)}
          value={reason}
          maxLength={LIMITS.ratingReportMax}
          rows={4}
          required
          error={invalid ?? failure}
          onChange={(event) => {
            setReason(event.target.value);
            setInvalid(null);
          }}
        />
        <div className={styles.formActions}>
          <Button variant="secondary" onClick={onClose}>
            {es.buttons.cancel}
          </Button>
          <Button type="submit" variant="danger" disabled={report.isPending}>
            {report.isPending ? <Spinner size="sm" label={t.reportSend} /> : null}
            {t.reportSend}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
