import { MONEY_NOTE_MAX } from '@l4l/shared/constants/money';
import { formatEuros } from '@l4l/shared/format';
import { es } from '@l4l/shared/texts/es/admin';
import { moneyWebEs } from '@l4l/shared/texts/money-web';
import { type FormEvent, useEffect, useState } from 'react';
import { Button } from '../../../components/button/button.tsx';
import { TextAreaField, TextField } from '../../../components/form/field.tsx';
import { Modal } from '../../../components/modal/modal.tsx';
import { Spinner } from '../../../components/spinner/spinner.tsx';
import {
  checkRefund,
  checkResolve,
  parseEuros,
  type RefundErrors,
  type ResolveErrors,
} from '../lib/money-forms.ts';
import styles from './admin.module.css';

const t = moneyWebEs.admin;

type Choice<V extends string> = { value: V; label: string };

/** A group of radio buttons with its legend (the refund's kind, the dispute's outcome). */
function Choices<V extends string>({
  legend,
  name,
  value,
  choices,
  onChange,
}: {
  legend: string;
  name: string;
  value: V;
  choices: Choice<V>[];
  onChange: (value: V) => void;
}) {
  return (
    <fieldset className={styles.choices}>
      <legend>{legend}</legend>
      {choices.map((choice) => (
        <label key={choice.value} className={styles.choice}>
          <input
            type="radio"
            name={name}
            value={choice.value}
            checked={value === choice.value}
            onChange={() => onChange(choice.value)}
          />
          <span>{choice.label}</span>
        </label>
      ))}
    </fieldset>
  );
}

/** `caseCode`: what the payment was for, as the refund's sentences say it (payments-page.tsx, paidFor) */
type RefundTarget = { id: string; caseCode: string; amount: number; refunded: number };

/** Euros without binary leftovers: 300 − 150,1 → 149,9. */
const euros = (value: number) => Math.round(value * 100) / 100;

/** What the second step says: the amount written out, and what will be left of the payment. */
function refundDescription(checked: number | null, refundable: number): string {
  if (checked === null) return t.refund.text;
  if (checked >= refundable) return t.refund.confirmAll(formatEuros(checked));
  return t.refund.confirmText(formatEuros(checked), formatEuros(euros(refundable - checked)));
}

/** The second step: the amount and the reason once more, then 'Reembolsar 150 €'. */
function RefundConfirmation({
  amount,
  reason,
  error,
  pending,
  onBack,
  onConfirm,
}: {
  amount: number;
  reason: string;
  error?: string | undefined;
  pending: boolean;
  onBack: () => void;
  onConfirm: () => void;
}) {
  return (
    <div className={styles.dialogForm}>
      <p className={styles.confirmFigure}>{formatEuros(amount)}</p>
      <p>
        <strong>{t.refund.confirmReason}:</strong> {reason}
      </p>
      {error ? (
        <p role="alert" className={styles.formError}>
          {error}
        </p>
      ) : null}
      <div className={styles.dialogActions}>
        <Button variant="secondary" onClick={onBack} disabled={pending}>
          {t.refund.back}
        </Button>
        <Button variant="danger" disabled={pending} onClick={onConfirm}>
          {pending ? <Spinner size="sm" label={t.refund.sending} /> : null}
          {t.refund.confirmAmount(formatEuros(amount))}
        </Button>
      </div>
    </div>
  );
}

/**
 * 'Reembolsar' in two steps (docs/money.md, Refunds): first the amount (nothing chosen for the
 * administrator: the most that may be refunded is shown) and a reason (audited, the client reads it); then
 * the amount written out, and what will be left, before anything is refunded.
 */
