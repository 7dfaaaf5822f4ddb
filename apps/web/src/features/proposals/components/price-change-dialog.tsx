import { LIMITS } from '@l4l/shared/constants/limits';
import { formatEuros } from '@l4l/shared/format';
import {
  counterOfferSchema,
  type ReplaceProposalInput,
  replaceProposalSchema,
} from '@l4l/shared/schemas/cases';
import { es } from '@l4l/shared/texts/es/app';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/button/button.tsx';
import { FormMessage, TextAreaField } from '../../../components/form/field.tsx';
import { Modal } from '../../../components/modal/modal.tsx';
import { Spinner } from '../../../components/spinner/spinner.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { schemaResolver } from '../../../lib/schema-resolver.ts';
import { PriceField } from './price-field.tsx';
import styles from './proposal-modal.module.css';

/** A new price (euros) and an optional note, as the form hands them on. */
export type PriceChange = { price: number; message?: string };

/**
 * The two ways to ask for a new price on an open proposal, each with its words and schema (the same
 * fields): the lawyer's 'Cambiar precio' and the client's 'Pedir otro precio' (a counter-offer).
 */
const KINDS = {
  replace: {
    schema: replaceProposalSchema,
    title: es.proposals.replaceTitle,
    description: es.proposals.replaceDescription,
    priceLabel: es.proposals.newPriceLabel,
    noteLabel: es.proposals.replaceMessageLabel,
    noteHint: es.proposals.replaceMessageHint,
    submit: es.proposals.replaceSubmit,
  },
  counter: {
    schema: counterOfferSchema,
    title: es.proposals.counterTitle,
    description: es.proposals.counterDescription,
    priceLabel: es.proposals.counterPriceLabel,
    noteLabel: es.proposals.counterNoteLabel,
    noteHint: undefined,
    submit: es.proposals.counterSubmit,
  },
} as const;

/**
 * A new price for an open proposal of `amount` euros, with an optional note. The server's refusal (a
 * proposal being paid, a price not below the proposal's) is shown in the dialog, on the price when it
 * names it; `onSubmit` resolving closes it.
 */
export function PriceChangeDialog({
  kind,
  amount,
  open,
  onOpenChange,
  onSubmit,
}: {
  kind: keyof typeof KINDS;
  amount: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSubmit: (change: PriceChange) => Promise<unknown>;
}) {
  const texts = KINDS[kind];
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={texts.title}
      description={texts.description(formatEuros(amount))}
      size="md"
    >
      <PriceChangeForm kind={kind} onSubmit={onSubmit} onDone={() => onOpenChange(false)} />
    </Modal>
  );
}

function PriceChangeForm({
  kind,
  onSubmit,
  onDone,
}: {
  kind: keyof typeof KINDS;
  onSubmit: (change: PriceChange) => Promise<unknown>;
  onDone: () => void;
}) {
  const texts = KINDS[kind];
  const [serverError, setServerError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const { control, register, handleSubmit, watch, setError, formState } = useForm<
    ReplaceProposalInput,
    unknown,
    PriceChange
  >({ resolver: schemaResolver(texts.schema), defaultValues: { price: '', message: '' } });
  const { errors } = formState;
  const note = String(watch('message') ?? '');

  const submit = handleSubmit(async (values) => {
    setServerError(null);
    setPending(true);
    try {
      await onSubmit(values);
      onDone();
    } catch (error) {
      if (isApiError(error) && error.fields.price) setError('price', { message: error.fields.price });
      else setServerError(error instanceof Error ? error.message : String(error));
    } finally {
      setPending(false);
    }
  });

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <PriceField control={control} name="price" label={texts.priceLabel} error={errors.price?.message} />
      <TextAreaField
        label={texts.noteLabel}
        hint={texts.noteHint}
        rows={3}
        maxLength={LIMITS.descriptionMax}
        aside={es.register.descriptionCounter(note.length, LIMITS.descriptionMax)}
        error={errors.message?.message}
        {...register('message')}
      />
      {serverError ? <FormMessage>{serverError}</FormMessage> : null}
      <Button type="submit" size="lg" block disabled={pending}>
        {pending ? <Spinner size="sm" label={es.common.sending} /> : null}
        {texts.submit}
      </Button>
    </form>
  );
}
