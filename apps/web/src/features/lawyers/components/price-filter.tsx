import { PRICE_TEXT } from '@l4l/shared/format';
import { es } from '@l4l/shared/texts/es/signed-in';
import { useEffect, useId, useRef, useState } from 'react';
import { Field } from '../../../components/form/field.tsx';
import list from '../../../components/list-page/list-page.module.css';
import { euros } from '../lib/use-lawyer-filters.ts';
import styles from './price-filter.module.css';

/** A typed price waits for a pause before the list follows it, as the name search does. */
export const PRICE_DEBOUNCE_MS = 300;

type Range = { minPrice: string; maxPrice: string };

/** What is wrong with a typed range, per field; nothing when both bounds are empty or well formed. */
function rangeErrors({ minPrice, maxPrice }: Range) {
  const min = minPrice.trim();
  const max = maxPrice.trim();
  const minError = min && !PRICE_TEXT.test(min) ? es.validation.priceFilter : null;
  const maxError = max && !PRICE_TEXT.test(max) ? es.validation.priceFilter : null;
  const reversed = !minError && !maxError && min && max && euros(max) < euros(min);
  return { minError, maxError: maxError ?? (reversed ? es.validation.priceRange : null) };
}

/**
 * The directory's hourly price bounds (docs/api/http.md, Lawyers: euros, both inclusive): two inputs a
 * keyboard fills like any other, sent once typing pauses and only when the range makes sense.
 */
export function PriceFilter({ value, onChange }: { value: Range; onChange: (range: Range) => void }) {
  const legendId = useId();
  const [typed, setTyped] = useState<Range>(value);
  const editing = useRef(false);
  const errors = rangeErrors(typed);
  const valid = !errors.minError && !errors.maxError;

  useEffect(() => {
    const same = typed.minPrice.trim() === value.minPrice && typed.maxPrice.trim() === value.maxPrice;
    if (!editing.current || !valid || same) return;
    const timer = setTimeout(() => {
      editing.current = false;
      onChange({ minPrice: typed.minPrice.trim(), maxPrice: typed.maxPrice.trim() });
    }, PRICE_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed, value, valid, onChange]);
  // a URL change (back button, 'Borrar filtros', or this filter's own update) shows in the inputs
  useEffect(() => {
    editing.current = false;
    setTyped(value);
  }, [value]);

  const input = (key: keyof Range) => ({
    type: 'text',
    inputMode: 'decimal' as const,
    autoComplete: 'off',
    className: list.select,
    value: typed[key],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
      editing.current = true;
      setTyped((current) => ({ ...current, [key]: event.target.value }));
    },
  });

  return (
    <fieldset className={styles.price} aria-labelledby={legendId}>
      <legend id={legendId} className={styles.legend}>
        {es.dashboard.filterPrice}
      </legend>
      <div className={styles.bounds}>
        <Field label={es.dashboard.priceFrom} error={errors.minError}>
          {(control) => <input {...control} {...input('minPrice')} />}
        </Field>
        <Field label={es.dashboard.priceTo} error={errors.maxError}>
          {(control) => <input {...control} {...input('maxPrice')} />}
        </Field>
      </div>
    </fieldset>
  );
}
