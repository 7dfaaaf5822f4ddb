import { es } from '@l4l/shared/texts/es/app';
import { useState } from 'react';
import { Button } from '../../../components/button/button.tsx';
import { useClosureAnswer } from '../hooks/use-closure-answer.ts';
import styles from './closure-request-actions.module.css';
import { ConfirmClosureButton } from './confirm-closure-button.tsx';

/**
 * docs/product.md, Private chat: the client confirms the closure (asked first; 'Cerrando...' while busy)
 * or cancels the request, in a chat card.
 */
export function ClosureRequestActions({ caseId, chatId }: { caseId: string | null; chatId: string }) {
  const [answered, setAnswered] = useState(false);
  const answer = useClosureAnswer({ caseId, chatId }, () => setAnswered(true));
  if (answered) return null;
  return (
    <div className={styles.actions}>
      <ConfirmClosureButton
        variant="accent"
        size="sm"
        onConfirm={answer.confirm}
        busy={answer.busy}
        confirming={answer.confirming}
      />
      <Button variant="secondary" size="sm" onClick={answer.discard} disabled={answer.busy}>
        {es.buttons.cancel}
      </Button>
    </div>
  );
}
