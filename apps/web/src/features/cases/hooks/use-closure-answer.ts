import { es } from '@l4l/shared/texts/es/app';
import { toast } from '../../../lib/toast.ts';
import { useConfirmClosure } from '../api/confirm-closure.ts';
import { useDiscardClosure } from '../api/discard-closure.ts';
import { closureErrorMessage } from '../lib/closure-error.ts';

/**
 * docs/domain.md, Case machine (closure): the client's two answers to a closure request, wherever it is asked (the case screen,
 * the chat's card), with the same cache updates and the same toasts. `onAnswered` runs once the server
 * took the answer. mutateAsync, not mutate's callbacks: in the chat the server's messages may settle
 * (and unmount) the card before the answer comes back.
 */
export function useClosureAnswer(
  item: { caseId: string | null; chatId: string | null },
  onAnswered?: () => void,
) {
  const confirm = useConfirmClosure();
  const discard = useDiscardClosure();
  return {
    busy: confirm.isPending || discard.isPending,
    confirming: confirm.isPending,
    confirm() {
      if (!item.caseId || !item.chatId) {
        toast.error(item.caseId ? es.cases.closeFailed : es.cases.noCaseId);
        return;
      }
      confirm.mutateAsync({ caseId: item.caseId, chatId: item.chatId }).then(
        () => {
          onAnswered?.();
          toast.success(es.cases.closed);
        },
        (error: unknown) => toast.error(closureErrorMessage(error)),
      );
    },
    discard() {
      if (!item.caseId) {
        toast.error(es.cases.noCaseId);
        return;
      }
      discard.mutateAsync(item.caseId).then(
        () => {
          onAnswered?.();
          toast.success(es.cases.closureDiscarded);
        },
        (error: unknown) => toast.error(closureErrorMessage(error)),
      );
    },
  };
}
