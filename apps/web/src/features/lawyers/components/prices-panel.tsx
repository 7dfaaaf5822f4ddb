import { LIMITS } from '@l4l/shared/constants/limits';
import type { LawyerPrices, LawyerSheet } from '@l4l/shared/schemas/lawyers';
import { es } from '@l4l/shared/texts/es/profile';
import { type FormEvent, useEffect, useState } from 'react';
import { Button } from '../../../components/button/button.tsx';
import { TextField } from '../../../components/form/field.tsx';
import { Spinner } from '../../../components/spinner/spinner.tsx';
import { sanitizePriceInput } from '../../../lib/price-input.ts';
import { toast } from '../../../lib/toast.ts';
import { lawyerPricesSchema } from '../api/schemas.ts';
import { useUpdateLawyerPrices } from '../api/update-lawyer-prices.ts';
import styles from './lawyer-sheet.module.css';

const priceText = (euros: number | null) => (euros === null ? '' : String(euros).replace('.', ','));

/** docs/product.md, Profile ('Precios'): hourly price, first-visit price, and 'Primera consulta gratuita' disabling the latter. */
export function PricesPanel({ sheet }: { sheet: LawyerSheet }) {
  const update = useUpdateLawyerPrices(sheet.id);
  const [priceHour, setPriceHour] = useState(priceText(sheet.priceHour));
  const [priceFirstVisit, setPriceFirstVisit] = useState(priceText(sheet.priceFirstVisit));
  const [free, setFree] = useState(sheet.isFirstVisitFree);
  const [errors, setErrors] = useState<Partial<Record<keyof LawyerPrices, string>>>({});

  useEffect(() => {
    setPriceHour(priceText(sheet.priceHour));
    setPriceFirstVisit(priceText(sheet.priceFirstVisit));
    setFree(sheet.isFirstVisitFree);
  }, [sheet]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    // the schema loads on the first save, zod with it (api/schemas.ts); a failed load fails the save
    const schema = await lawyerPricesSchema().catch(() => null);
    if (!schema) {
      toast.error(es.profile.dataModifyFailed);
      return;
    }
    const checked = schema.safeParse({
      priceHour,
      // a disabled field is not sent (docs/product.md, Profile)
      priceFirstVisit: free || priceFirstVisit === '' ? undefined : priceFirstVisit,
      isFirstVisitFree: free,
    });
    if (!checked.success) {
      const found: typeof errors = {};
      for (const issue of checked.error.issues) found[issue.path[0] as keyof LawyerPrices] ??= issue.message;
      setErrors(found);
      return;
    }
    update.mutate(checked.data, {
      onSuccess: () => toast.success(es.profile.dataModified),
      onError: () => toast.error(es.profile.dataModifyFailed),
    });
  };

  return (
    <section className={styles.panel} aria-labelledby="prices-title">
      <h2 id="prices-title" className={styles.panelTitle}>
        {es.lawyerProfile.prices}
      </h2>
      <form className={styles.pricesForm} onSubmit={onSubmit} noValidate>
        <TextField
          label={es.lawyerProfile.pricePerHour}
          inputMode="decimal"
          maxLength={LIMITS.priceInputMax}
          value={priceHour}
          error={errors.priceHour}
          aside="€"
          onChange={(event) => {
            setPriceHour(sanitizePriceInput(event.target.value));
            setErrors((current) => ({ ...current, priceHour: undefined }));
          }}
        />
        <TextField
          label={es.lawyerProfile.priceFirstVisit}
          inputMode="decimal"
          maxLength={LIMITS.priceInputMax}
          value={priceFirstVisit}
          disabled={free}
          error={free ? null : errors.priceFirstVisit}
          aside="€"
          onChange={(event) => {
            setPriceFirstVisit(sanitizePriceInput(event.target.value));
            setErrors((current) => ({ ...current, priceFirstVisit: undefined }));
          }}
        />
        <label className={styles.checkbox}>
          <input type="checkbox" checked={free} onChange={(event) => setFree(event.currentTarget.checked)} />
          {es.lawyerProfile.firstVisitFree}
        </label>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? <Spinner size="sm" label={es.common.sending} /> : null}
          {es.buttons.save}
        </Button>
      </form>
    </section>
  );
}
