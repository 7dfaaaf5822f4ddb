import { es } from '@l4l/shared/texts/es/profile';
import { useNavigate } from 'react-router';
import { Modal } from '../../../components/modal/modal.tsx';
import { chatWithPath } from '../../../lib/paths.ts';
import { toast } from '../../../lib/toast.ts';
import { useCreateCaseChat } from '../api/create-case-chat.ts';
import { CaseForm } from './case-form.tsx';

/** StartCaseDialog's modal with the case form, loaded when 'Cuentame tu caso' is about to be used. */
export function StartCaseModal({
  lawyerId,
  open,
  onOpenChange,
}: {
  lawyerId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const create = useCreateCaseChat();
  const navigate = useNavigate();
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={es.lawyerProfile.startCaseTitle} size="md">
      <CaseForm
        showCategory
        pending={create.isPending}
        onSubmit={(values) =>
          create.mutateAsync({ lawyerId, ...values }).then(
            () => {
              toast.success(es.cases.created);
              onOpenChange(false);
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
  );
}
