import { UNCLASSIFIED_CATEGORY } from '@l4l/shared/constants/categories';
import { LIMITS } from '@l4l/shared/constants/limits';
import type { NewCaseInput } from '@l4l/shared/schemas/cases';
import { es } from '@l4l/shared/texts/es/profile';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/button/button.tsx';
import { TextAreaField, TextField } from '../../../components/form/field.tsx';
import { Spinner } from '../../../components/spinner/spinner.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { schemaResolver } from '../../../lib/schema-resolver.ts';
import { newCaseSchema } from '../api/schemas.ts';
import styles from './case-form.module.css';

export type CaseFormValues = { title: string; description: string };

type CaseFormProps = {
  /** Sends the trimmed values; rejects with the server's error so its field messages can be flagged. */
  onSubmit: (values: CaseFormValues) => Promise<unknown>;
  pending: boolean;
  /** docs/product.md, Start a case: the dialog on a lawyer's profile shows the category, 'Por calificar' until classified. */
  showCategory?: boolean;
  /** the case as it is, when the client corrects one still waiting for validation */
  initial?: CaseFormValues;
  /** the submit button's label ('Enviar caso' for a new case) */
  submitLabel?: string;
};

/**
 * docs/product.md, Start a case, and docs/domain.md, Validation rules: title and description, both required after trimming, the
 * description at most 500 characters with a counter, and the 24–48 h approval notice. An invalid field is
 * flagged (red border, aria-invalid) with no visible text; its reason is read to screen readers only.
 */
export function CaseForm({ onSubmit, pending, showCategory = false, initial, submitLabel }: CaseFormProps) {
  const hintId = useId();
  const { register, handleSubmit, watch, setError, formState } = useForm<
    NewCaseInput,
    unknown,
    CaseFormValues
  >({
    resolver: schemaResolver(newCaseSchema),
    defaultValues: initial ?? { title: '', description: '' },
  });
  const { errors } = formState;
  const description = watch('description') ?? '';

  const submit = handleSubmit(async ({ title, description }) => {
    try {
      await onSubmit({ title, description });
    } catch (error) {
      // the server checks the same rules: flag what it refused
      if (!isApiError(error)) return;
      if (error.fields.title) setError('title', { message: error.fields.title });
      if (error.fields.description) setError('description', { message: error.fields.description });
    }
  });

  const invalid = (field: 'title' | 'description') =>
    errors[field] ? { 'aria-invalid': true as const, 'aria-describedby': `${hintId}-${field}` } : {};

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <TextField
        label={es.cases.titleLabel}
        maxLength={LIMITS.titleMax}
        autoComplete="off"
        {...register('title')}
        {...invalid('title')}
      />
      {errors.title ? (
        <span id={`${hintId}-title`} className="visually-hidden">
          {es.cases.titleRequired}
        </span>
      ) : null}
      {showCategory ? (
        <TextField label={es.lawyerProfile.caseCategory} value={UNCLASSIFIED_CATEGORY} readOnly />
      ) : null}
      <TextAreaField
        label={es.cases.descriptionLabel}
        rows={7}
        maxLength={LIMITS.descriptionMax}
        aside={es.register.descriptionCounter(description.length, LIMITS.descriptionMax)}
        {...register('description')}
        {...invalid('description')}
      />
      {errors.description ? (
        <span id={`${hintId}-description`} className="visually-hidden">
          {es.cases.descriptionInvalid}
        </span>
      ) : null}
      {initial ? null : <p className={styles.notice}>{es.cases.approvalNotice}</p>}
      <Button type="submit" size="lg" block disabled={pending}>
        {pending ? <Spinner size="sm" label={es.common.sending} /> : null}
        {submitLabel ?? es.cases.submit}
      </Button>
    </form>
  );
}
