import { LIMITS } from '@l4l/shared/constants/limits';
import { type ProposalInput, proposalInputSchema } from '@l4l/shared/schemas/cases';
import { es } from '@l4l/shared/texts/es/app';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/button/button.tsx';
import { FormMessage, TextAreaField } from '../../../components/form/field.tsx';
import { Modal } from '../../../components/modal/modal.tsx';
import { Spinner } from '../../../components/spinner/spinner.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { schemaResolver } from '../../../lib/schema-resolver.ts';
import { toast } from '../../../lib/toast.ts';
import { useCreateProposal } from '../api/create-proposal.ts';
import { PriceField } from './price-field.tsx';
import styles from './proposal-modal.module.css';

type ProposalValues = { price: number; message: string };

/** ProposalModal's dialog and form, loaded when 'Enviar propuesta' is about to be used. */
export function ProposalDialog({
  caseId,
  caseTitle,
  open,
  onOpenChange,
  onSent,
}: {
  caseId: string;
  caseTitle: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSent?: () => void;
}) {
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={es.buttons.sendProposal}
      description={es.proposals.forCase(caseTitle)}
      size="md"
    >
      <ProposalFormBody
        caseId={caseId}
        onDone={() => {
          onOpenChange(false);
          onSent?.();
        }}
      />
    </Modal>
  );
}

function ProposalFormBody({ caseId, onDone }: { caseId: string; onDone: () => void }) {
  const create = useCreateProposal(caseId);
  const [serverError, setServerError] = useState<string | null>(null);
  const { control, register, handleSubmit, watch, setError, formState } = useForm<
    ProposalInput,
    unknown,
    ProposalValues
  >({
    resolver: schemaResolver(proposalInputSchema),
    defaultValues: { price: '', message: '' },
  });
  const { errors } = formState;
  const message = watch('message');

  const submit = handleSubmit((values) => {
    setServerError(null);
    create.mutate(values, {
      onSuccess: () => {
        toast.success(es.proposals.sentToast);
        onDone();
      },
      onError: (error) => {
        if (isApiError(error) && (error.fields.price || error.fields.message)) {
          if (error.fields.price) setError('price', { message: error.fields.price });
          if (error.fields.message) setError('message', { message: error.fields.message });
          return;
        }
        setServerError(error.message);
      },
    });
  });

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <PriceField
        control={control}
        name="price"
        label={es.proposals.priceLabel}
        error={errors.price?.message}
      />
      <TextAreaField
        label={es.proposals.messageLabel}
        rows={6}
        maxLength={LIMITS.descriptionMax}
        aside={es.register.descriptionCounter(message.length, LIMITS.descriptionMax)}
        error={errors.message?.message}
        {...register('message')}
      />
      {serverError ? <FormMessage>{serverError}</FormMessage> : null}
      <Button type="submit" size="lg" block disabled={create.isPending}>
        {create.isPending ? <Spinner size="sm" label={es.common.sending} /> : null}
        {es.proposals.submit}
      </Button>
    </form>
  );
}
