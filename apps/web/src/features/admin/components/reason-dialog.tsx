import { LIMITS } from '@l4l/shared/constants/limits';
import { es } from '@l4l/shared/texts/es/admin';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { Button } from '../../../components/button/button.tsx';
import { TextAreaField } from '../../../components/form/field.tsx';
import { Modal } from '../../../components/modal/modal.tsx';
import { Spinner } from '../../../components/spinner/spinner.tsx';
import styles from './admin.module.css';

type ReasonDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  /** a rejection needs a reason; a ban or a discard may go without one */
  required: boolean;
  confirmLabel: string;
  pending: boolean;
  /** the server's answer when the action failed */
  error?: string | undefined;
  onConfirm: (reason: string) => void;
  children?: ReactNode;
  /** the field's own words when it is not a reason (a moderation note) */
  field?: { label: string; placeholder: string; missing: string };
  /** a confirmation that destroys nothing is not red */
  tone?: 'danger' | 'primary';
};

/** An action that asks for the reason a person will read (Radix dialog: focus trapped, Escape closes). */
export function ReasonDialog({
  open,
  onOpenChange,
  title,
  description,
  required,
  confirmLabel,
  pending,
  error,
  onConfirm,
  children,
  field = {
    label: required ? es.admin.reason : es.admin.reasonOptional,
    placeholder: es.admin.reasonPlaceholder,
    missing: es.admin.reasonRequired,
  },
  tone = 'danger',
}: ReasonDialogProps) {
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  useEffect(() => {
    if (open) {
      setReason('');
      setMissing(false);
    }
  }, [open]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (required && reason.trim() === '') {
      setMissing(true);
      return;
    }
    onConfirm(reason.trim());
  };

  return (
    <Modal open={open} onOpenChange={onOpenChange} title={title} description={description} size="md">
      <form className={styles.dialogForm} onSubmit={submit} noValidate>
        {children}
        <TextAreaField
          label={field.label}
          placeholder={field.placeholder}
          value={reason}
          maxLength={LIMITS.descriptionMax}
          rows={4}
          required={required}
          error={missing ? field.missing : error}
          onChange={(event) => {
            setReason(event.target.value);
            setMissing(false);
          }}
        />
        <div className={styles.dialogActions}>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {es.admin.cancel}
          </Button>
          <Button type="submit" variant={tone} disabled={pending}>
            {pending ? <Spinner size="sm" label={es.admin.sending} /> : null}
            {confirmLabel}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
