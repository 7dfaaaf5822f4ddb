import { BAR_ASSOCIATIONS } from '@l4l/shared/constants/bar-associations';
import { LIMITS } from '@l4l/shared/constants/limits';
import { es } from '@l4l/shared/texts/es/account';
import type { ComponentProps } from 'react';
import { SelectField, TextField } from '../form/field.tsx';

type BarAssociationFieldProps = Omit<ComponentProps<typeof SelectField>, 'label' | 'children'>;

/** docs/domain.md, Colegiación: one of Spain's 83 Colegios de la Abogacía, named by its town. */
export function BarAssociationField(props: BarAssociationFieldProps) {
  return (
    <SelectField label={es.trust.barAssociation} {...props}>
      <option value="">{es.trust.chooseBarAssociation}</option>
      {BAR_ASSOCIATIONS.map((colegio) => (
        <option key={colegio.id} value={colegio.id}>
          {colegio.name}
        </option>
      ))}
    </SelectField>
  );
}

type BarNumberFieldProps = Omit<ComponentProps<typeof TextField>, 'label' | 'hint' | 'maxLength'>;

/** docs/domain.md, Colegiación: the colegiado number as the colegio prints it ('78.412'). */
export function BarNumberField(props: BarNumberFieldProps) {
  return (
    <TextField
      label={es.trust.barNumber}
      hint={es.trust.barNumberHint}
      maxLength={LIMITS.barNumberMax}
      autoComplete="off"
      {...props}
    />
  );
}
