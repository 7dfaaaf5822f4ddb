import { FISCAL_PROVINCES, type FiscalProfile, type FiscalProfileInput } from '@l4l/shared/schemas/invoices';
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
    const input: FiscalProfileInput = {
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
        <TextField
          label={t.nif}
          value={values.nif}
          onChange={(e) => set('nif')(e.target.value)}
          error={errors.nif}
          autoComplete="off"
          maxLength={20}
        />
        <TextField
          label={t.name}
          value={values.name}
          onChange={(e) => set('name')(e.target.value)}
          error={errors.name}
          autoComplete="name"
          maxLength={120}
        />
        <TextField
          className={styles.wide}
          label={t.street}
          value={values.street}
          onChange={(e) => set('street')(e.target.value)}
          error={errors['address.street']}
          autoComplete="street-address"
          maxLength={200}
        />
        <TextField
          label={t.postalCode}
          value={values.postalCode}
          onChange={(e) => set('postalCode')(e.target.value)}
          error={errors['address.postalCode']}
          autoComplete="postal-code"
          inputMode="numeric"
          maxLength={5}
        />
        <TextField
          label={t.city}
          value={values.city}
          onChange={(e) => set('city')(e.target.value)}
          error={errors['address.city']}
          autoComplete="address-level2"
          maxLength={100}
        />
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
