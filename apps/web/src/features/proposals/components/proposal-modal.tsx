import { es } from '@l4l/shared/texts/es/public';
import { useState } from 'react';
import { Button } from '../../../components/button/button.tsx';
import { MountOnceOpened, modalOnDemand } from '../../../components/modal/modal-on-demand.tsx';

// the form and its validation load when the button is about to be used, not in front of the board (ADR 0008)
const ProposalDialog = modalOnDemand(() =>
  import('./proposal-dialog.tsx').then((module) => module.ProposalDialog),
);

/**
 * docs/product.md, Home (the proposal modal) and docs/domain.md, Validation rules: a lawyer offers a closed price (comma decimals, above 0, at most two
 * decimals) and a message, both required. The server's refusal (a pending proposal already, the case no
 * longer open) is shown in the dialog (proposal-dialog.tsx, loaded when the button is about to be used).
 */
export function ProposalModal({
  caseId,
  caseTitle,
  onSent,
}: {
  caseId: string;
  caseTitle: string;
  onSent?: () => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="accent" onClick={() => setOpen(true)} {...ProposalDialog.intent()}>
        {es.buttons.sendProposal}
      </Button>
      <MountOnceOpened open={open}>
        <ProposalDialog.Dialog
          caseId={caseId}
          caseTitle={caseTitle}
          open={open}
          onOpenChange={setOpen}
          onSent={onSent}
        />
      </MountOnceOpened>
    </>
  );
}
