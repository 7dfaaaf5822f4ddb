import { FISCAL_PROVINCES } from '@l4l/shared/constants/invoices';
import type { FiscalProfile, FiscalProfileInput } from '@l4l/shared/schemas/invoices';
import { invoicesEs } from '@l4l/shared/texts/invoices';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/button/button.tsx';
import { Field, TextField } from '../../../components/form/field.tsx';
import { Spinner } from '../../../components/spinner/spinner.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useFiscalProfile, useSaveFiscalProfile } from '../api/invoices.ts';
import styles from './invoices.module.css';

const t = invoicesEs.screens;

type Values = {
  nif: string;
  name: string;
  street: string;
  postalCode: string;
  city: string;
  province: string;
  isBusiness: boolean;
  irpfRate: 15 | 7;
  invoicingConsent: boolean;
};

const valuesOf = (profile: FiscalProfile | null | undefined): Values => ({
  nif: profile?.nif ?? '',
  name: profile?.name ?? '',
  street: profile?.address.street ?? '',
  postalCode: profile?.address.postalCode ?? '',
  city: profile?.address.city ?? '',
  province: profile?.address.province ?? '',
  isBusiness: profile?.isBusiness ?? false,
  irpfRate: profile?.irpfRate ?? 15,
  invoicingConsent: profile?.invoicingConsent ?? false,
});

/** 'Datos fiscales' in Mi Perfil and the lawyer's sheet (docs/invoices.md, Fiscal profiles). */
export function FiscalProfileForm({ lawyer }: { lawyer: boolean }) {
  const profile = useFiscalProfile();
  if (profile.isPending) {
    return (
      <section className={styles.card}>
        <Spinner />
      </section>
    );
  }
  return <FiscalProfileFields lawyer={lawyer} initial={valuesOf(profile.data)} />;
}

/** The form's text fields, in order: the value they edit, where the server puts their error, their input. */
type TextFieldSpec = {
  key: 'nif' | 'name' | 'street' | 'postalCode' | 'city';
  error: string;
  label: string;
  autoComplete: string;
  maxLength: number;
  inputMode?: 'numeric';
  wide?: boolean;
};

const TEXT_FIELDS: readonly TextFieldSpec[] = [
  { key: 'nif', error: 'nif', label: t.nif, autoComplete: 'off', maxLength: 20 },
  { key: 'name', error: 'name', label: t.name, autoComplete: 'name', maxLength: 120 },
  {
    key: 'street',
    error: 'address.street',
    label: t.street,
    autoComplete: 'street-address',
    maxLength: 200,
    wide: true,
  },
  {
    key: 'postalCode',
    error: 'address.postalCode',
    label: t.postalCode,
    autoComplete: 'postal-code',
    inputMode: 'numeric',
    maxLength: 5,
  },
  { key: 'city', error: 'address.city', label: t.city, autoComplete: 'address-level2', maxLength: 100 },
];

/** The form's values as the API takes them; the IRPF rate and the consent are a lawyer's only. */
function inputOf(values: Values, lawyer: boolean): FiscalProfileInput {
  return {
    nif: values.nif,
    name: values.name,
    address: {
      street: values.street,
      postalCode: values.postalCode,
      city: values.city,
      province: values.province,
    },
    isBusiness: values.isBusiness,
    ...(lawyer ? { irpfRate: values.irpfRate, invoicingConsent: values.invoicingConsent } : {}),
  };
}

function FiscalProfileFields({ lawyer, initial }: { lawyer: boolean; initial: Values }) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveFiscalProfile();
  const set =
    <K extends keyof Values>(key: K) =>
    (value: Values[K]) =>
      setValues((v) => ({ ...v, [key]: value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const input = inputOf(values, lawyer);
    setErrors({});
    save.mutate(input, {
      onSuccess: () => toast.success(t.saved),
      onError: (error) => {
        if (isApiError(error) && Object.keys(error.fields).length > 0) setErrors({ ...error.fields });
        else toast.error(error.message);
      },
    });
  };

  return (
    <section className={styles.card} aria-labelledby="fiscal-title">
      <header>
        <h2 id="fiscal-title" className={styles.title}>
          {t.fiscalTitle}
        </h2>
        <p className={styles.intro}>{lawyer ? t.fiscalIntroLawyer : t.fiscalIntroClient}</p>
      </header>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        {TEXT_FIELDS.map(({ key, error, wide, ...input }) => (
          <TextField
            key={key}
            className={wide ? styles.wide : undefined}
            value={values[key]}
            onChange={(e) => set(key)(e.target.value)}
            error={errors[error]}
            {...input}
          />
        ))}
        <Field label={t.province} error={errors['address.province']}>
          {(control) => (
            <select
              {...control}
              className={styles.select}
              value={values.province}
              onChange={(e) => set('province')(e.target.value)}
            >
              <option value="">{t.provincePlaceholder}</option>
              {FISCAL_PROVINCES.map((province) => (
                <option key={province} value={province}>
                  {province}
                </option>
              ))}
            </select>
          )}
        </Field>
        {lawyer ? (
          <Field label={t.irpfRate} error={errors.irpfRate}>
            {(control) => (
              <select
                {...control}
                className={styles.select}
                value={values.irpfRate}
                onChange={(e) => set('irpfRate')(e.target.value === '7' ? 7 : 15)}
              >
                <option value={15}>{t.irpf15}</option>
                <option value={7}>{t.irpf7}</option>
              </select>
            )}
          </Field>
        ) : null}
        <label className={`${styles.check} ${styles.wide}`}>
          <input
            type="checkbox"
            checked={lawyer ? values.invoicingConsent : values.isBusiness}
            onChange={(e) => (lawyer ? set('invoicingConsent') : set('isBusiness'))(e.target.checked)}
          />
          {lawyer ? t.consent : t.isBusiness}
        </label>
        <div className={styles.wide}>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? t.saving : t.save}
          </Button>
        </div>
      </form>
    </section>
  );
}
