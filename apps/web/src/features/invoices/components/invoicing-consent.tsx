import { moneyWebEs } from '@l4l/shared/texts/money-web';
import { useId } from 'react';
import { Link } from 'react-router';
import { Spinner } from '../../../components/spinner/spinner.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useFiscalProfile, useSaveFiscalProfile } from '../api/invoices.ts';
import styles from './invoices.module.css';

const t = moneyWebEs.payouts.consent;

/**
 * The lawyer's consent to invoicing by a third party (docs/invoices.md, Fiscal profiles), as a switch: it is a
 * field of the fiscal profile, so it is saved with the rest of the profile as it is. Without a profile
 * there is nothing to save it in: the switch sends the lawyer to fill it in first.
 */
export function InvoicingConsentSwitch({ profilePath }: { profilePath: string }) {
  const profile = useFiscalProfile();
  const save = useSaveFiscalProfile();
  const id = useId();
  const current = profile.data;
  const checked = save.isPending
    ? Boolean(save.variables?.invoicingConsent)
    : Boolean(current?.invoicingConsent);
  const toggle = (next: boolean) => {
    if (!current) return;
    save.mutate(
      { ...current, irpfRate: current.irpfRate ?? 15, invoicingConsent: next },
      {
        onSuccess: () => toast.success(next ? t.given : t.withdrawn),
        onError: (error) => toast.error(isApiError(error) ? error.message : String(error)),
      },
    );
  };
  return (
    <section className={styles.card} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.title}>
        {t.title}
      </h2>
      <p id={`${id}-text`} className={styles.intro}>
        {t.text}
      </p>
      {profile.isPending ? (
        <Spinner />
      ) : !current ? (
        <p>
          {t.needsProfile} <Link to={profilePath}>{t.goToProfile}</Link>
        </p>
      ) : (
        <label className={styles.check}>
          <input
            type="checkbox"
            role="switch"
            aria-checked={checked}
            aria-describedby={`${id}-text`}
            checked={checked}
            disabled={save.isPending}
            onChange={(event) => toggle(event.target.checked)}
          />
          <span>{t.label}</span>
        </label>
      )}
    </section>
  );
}
