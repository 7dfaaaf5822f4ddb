import { LIMITS } from '@l4l/shared/constants/limits';
import { formatEuros } from '@l4l/shared/format';
import type { Proposal } from '@l4l/shared/schemas/cases';
import { es } from '@l4l/shared/texts/es/app';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/button/button.tsx';
import { TextAreaField } from '../../../components/form/field.tsx';
import { Modal } from '../../../components/modal/modal.tsx';
import { toast } from '../../../lib/toast.ts';
import { useAcceptProposal } from '../api/accept-proposal.ts';
import { useCounterOffer } from '../api/change-proposal.ts';
import { useRejectProposal } from '../api/reject-proposal.ts';
import { PriceChange, PriceChangeOnDemand } from './price-change-on-demand.tsx';
import styles from './proposal-answer.module.css';

/** Opens the payment page in a new tab (docs/product.md, Private chat); a blocked pop-up falls back to this tab. */
function openPayment(url: string) {
  const opened = window.open(url, '_blank');
  if (!opened) window.location.assign(url);
}

/** 'Rechazar' asks first, with an optional reason the lawyer reads. */
function RejectDialog({
  open,
  onOpenChange,
  pending,
  amount,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  pending: boolean;
  amount?: number | null;
  onConfirm: (reason: string | undefined) => void;
}) {
  const [reason, setReason] = useState('');
  const tooLong = reason.trim().length > LIMITS.descriptionMax;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!tooLong) onConfirm(reason.trim() || undefined);
  };
  return (
    <Modal
      open={open}
      onOpenChange={(open) => {
        if (!pending) onOpenChange(open);
      }}
      title={es.proposals.rejectTitle}
      description={
        amount === null || amount === undefined ? undefined : es.proposals.rejectQuestion(formatEuros(amount))
      }
    >
      <form className={styles.confirm} onSubmit={submit} noValidate>
        <TextAreaField
          label={es.proposals.rejectReasonLabel}
          hint={es.proposals.rejectReasonHint}
          rows={3}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          error={tooLong ? es.proposals.rejectReasonTooLong(LIMITS.descriptionMax) : undefined}
          aside={es.register.descriptionCounter(reason.length, LIMITS.descriptionMax)}
        />
        <div className={styles.actions}>
          <Button type="submit" variant="danger" disabled={pending || tooLong}>
            {es.proposals.rejectConfirm}
          </Button>
          <Button type="button" variant="secondary" disabled={pending} onClick={() => onOpenChange(false)}>
            {es.proposals.rejectCancel}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

/**
 * docs/product.md, Private chat: the client accepts a proposal (payment link in a new window) or rejects it.
 * 'Rechazar' asks first, in a dialog with an optional reason the lawyer reads; once confirmed the buttons
 * go at once, and `onRejected` refreshes whatever else shows the case.
 */
export function ProposalAnswer({
  proposalId,
  chatId,
  amount,
  canCounter = false,
  onRejected,
}: {
  proposalId: string | null;
  chatId: string;
  /** the proposal's price (euros), named in the confirmation */
  amount?: number | null;
  /**
   * (+) 'Pedir otro precio' is offered: the proposal is PENDIENTE (not being paid) and the client has not
   * asked for a new price on it yet (docs/domain.md, Proposals)
   */
  canCounter?: boolean;
  onRejected?: (proposal: Proposal) => unknown;
}) {
  const accept = useAcceptProposal();
  const reject = useRejectProposal(onRejected);
  const counter = useCounterOffer(proposalId ?? '');
  const [rejected, setRejected] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [countering, setCountering] = useState(false);
  if (rejected) return null;
  const busy = accept.isPending || reject.isPending;

  const onAccept = () => {
    if (!proposalId) {
      toast.error(es.chat.noProposalId);
      return;
    }
    accept.mutateAsync(proposalId).then(openPayment, () => toast.error(es.proposals.acceptFailed));
  };
  const onReject = () => {
    if (!proposalId) {
      toast.error(es.chat.noProposalId);
      return;
    }
    setConfirming(true);
  };
  const onConfirm = (reason: string | undefined) => {
    if (!proposalId) return;
    // mutateAsync, not mutate's callbacks: the server's notice may settle (and unmount) this card first
    reject.mutateAsync({ proposalId, chatId, reason }).then(
      () => {
        setConfirming(false);
        setRejected(true);
        toast.success(es.proposals.rejected);
      },
      () => toast.error(es.proposals.rejectFailed),
    );
  };

  return (
    <div className={styles.actions}>
      <Button variant="accent" size="sm" onClick={onAccept} disabled={busy}>
        {es.buttons.accept}
      </Button>
      <Button variant="secondary" size="sm" onClick={onReject} disabled={busy}>
        {es.buttons.reject}
      </Button>
      {canCounter && proposalId && amount ? (
        <>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => setCountering(true)}
            disabled={busy}
            {...PriceChange.intent()}
          >
            {es.proposals.counter}
          </Button>
          {countering ? (
            <PriceChangeOnDemand
              kind="counter"
              amount={amount}
              open={countering}
              onOpenChange={setCountering}
              onSubmit={(change) =>
                counter.mutateAsync(change).then(() => toast.success(es.proposals.counterSent))
              }
            />
          ) : null}
        </>
      ) : null}
      <RejectDialog
        open={confirming}
        onOpenChange={setConfirming}
        pending={reject.isPending}
        amount={amount}
        onConfirm={onConfirm}
      />
    </div>
  );
}
