import { LIMITS } from '@l4l/shared/constants/limits';
import { PROPOSAL_STATUS, type ProposalStatus } from '@l4l/shared/constants/proposals';
import { formatEuros } from '@l4l/shared/format';
import type { Proposal } from '@l4l/shared/schemas/cases';
import { es } from '@l4l/shared/texts/es/app';
import { useState } from 'react';
import { Button } from '../../../components/button/button.tsx';
import { TextAreaField } from '../../../components/form/field.tsx';
import { Modal } from '../../../components/modal/modal.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useDeclineCounterOffer, useReplaceProposal, useWithdrawProposal } from '../api/change-proposal.ts';
import { PriceChange, PriceChangeOnDemand } from './price-change-on-demand.tsx';
import styles from './proposal-answer.module.css';

/**
 * docs/domain.md, Proposals: the lawyer's own open proposal, wherever it shows (its chat card, the case
 * page): 'Cambiar precio' (a new price, the old proposal superseded) and 'Retirar' (asked first). While the
 * client is paying it (ACEPTADA) neither is offered: the card says so. `onChanged` refreshes what else
 * shows the case.
 */
export function ProposalManage({
  proposalId,
  amount,
  status,
  onChanged,
}: {
  proposalId: string;
  /** the proposal's price (euros) */
  amount: number;
  status: ProposalStatus;
  onChanged?: (proposal: Proposal) => unknown;
}) {
  const [repricing, setRepricing] = useState(false);
  const [withdrawing, setWithdrawing] = useState(false);
  const replace = useReplaceProposal(proposalId, onChanged);
  const withdraw = useWithdrawProposal(onChanged);
  if (status === PROPOSAL_STATUS.ACCEPTED) return <p className={styles.note}>{es.proposals.beingPaidNote}</p>;
  if (status !== PROPOSAL_STATUS.PENDING) return null;

  const confirmWithdraw = () =>
    withdraw.mutateAsync(proposalId).then(
      () => {
        setWithdrawing(false);
        toast.success(es.proposals.withdrawn);
      },
      (error: unknown) => toast.error(isApiError(error) ? error.message : es.proposals.withdrawFailed),
    );

  return (
    <div className={styles.actions}>
      <Button variant="secondary" size="sm" onClick={() => setRepricing(true)} {...PriceChange.intent()}>
        {es.proposals.changePrice}
      </Button>
      <Button variant="ghost" size="sm" onClick={() => setWithdrawing(true)}>
        {es.proposals.withdraw}
      </Button>
      {repricing ? (
        <PriceChangeOnDemand
          kind="replace"
          amount={amount}
          open={repricing}
          onOpenChange={setRepricing}
          onSubmit={(change) =>
            replace
              .mutateAsync(change)
              .then((next) => toast.success(es.proposals.replaced(formatEuros(next.price))))
          }
        />
      ) : null}
      <Modal
        open={withdrawing}
        onOpenChange={(open) => {
          if (!withdraw.isPending) setWithdrawing(open);
        }}
        title={es.proposals.withdrawTitle}
        description={es.proposals.withdrawQuestion(formatEuros(amount))}
      >
        <div className={styles.actions}>
          <Button variant="danger" onClick={confirmWithdraw} disabled={withdraw.isPending}>
            {es.proposals.withdrawConfirm}
          </Button>
          <Button variant="secondary" onClick={() => setWithdrawing(false)} disabled={withdraw.isPending}>
            {es.buttons.cancel}
          </Button>
        </div>
      </Modal>
    </div>
  );
}

/**
 * The lawyer's answer to a client's counter-offer, in one click: a new proposal at the price asked,
 * replacing the open one. Ignoring it is simply not clicking.
 */
export function CounterOfferAnswer({
  proposalId,
  amount,
  onChanged,
}: {
  /** the open proposal the counter-offer answers */
  proposalId: string;
  /** the price the client asked (euros) */
  amount: number;
  onChanged?: (proposal: Proposal) => unknown;
}) {
  const replace = useReplaceProposal(proposalId, onChanged);
  const decline = useDeclineCounterOffer(proposalId, onChanged);
  const [declining, setDeclining] = useState(false);
  const [note, setNote] = useState('');
  const onDecline = () =>
    decline.mutateAsync({ message: note }).then(
      () => toast.success(es.proposals.counterDeclined),
      (error: unknown) => toast.error(isApiError(error) ? error.message : es.proposals.replaceFailed),
    );
  const onAccept = () =>
    replace.mutateAsync({ price: amount }).then(
      () => toast.success(es.proposals.replaced(formatEuros(amount))),
      (error: unknown) => toast.error(isApiError(error) ? error.message : es.proposals.replaceFailed),
    );
  return (
    <div className={styles.actions}>
      <Button variant="accent" size="sm" onClick={onAccept} disabled={replace.isPending}>
        {es.proposals.acceptCounter(formatEuros(amount))}
      </Button>
      {declining ? (
        <form
          className={styles.confirm}
          onSubmit={(event) => {
            event.preventDefault();
            void onDecline();
          }}
        >
          <TextAreaField
            label={es.proposals.declineCounterNote}
            rows={2}
            maxLength={LIMITS.descriptionMax}
            value={note}
            onChange={(event) => setNote(event.target.value)}
          />
          <Button type="submit" variant="secondary" size="sm" disabled={decline.isPending}>
            {es.proposals.declineCounter}
          </Button>
        </form>
      ) : (
        <Button variant="ghost" size="sm" onClick={() => setDeclining(true)}>
          {es.proposals.declineCounter}
        </Button>
      )}
    </div>
  );
}
