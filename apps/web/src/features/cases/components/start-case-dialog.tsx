import { UNCLASSIFIED_CATEGORY } from '@l4l/shared/constants/categories';
import { LIMITS } from '@l4l/shared/constants/limits';
import { es } from '@l4l/shared/texts/es';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/button/button.tsx';
import { TextAreaField, TextField } from '../../../components/form/field.tsx';
import { Modal } from '../../../components/modal/modal.tsx';
import { Spinner } from '../../../components/spinner/spinner.tsx';
import { useCreateCaseChat } from '../api/create-case-chat.ts';
import styles from './start-case-dialog.module.css';

type Invalid = { title: boolean; description: boolean };

/** spec §5 New case: title and description non-blank, description at most 500 characters. */
export function validateNewCase(title: string, description: string): Invalid {
  return {
    title: title.trim() === '',
    description: description.trim() === '' || description.length > LIMITS.descriptionMax,
  };
}

/**
 * spec §2 Lawyer profile: 'Cuentame tu caso' opens this dialog. The category is 'Por calificar' until the
 * platform classifies the case; invalid fields are flagged without a text (spec §5).
 */
export function StartCaseDialog({ lawyerId }: { lawyerId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="accent" size="lg" onClick={() => setOpen(true)}>
        {es.buttons.tellYourCase}
      </Button>
      <Modal open={open} onOpenChange={setOpen} title={es.lawyerProfile.startCaseTitle} size="md">
        <StartCaseForm lawyerId={lawyerId} onDone={() => setOpen(false)} />
      </Modal>
    </>
  );
}

function StartCaseForm({ lawyerId, onDone }: { lawyerId: string; onDone: () => void }) {
  const create = useCreateCaseChat();
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [invalid, setInvalid] = useState<Invalid>({ title: false, description: false });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const check = validateNewCase(title, description);
    setInvalid(check);
    if (check.title || check.description) return;
    create.mutate(
      { lawyerId, title: title.trim(), description: description.trim() },
      {
        onSuccess: () => {
          toast.success(es.cases.created);
          onDone();
        },
        onError: () => toast.error(es.cases.createFailed),
      },
    );
  };

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <TextField
        label={es.lawyerProfile.caseTitle}
        value={title}
        maxLength={LIMITS.titleMax}
        aria-invalid={invalid.title || undefined}
        onChange={(event) => {
          setTitle(event.target.value);
          setInvalid((current) => ({ ...current, title: false }));
        }}
      />
      <TextField label={es.lawyerProfile.caseCategory} value={UNCLASSIFIED_CATEGORY} readOnly />
      <TextAreaField
        label={es.lawyerProfile.caseDescription}
        value={description}
        rows={6}
        maxLength={LIMITS.descriptionMax}
        aside={es.register.descriptionCounter(description.length, LIMITS.descriptionMax)}
        aria-invalid={invalid.description || undefined}
        onChange={(event) => {
          setDescription(event.target.value);
          setInvalid((current) => ({ ...current, description: false }));
        }}
      />
      <p className={styles.notice}>{es.cases.approvalNotice}</p>
      <Button type="submit" size="lg" block disabled={create.isPending}>
        {create.isPending ? <Spinner size="sm" label={es.common.sending} /> : null}
        {es.lawyerProfile.sendCase}
      </Button>
    </form>
  );
}
