import { normalizeIban } from '@l4l/shared/fiscal/iban';
import { sandboxOnboardingSchema } from '@l4l/shared/schemas/money';
import { moneyWebEs } from '@l4l/shared/texts/money-web';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/button/button.tsx';
import { TextField } from '../../../components/form/field.tsx';
import { Spinner } from '../../../components/spinner/spinner.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useActivateSandboxAccount, usePayoutAccount } from '../api/payouts.ts';
import styles from './payouts.module.css';

const t = moneyWebEs.sandbox;

/** A Spanish test IBAN with valid check digits: no bank holds it. */
export const SANDBOX_IBAN = 'ES91 2100 0418 4502 0005 1332';

export type SandboxErrors = { holder?: string; iban?: string };

/** What the form checks before sending, with the schema the server checks it with (the IBAN's digits too). */
export function checkSandboxForm(values: { holder: string; iban: string }): SandboxErrors {
  const checked = sandboxOnboardingSchema.safeParse(values);
  const errors: SandboxErrors = {};
  for (const issue of checked.error?.issues ?? []) {
    const field = issue.path[0];
    if ((field === 'holder' || field === 'iban') && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/**
 * The sandbox provider's onboarding page (docs/money.md, Payout accounts): it stands for the provider's own
 * pages while L4L runs offline. Submitting it enables the payout account, then the lawyer is back in 'Cobros'.
 * Opened again on an enabled account ('Cambiar la cuenta de cobro'), it changes the holder and the IBAN.
 */
export function SandboxOnboardingPage({
  accountId,
  holder: initialHolder,
  donePath,
}: {
  accountId: string;
  holder: string;
  donePath: string;
}) {
  const navigate = useNavigate();
  const [holder, setHolder] = useState(initialHolder);
  const [iban, setIban] = useState(SANDBOX_IBAN);
  const [errors, setErrors] = useState<SandboxErrors>({});
  const activate = useActivateSandboxAccount(accountId);
  const changing = usePayoutAccount().data?.status === 'enabled';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = checkSandboxForm({ holder, iban });
    setErrors(found);
    if (found.holder || found.iban) return;
    activate.mutate(
      { holder: holder.trim(), iban: normalizeIban(iban) },
      {
        onSuccess: () => {
          toast.success(changing ? t.changed : t.done);
          navigate(donePath);
        },
        onError: (error) => {
          if (isApiError(error) && Object.keys(error.fields).length > 0) setErrors({ ...error.fields });
          else toast.error(isApiError(error) ? error.message : t.failed);
        },
      },
    );
  };

  return (
    <div className={styles.page}>
      <section className={`${styles.card} ${styles.narrow}`} aria-labelledby="sandbox-title">
        <p className={styles.sandboxBadge}>{t.badge}</p>
        <h1 id="sandbox-title" className={styles.title}>
          {changing ? t.changeTitle : t.title}
        </h1>
        <p className={styles.lead}>{t.intro}</p>
        <form className={styles.form} onSubmit={submit} noValidate>
          <TextField
            label={t.holder}
            value={holder}
            onChange={(event) => {
              setHolder(event.target.value);
              setErrors((e) => ({ ...e, holder: undefined }));
            }}
            error={errors.holder}
            autoComplete="name"
            maxLength={120}
            required
          />
          <TextField
            label={t.iban}
            hint={t.ibanHint}
            value={iban}
            onChange={(event) => {
              setIban(event.target.value);
              setErrors((e) => ({ ...e, iban: undefined }));
            }}
            error={errors.iban}
            autoComplete="off"
            spellCheck={false}
            maxLength={34}
            required
          />
          <Button type="submit" variant="accent" disabled={activate.isPending}>
            {activate.isPending ? <Spinner size="sm" label={t.submitting} /> : null}
            {changing ? t.changeSubmit : t.submit}
          </Button>
        </form>
        <Link to={donePath}>{t.back}</Link>
      </section>
    </div>
  );
}
