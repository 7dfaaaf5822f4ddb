import { LIMITS } from '@l4l/shared/constants/limits';
import { formatPhone } from '@l4l/shared/format';
import { es } from '@l4l/shared/texts/es/public';
import { type ComponentProps, type ReactNode, useId, useState } from 'react';
import styles from './field.module.css';

export type ControlProps = { id: string; 'aria-describedby'?: string; 'aria-invalid'?: true };

type FieldProps = {
  label: ReactNode;
  /** Shown in red under the control and announced with it (aria-describedby). */
  error?: string | null;
  hint?: ReactNode;
  /** Right-aligned note in the label row, e.g. a character counter. */
  aside?: ReactNode;
  /** Renders the control with the ids that tie it to the label, hint and error. */
  children: (control: ControlProps, labelId: string) => ReactNode;
  className?: string;
};

/** Label, control, hint and error wired together so every input has a name and its message. */
export function Field({ label, error, hint, aside, children, className }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const labelId = `${id}-label`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`${styles.field} ${className ?? ''}`}>
      <div className={styles.labelRow}>
        <label id={labelId} htmlFor={id} className={styles.label}>
          {label}
        </label>
        {aside ? <span className={styles.aside}>{aside}</span> : null}
      </div>
      {children({ id, 'aria-describedby': describedBy, 'aria-invalid': error ? true : undefined }, labelId)}
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

type InputFieldProps = Omit<ComponentProps<'input'>, 'id'> & {
  label: ReactNode;
  error?: string | null;
  hint?: ReactNode;
  aside?: ReactNode;
};

export function TextField({ label, error, hint, aside, className, ...input }: InputFieldProps) {
  return (
    <Field label={label} error={error} hint={hint} aside={aside} className={className}>
      {(control) => <input className={styles.input} {...control} {...input} />}
    </Field>
  );
}

/**
 * docs/domain.md, Validation rules: a phone shown as 600 123 456 while it is typed, at most 11 characters; the schemas strip the
 * spaces, so what is sent is the 9 digits.
 */
export function PhoneField({ onChange, ...input }: Omit<InputFieldProps, 'type'>) {
  return (
    <TextField
      type="tel"
      inputMode="numeric"
      autoComplete="tel-national"
      maxLength={LIMITS.phoneInputMax}
      {...input}
      onChange={(event) => {
        event.target.value = formatPhone(event.target.value);
        onChange?.(event);
      }}
    />
  );
}

type TextAreaFieldProps = Omit<ComponentProps<'textarea'>, 'id'> & {
  label: ReactNode;
  error?: string | null;
  hint?: ReactNode;
  aside?: ReactNode;
};

export function TextAreaField({ label, error, hint, aside, className, ...textarea }: TextAreaFieldProps) {
  return (
    <Field label={label} error={error} hint={hint} aside={aside} className={className}>
      {(control) => <textarea className={`${styles.input} ${styles.textarea}`} {...control} {...textarea} />}
    </Field>
  );
}

/** A password input with a show/hide toggle (docs/product.md, Registration and Password reset). */
export function PasswordField({
  label,
  error,
  hint,
  aside,
  className,
  ...input
}: Omit<InputFieldProps, 'type'>) {
  const [visible, setVisible] = useState(false);
  return (
    <Field label={label} error={error} hint={hint} aside={aside} className={className}>
      {(control) => (
        <div className={styles.withAction}>
          <input className={styles.input} type={visible ? 'text' : 'password'} {...control} {...input} />
          <button
            type="button"
            className={styles.inputAction}
            aria-label={visible ? es.common.hidePassword : es.common.showPassword}
            aria-pressed={visible}
            onClick={() => setVisible((shown) => !shown)}
          >
            <EyeIcon crossed={visible} />
          </button>
        </div>
      )}
    </Field>
  );
}

function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" fill="none" stroke="currentColor">
      <path strokeWidth="1.8" d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
      <circle strokeWidth="1.8" cx="12" cy="12" r="3" />
      {crossed ? <path strokeWidth="1.8" strokeLinecap="round" d="M4 4l16 16" /> : null}
    </svg>
  );
}

/** A message about the whole form (not one field), announced when it appears. */
export function FormMessage({
  children,
  tone = 'error',
}: {
  children: ReactNode;
  tone?: 'error' | 'success';
}) {
  return (
    <p
      className={tone === 'error' ? styles.formError : styles.formSuccess}
      role={tone === 'error' ? 'alert' : 'status'}
    >
      {children}
    </p>
  );
}

type SelectFieldProps = Omit<ComponentProps<'select'>, 'id'> & {
  label: ReactNode;
  error?: string | null;
  hint?: ReactNode;
};

/** A native select with its label, hint and error wired like every other field. */
export function SelectField({ label, error, hint, className, children, ...select }: SelectFieldProps) {
  return (
    <Field label={label} error={error} hint={hint} className={className}>
      {(control) => (
        <select className={styles.input} {...control} {...select}>
          {children}
        </select>
      )}
    </Field>
  );
}
