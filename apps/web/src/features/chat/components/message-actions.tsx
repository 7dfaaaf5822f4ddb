import type { ChatMessage } from '@l4l/shared/schemas/chat';
import { es } from '@l4l/shared/texts/es';
import { useState } from 'react';
import { Button } from '../../../components/button/button.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useAcceptProposal } from '../api/accept-proposal.ts';
import { useConfirmClosure } from '../api/confirm-closure.ts';
import { useDiscardClosure } from '../api/discard-closure.ts';
import { useRejectProposal } from '../api/reject-proposal.ts';
import styles from './message-item.module.css';

/** Opens the payment page in a new tab (docs/product.md, Private chat); a blocked pop-up falls back to this tab. */
function openPayment(url: string) {
  const opened = window.open(url, '_blank');
  if (!opened) window.location.assign(url);
}

/**
 * docs/product.md, Private chat: the client accepts (payment link in a new window) or rejects a proposal. Rejecting hides the
 * buttons at once; the server's notice (type 8) or acceptance (type 10) settles it for good.
 */
export function ProposalActions({ message }: { message: ChatMessage }) {
  const accept = useAcceptProposal();
  const reject = useRejectProposal();
  const [rejected, setRejected] = useState(false);
  if (rejected) return null;
  const busy = accept.isPending || reject.isPending;

  const onAccept = () => {
    if (!message.proposalId) {
      toast.error(es.chat.noProposalId);
      return;
    }
    accept.mutateAsync(message.proposalId).then(openPayment, () => toast.error(es.proposals.acceptFailed));
  };
  const onReject = () => {
    if (!message.proposalId) {
      toast.error(es.chat.noProposalId);
      return;
    }
    // mutateAsync, not mutate's callbacks: the server's notice may settle (and unmount) this card first
    reject.mutateAsync({ proposalId: message.proposalId, chatId: message.chatId }).then(
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

/** docs/product.md, Messages: a closure failure shows the server's message, or a generic one for a fault or no answer. */
function closeFailure(error: unknown): string {
  return isApiError(error) && error.status > 0 && error.status < 500
    ? error.message
    : es.cases.closeUnexpected;
}

/** docs/domain.md, Case machine (confirmClosure, discardClosure): the client confirms ('Cerrando...' while busy) or cancels the request. */
export function ClosureRequestActions({ message }: { message: ChatMessage }) {
  const confirm = useConfirmClosure();
  const discard = useDiscardClosure();
  const [answered, setAnswered] = useState(false);
  if (answered) return null;
  const busy = confirm.isPending || discard.isPending;

  const onConfirm = () => {
    if (!message.caseId) {
      toast.error(es.cases.noCaseId);
      return;
    }
    // mutateAsync, not mutate's callbacks: the closure messages may settle (and unmount) this card first
    confirm.mutateAsync({ caseId: message.caseId, chatId: message.chatId }).then(
      () => {
        setAnswered(true);
        // docs/product.md, Messages: 'Caso cerrado correctamente' is an error-style toast, kept to the letter
        toast.error(es.cases.closed);
      },
      (error: unknown) => toast.error(closeFailure(error)),
    );
  };
  const onDiscard = () => {
    if (!message.caseId) {
      toast.error(es.cases.noCaseId);
      return;
    }
    discard.mutateAsync(message.caseId).then(
      () => setAnswered(true),
      (error: unknown) => toast.error(closeFailure(error)),
    );
  };

  return (
    <div className={styles.actions}>
      <Button variant="accent" size="sm" onClick={onConfirm} disabled={busy}>
        {confirm.isPending ? es.cases.closing : es.chat.confirmClosure}
      </Button>
      <Button variant="secondary" size="sm" onClick={onDiscard} disabled={busy}>
        {es.buttons.cancel}
      </Button>
    </div>
  );
}
