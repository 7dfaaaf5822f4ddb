import { LIMITS } from '@l4l/shared/constants/limits';
import { es } from '@l4l/shared/texts/es/app';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { TextField } from '../../../components/form/field.tsx';
import { sanitizePriceInput } from '../../../lib/price-input.ts';

/**
 * A price typed as people write it (docs/domain.md, Validation rules: a comma or a dot, at most two
 * decimals), kept to digits and one separator as it is typed; the form's schema turns it into euros.
 */
export function PriceField<Form extends FieldValues>({
  control,
  name,
  label,
  error,
}: {
  control: Control<Form>;
  name: Path<Form>;
  label: string;
  error?: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <TextField
          label={label}
          inputMode="decimal"
          autoComplete="off"
          hint={es.proposals.priceHint}
          error={error}
          maxLength={LIMITS.priceInputMax}
          name={field.name}
          ref={field.ref}
          value={String(field.value ?? '')}
          onBlur={field.onBlur}
          onChange={(event) => field.onChange(sanitizePriceInput(event.target.value))}
        />
      )}
    />
  );
}
