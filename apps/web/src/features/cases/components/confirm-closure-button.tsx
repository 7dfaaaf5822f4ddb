import { es } from '@l4l/shared/texts/es/app';
import { useState } from 'react';
import { Button, type ButtonVariant } from '../../../components/button/button.tsx';
import { Modal } from '../../../components/modal/modal.tsx';
import styles from './closure-request-actions.module.css';

/**
 * 'Confirmar cierre', asked first (docs/domain.md, Case machine, confirmClosure): confirming finishes the
 * case and releases the money held to the lawyer, so the client reads that in an accessible dialog before
 * anything is sent, as 'Retirar' asks. The case page and the chat's card both use it.
 */
export function ConfirmClosureButton({
  onConfirm,
  busy,
  confirming,
  size,
  variant,
}: {
  onConfirm: () => void;
  busy: boolean;
  confirming: boolean;
  size?: 'sm' | 'md';
  variant?: ButtonVariant;
}) {
  const [asking, setAsking] = useState(false);
  return (
    <>
      <Button variant={variant} size={size} onClick={() => setAsking(true)} disabled={busy}>
        {confirming ? es.cases.closing : es.caseDetail.confirmClosure}
      </Button>
      <Modal
        open={asking}
        onOpenChange={setAsking}
        title={es.caseDetail.confirmClosureTitle}
        description={es.caseDetail.confirmClosureText}
      >
        <div className={styles.dialogActions}>
          <Button
            variant="accent"
            onClick={() => {
              setAsking(false);
              onConfirm();
            }}
          >
            {es.caseDetail.confirmClosureYes}
          </Button>
          <Button variant="secondary" onClick={() => setAsking(false)}>
            {es.buttons.cancel}
          </Button>
        </div>
      </Modal>
    </>
  );
}
