import { PROFESSIONAL_TITLES } from '@l4l/shared/constants/categories';
import { LIMITS } from '@l4l/shared/constants/limits';
import { es } from '@l4l/shared/texts/es/account';
import { useId } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import {
  BarAssociationField,
  BarNumberField,
} from '../../../components/bar-association-field/bar-association-field.tsx';
import { CategorySelect } from '../../../components/category-select/category-select.tsx';
import field from '../../../components/form/field.module.css';
import { Field, TextAreaField, TextField } from '../../../components/form/field.tsx';
import { ProvinceSelect } from '../../../components/province-select/province-select.tsx';
import { sanitizePriceInput } from '../../../lib/price-input.ts';
import type { RegisterFormValues } from '../lib/register-form.ts';
import { PhotoPicker } from './photo-picker.tsx';
import wizard from './register-modal.module.css';

type Form = UseFormReturn<RegisterFormValues>;

/** A price typed with digits and one comma, as every price field of the wizard. */
function PriceField({
  form,
  name,
  label,
  hint,
}: {
  form: Form;
  name: 'lawyerPrice' | 'lawyerPriceFirstVisit';
  label: string;
  hint?: string;
}) {
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field: price, fieldState }) => (
        <TextField
          label={label}
          inputMode="decimal"
          placeholder={es.register.pricePlaceholder}
          maxLength={LIMITS.priceInputMax}
          hint={hint}
          error={fieldState.error?.message}
          name={price.name}
          ref={price.ref}
          value={price.value}
          onBlur={price.onBlur}
          onChange={(event) => price.onChange(sanitizePriceInput(event.target.value))}
        />
      )}
    />
  );
}

/**
 * docs/domain.md, Lawyers' prices: the first consultation is a choice, 'Gratuita' or 'De pago' with its price;
 * nothing is chosen until the lawyer chooses.
 */
function FirstVisitField({ form }: { form: Form }) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <Controller
      control={form.control}
      name="lawyerFirstVisitFree"
      render={({ field: choice, fieldState }) => (
        <fieldset className={wizard.choice} aria-describedby={fieldState.error ? errorId : undefined}>
          <legend className={field.label}>{es.register.firstVisit}</legend>
          <div className={wizard.choiceOptions}>
            {(
              [
                { free: true, label: es.register.firstVisitFree },
                { free: false, label: es.register.firstVisitPaid },
              ] as const
            ).map((option) => (
              <label key={option.label} className={wizard.choiceOption}>
                <input
                  type="radio"
                  name={choice.name}
                  ref={option.free ? choice.ref : undefined}
                  checked={choice.value === option.free}
                  onChange={() => choice.onChange(option.free)}
                  onBlur={choice.onBlur}
                />
                {option.label}
              </label>
            ))}
          </div>
          {fieldState.error ? (
            <p id={errorId} className={field.error} role="alert">
              {fieldState.error.message}
            </p>
          ) : null}
        </fieldset>
      )}
    />
  );
}

/** docs/domain.md, Professional title: how the lawyer is called on their profile and badges. */
function ProfessionalTitleField({ form }: { form: Form }) {
  return (
    <Controller
      control={form.control}
      name="professionalTitle"
      render={({ field: title }) => (
        <fieldset className={wizard.choice}>
          <legend className={field.label}>{es.trust.professionalTitle}</legend>
          <div className={wizard.choiceOptions}>
            {PROFESSIONAL_TITLES.map((option) => (
              <label key={option} className={wizard.choiceOption}>
                <input
                  type="radio"
                  name={title.name}
                  ref={option === 'Abogado' ? title.ref : undefined}
                  checked={title.value === option}
                  onChange={() => title.onChange(option)}
                  onBlur={title.onBlur}
                />
                {option}
              </label>
            ))}
          </div>
          <p className={field.hint}>{es.trust.professionalTitleHint}</p>
        </fieldset>
      )}
    />
  );
}

/** The last step of docs/product.md, Registration: what a lawyer's profile needs before an administrator checks it. */
export function RegisterLawyerStep({ form }: { form: Form }) {
  const { register, control, watch, formState } = form;
  const { errors } = formState;
  const description = watch('lawyerDescription');
  const paidFirstVisit = watch('lawyerFirstVisitFree') === false;
  return (
    <>
      <ProfessionalTitleField form={form} />
      <Field label={es.register.categories} error={errors.lawyerCategory?.message}>
        {(controlProps, labelId) => (
          <Controller
            control={control}
            name="lawyerCategory"
            render={({ field: categories }) => (
              <CategorySelect
                {...controlProps}
                labelId={labelId}
                value={categories.value}
                onChange={categories.onChange}
                onBlur={categories.onBlur}
              />
            )}
          />
        )}
      </Field>
      <TextAreaField
        label={es.register.description}
        maxLength={LIMITS.descriptionMax}
        aside={es.register.descriptionCounter(description.length, LIMITS.descriptionMax)}
        placeholder={es.register.descriptionPlaceholder}
        error={errors.lawyerDescription?.message}
        {...register('lawyerDescription')}
      />
      <div className={wizard.row}>
        <PriceField form={form} name="lawyerPrice" label={es.register.price} hint={es.register.priceHint} />
        <Field label={es.register.province} error={errors.province?.message}>
          {(controlProps) => (
            <Controller
              control={control}
              name="province"
              render={({ field: province }) => (
                <ProvinceSelect
                  {...controlProps}
                  value={province.value}
                  onChange={province.onChange}
                  onBlur={province.onBlur}
                />
              )}
            />
          )}
        </Field>
      </div>
      <div className={wizard.row}>
        <FirstVisitField form={form} />
        {paidFirstVisit ? (
          <PriceField form={form} name="lawyerPriceFirstVisit" label={es.register.priceFirstVisit} />
        ) : null}
      </div>
      <div className={wizard.row}>
        <BarAssociationField error={errors.barAssociation?.message} {...register('barAssociation')} />
        <BarNumberField error={errors.barNumber?.message} {...register('barNumber')} />
      </div>
      <Controller
        control={control}
        name="lawyerPhoto"
        render={({ field: photo }) => (
          <PhotoPicker
            value={photo.value}
            onChange={photo.onChange}
            name={watch('name')}
            error={errors.lawyerPhoto?.message}
          />
        )}
      />
    </>
  );
}