export function RefundDialog({
  payment,
  onOpenChange,
  pending,
  error,
  onConfirm,
}: {
  payment: RefundTarget | null;
  onOpenChange: (open: boolean) => void;
  pending: boolean;
  error?: string | undefined;
  onConfirm: (input: { amount: number; reason: string }) => void;
}) {
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<RefundErrors>({});
  const [checked, setChecked] = useState<number | null>(null);
  const refundable = payment ? euros(payment.amount - payment.refunded) : 0;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new payment starts a clean form
  useEffect(() => {
    setAmount('');
    setReason('');
    setErrors({});
    setChecked(null);
  }, [payment?.id]);

  const review = (event: FormEvent) => {
    event.preventDefault();
    const found = checkRefund({ amount, reason }, refundable);
    setErrors(found);
    if (found.amount || found.reason) return;
    setChecked(parseEuros(amount));
  };

  const code = payment?.caseCode ?? '';
  return (
    <Modal
      open={payment !== null}
      onOpenChange={onOpenChange}
      title={checked === null ? t.refund.title(code) : t.refund.confirmTitle(code)}
      description={refundDescription(checked, refundable)}
      size="md"
    >
      {checked === null ? (
        <form className={styles.dialogForm} onSubmit={review} noValidate>
          <TextField
            label={t.refund.amount}
            hint={t.refund.amountMax(formatEuros(refundable))}
            inputMode="decimal"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            error={errors.amount}
            maxLength={12}
            required
          />
          <TextAreaField
            label={es.admin.reason}
            value={reason}
            rows={3}
            maxLength={MONEY_NOTE_MAX}
            required
            error={errors.reason}
            onChange={(event) => setReason(event.target.value)}
          />
          <div className={styles.dialogActions}>
            <Button variant="secondary" onClick={() => onOpenChange(false)}>
              {t.close}
            </Button>
            <Button type="submit">{t.refund.review}</Button>
          </div>
        </form>
      ) : (
        <RefundConfirmation
          amount={checked}
          reason={reason.trim()}
          error={error}
          pending={pending}
          onBack={() => setChecked(null)}
          onConfirm={() => onConfirm({ amount: checked, reason: reason.trim() })}
        />
      )}
    </Modal>
  );
}

type DisputeTarget = { id: string; caseCode: string; amount: number };

/** 'Resolver': pay the lawyer, or refund the client all or part (the rest goes to the lawyer), with a note. */
export function ResolveDisputeDialog({
  dispute,
  onOpenChange,
  pending,
  error,
  onConfirm,
}: {
  dispute: DisputeTarget | null;
  onOpenChange: (open: boolean) => void;
  pending: boolean;
  error?: string | undefined;
  onConfirm: (input: { outcome: 'release' | 'refund'; amount?: number; note: string }) => void;
}) {
  const [outcome, setOutcome] = useState<'release' | 'refund'>('release');
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<ResolveErrors>({});
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new dispute starts a clean form
  useEffect(() => {
    setOutcome('release');
    setAmount('');
    setNote('');
    setErrors({});
  }, [dispute?.id]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = checkResolve({ outcome, amount, note }, dispute?.amount ?? 0);
    setErrors(found);
    if (found.amount || found.note) return;
    const partial = outcome === 'refund' && amount.trim() !== '' ? parseEuros(amount) : null;
    onConfirm({ outcome, ...(partial === null ? {} : { amount: partial }), note: note.trim() });
  };

  return (
    <Modal
      open={dispute !== null}
      onOpenChange={onOpenChange}
      title={dispute ? t.disputes.resolveTitle(dispute.caseCode) : ''}
      description={t.disputes.resolveText}
      size="md"
    >
      <form className={styles.dialogForm} onSubmit={submit} noValidate>
        <Choices
          legend={t.disputes.outcome}
          name="dispute-outcome"
          value={outcome}
          onChange={setOutcome}
          choices={[
            { value: 'release', label: es.admin.money.disputeOutcomes.release ?? '' },
            { value: 'refund', label: es.admin.money.disputeOutcomes.refund ?? '' },
          ]}
        />
        {outcome === 'refund' ? (
          <TextField
            label={t.disputes.refundAmount}
            hint={t.disputes.refundAmountHint}
            inputMode="decimal"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            error={errors.amount}
            maxLength={12}
          />
        ) : null}
        <TextAreaField
          label={t.disputes.note}
          value={note}
          rows={3}
          maxLength={MONEY_NOTE_MAX}
          required
          error={errors.note ?? error}
          onChange={(event) => setNote(event.target.value)}
        />
        <div className={styles.dialogActions}>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t.close}
          </Button>
          <Button type="submit" disabled={pending}>
            {pending ? <Spinner size="sm" label={moneyWebEs.dispute.sending} /> : null}
            {t.disputes.confirm}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
