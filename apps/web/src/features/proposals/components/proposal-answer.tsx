import type { Proposal } from '@l4l/shared/schemas/cases';
import { es } from '@l4l/shared/texts/es/app';
import { useState } from 'react';
import { Button } from '../../../components/button/button.tsx';
import { toast } from '../../../lib/toast.ts';
import { useAcceptProposal } from '../api/accept-proposal.ts';
import { useRejectProposal } from '../api/reject-proposal.ts';
import styles from './proposal-answer.module.css';

/** Opens the payment page in a new tab (docs/product.md, Private chat); a blocked pop-up falls back to this tab. */
function openPayment(url: string) {
  const opened = window.open(url, '_blank');
  if (!opened) window.location.assign(url);
}

/**
 * docs/product.md, Private chat: the client accepts a proposal (payment link in a new window) or rejects it. Rejecting hides
 * the buttons at once; `onRejected` refreshes whatever else shows the case.
 */
export function ProposalAnswer({
  proposalId,
  chatId,
  onRejected,
}: {
  proposalId: string | null;
  chatId: string;
  onRejected?: (proposal: Proposal) => unknown;
}) {
  const accept = useAcceptProposal();
  const reject = useRejectProposal(onRejected);
  const [rejected, setRejected] = useState(false);
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
    // mutateAsync, not mutate's callbacks: the server's notice may settle (and unmount) this card first
    reject.mutateAsync({ proposalId, chatId }).then(
      () => {
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
    </div>
  );
}
