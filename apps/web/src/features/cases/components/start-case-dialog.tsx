import { es } from '@l4l/shared/texts/es';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../../components/button/button.tsx';
import { Modal } from '../../../components/modal/modal.tsx';
import { chatWithPath } from '../../../lib/paths.ts';
import { useCreateCaseChat } from '../api/create-case-chat.ts';
import { CaseForm } from './case-form.tsx';

/**
 * spec §2 Lawyer profile: 'Cuentame tu caso' opens this dialog. The category is 'Por calificar' until the
 * platform classifies the case. The case opens the chat with that lawyer, where the person goes next.
 */
export function StartCaseDialog({ lawyerId }: { lawyerId: string }) {
  const [open, setOpen] = useState(false);
  const create = useCreateCaseChat();
  const navigate = useNavigate();
  return (
    <>
      <Button variant="accent" size="lg" onClick={() => setOpen(true)}>
        {es.buttons.tellYourCase}
      </Button>
      <Modal open={open} onOpenChange={setOpen} title={es.lawyerProfile.startCaseTitle} size="md">
        <CaseForm
          showCategory
          pending={create.isPending}
          onSubmit={(values) =>
            create.mutateAsync({ lawyerId, ...values }).then(
              () => {
                toast.success(es.cases.created);
                setOpen(false);
                navigate(chatWithPath(lawyerId));
              },
              (error: unknown) => {
                toast.error(es.cases.createFailed);
                throw error;
              },
            )
          }
        />
      </Modal>
    </>
  );
}
