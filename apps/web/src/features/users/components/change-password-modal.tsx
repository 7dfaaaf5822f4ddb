import { isStrongPassword } from '@l4l/shared/schemas/common';
import { es } from '@l4l/shared/texts/es/profile';
import { type FormEvent, useState } from 'react';
import { BackButton } from '../../../components/button/back-button.tsx';
import { Button } from '../../../components/button/button.tsx';
import { PasswordField } from '../../../components/form/field.tsx';
import { Modal } from '../../../components/modal/modal.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useChangePassword } from '../api/change-password.ts';
import styles from './profile-page.module.css';

type ChangePasswordModalProps = { open: boolean; onOpenChange: (open: boolean) => void };

/** docs/product.md, Profile (the password modal) 'Cambiar tu contraseña': current, new and repeated new password. */
export function ChangePasswordModal({ open, onOpenChange }: ChangePasswordModalProps) {
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={es.profile.passwordModalTitle}
      header={<BackButton onClick={() => onOpenChange(false)} />}
    >
      <ChangePasswordForm onDone={() => onOpenChange(false)} />
    </Modal>
  );
}

function ChangePasswordForm({ onDone }: { onDone: () => void }) {
  const change = useChangePassword();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [currentError, setCurrentError] = useState<string | null>(null);
  const [nextError, setNextError] = useState<string | null>(null);

  const mismatch = repeat !== '' && next !== repeat;
  // docs/product.md, Profile: save only when all three are filled in and the new one is repeated exactly
  const canSave =
    current.trim() !== '' && next.trim() !== '' && repeat.trim() !== '' && !mismatch && !change.isPending;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSave) return;
    if (!isStrongPassword(next)) {
      setNextError(es.validation.password);
      return;
    }
    change.mutate(
      { currentPassword: current, newPassword: next },
      {
        onSuccess: () => {
          toast.success(es.profile.passwordChanged);
          onDone();
        },
        onError: (error) => {
          toast.error(es.profile.passwordChangeFailed);
          if (isApiError(error) && error.status === 401) setCurrentError(error.message);
          else if (isApiError(error) && error.fields.newPassword) setNextError(error.fields.newPassword);
        },
      },
    );
  };

  return (
    <form className={styles.passwordForm} onSubmit={onSubmit} noValidate>
      <PasswordField
        label={es.profile.currentPassword}
        autoComplete="current-password"
        value={current}
        error={currentError}
        onChange={(event) => {
          setCurrent(event.target.value);
          setCurrentError(null);
        }}
      />
      <PasswordField
        label={es.profile.newPassword}
        autoComplete="new-password"
        value={next}
        error={nextError}
        hint={nextError ? undefined : es.validation.password}
        onChange={(event) => {
          setNext(event.target.value);
          setNextError(null);
        }}
      />
      <PasswordField
        label={es.profile.repeatPassword}
        autoComplete="new-password"
        value={repeat}
        error={mismatch ? es.validation.passwordsDiffer : null}
        onChange={(event) => setRepeat(event.target.value)}
      />
      <Button type="submit" size="lg" block disabled={!canSave}>
        {es.buttons.save}
      </Button>
    </form>
  );
}
