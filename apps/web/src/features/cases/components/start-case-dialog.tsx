import { es } from '@l4l/shared/texts/es/public';
import { useState } from 'react';
import { Button } from '../../../components/button/button.tsx';
import { MountOnceOpened, modalOnDemand } from '../../../components/modal/modal-on-demand.tsx';

// the form, its validation and the pickers load when the dialog is about to open (ADR 0008)
const StartCaseModal = modalOnDemand(() =>
  import('./start-case-modal.tsx').then((module) => module.StartCaseModal),
);

/**
 * docs/product.md, Lawyer profile: 'Cuentame tu caso' opens this dialog. The category is 'Por calificar' until the
 * platform classifies the case. The case opens the chat with that lawyer, where the person goes next.
 */
export function StartCaseDialog({ lawyerId }: { lawyerId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="accent" size="lg" onClick={() => setOpen(true)} {...StartCaseModal.intent()}>
        {es.buttons.tellYourCase}
      </Button>
      <MountOnceOpened open={open}>
        <StartCaseModal.Dialog lawyerId={lawyerId} open={open} onOpenChange={setOpen} />
      </MountOnceOpened>
    </>
  );
}
