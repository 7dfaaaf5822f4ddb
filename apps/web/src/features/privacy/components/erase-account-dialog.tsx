import { es } from '@l4l/shared/texts/es/profile';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/button/button.tsx';
import { FormMessage, PasswordField } from '../../../components/form/field.tsx';
import { Modal } from '../../../components/modal/modal.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useEraseAccount } from '../api/erase-account.ts';
import styles from './your-data.module.css';

const t = es.privacy;

type EraseAccountDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** the account is gone: the screen signs out and says so */
  onErased: () => void;
};

/**
 * 'Eliminar mi cuenta' (docs/domain.md, Privacy rights): says what is removed and what is kept for 6 years,
 * and asks for the password. A wrong password shows under its field; a refusal (a case still active,
 * money still owed…) shows its reason above the buttons.
 */
export function EraseAccountDialog({ open, onOpenChange, onErased }: EraseAccountDialogProps) {
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={t.eraseTitle}
      description={t.eraseDescription}
      size="md"
    >
      <EraseAccountForm onCancel={() => onOpenChange(false)} onErased={onErased} />
    </Modal>
  );
}

function EraseAccountForm({ onCancel, onErased }: { onCancel: () => void; onErased: () => void }) {
  const erase = useEraseAccount();
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (password === '') {
      setPasswordError(es.validation.required);
      return;
    }
    setRefusal(null);
    erase.mutate(
      { password },
      {
        onSuccess: onErased,
        onError: (error) => {
          if (isApiError(error) && error.status === 401) setPasswordError(error.message);
          else setRefusal(isApiError(error) ? error.message : t.eraseError);
        },
      },
    );
  };

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <div className={styles.consequences}>
        <Consequences id="erase-removed" heading={t.removedHeading} lines={t.removed} />
        <Consequences id="erase-kept" heading={t.keptHeading} lines={t.kept} />
      </div>
      <PasswordField
        label={t.password}
        autoComplete="current-password"
        value={password}
        error={passwordError}
        onChange={(event) => {
          setPassword(event.target.value);
          setPasswordError(null);
        }}
      />
      {refusal ? <FormMessage>{refusal}</FormMessage> : null}
      <div className={styles.actions}>
        <Button variant="secondary" onClick={onCancel}>
          {es.buttons.cancel}
        </Button>
        <Button type="submit" variant="danger" disabled={erase.isPending}>
          {erase.isPending ? t.erasing : t.confirm}
        </Button>
      </div>
    </form>
  );
}

/** One side of what an erasure does: what goes, or what the law keeps. */
function Consequences({ id, heading, lines }: { id: string; heading: string; lines: readonly string[] }) {
  return (
    <section aria-labelledby={id}>
      <h3 id={id} className={styles.listTitle}>
        {heading}
      </h3>
      <ul className={styles.list}>
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </section>
  );
}
