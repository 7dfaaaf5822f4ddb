import { es } from '@l4l/shared/texts/es/account';
import { type ChangeEvent, useId, useState } from 'react';
import { Avatar } from '../../../components/avatar/avatar.tsx';
import { Button } from '../../../components/button/button.tsx';
import field from '../../../components/form/field.module.css';
import { IMAGE_TYPES, pickedPhoto } from '../../../lib/image-file.ts';
import styles from './photo-picker.module.css';

type PhotoPickerProps = {
  value: string;
  onChange: (dataUrl: string) => void;
  name: string;
  error?: string;
};

/** An optional profile photo (png or jpeg, at most 5 MB) kept as a data URL for the registration. */
export function PhotoPicker({ value, onChange, name, error }: PhotoPickerProps) {
  const inputId = useId();
  const messageId = `${inputId}-message`;
  const [problem, setProblem] = useState<string | null>(null);
  const message = problem ?? error ?? null;

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const photo = await pickedPhoto(event.currentTarget, setProblem);
    if (photo) onChange(photo);
  };

  return (
    <div className={styles.picker}>
      <Avatar photoUrl={value || null} name={name || es.brand.name} size={64} />
      <div className={styles.controls}>
        <span className={field.label}>{es.register.photo}</span>
        <div className={styles.buttons}>
          <label htmlFor={inputId} className={styles.choose}>
            {value ? es.register.photoChange : es.register.photoChoose}
          </label>
          <input
            id={inputId}
            type="file"
            accept={IMAGE_TYPES.join(',')}
            className="visually-hidden"
            aria-describedby={messageId}
            onChange={onFile}
          />
          {value ? (
            <Button variant="ghost" size="sm" onClick={() => onChange('')}>
              {es.register.photoRemove}
            </Button>
          ) : null}
        </div>
        <p id={messageId} className={message ? field.error : field.hint} role={message ? 'alert' : undefined}>
          {message ?? es.register.photoHint}
        </p>
      </div>
    </div>
  );
}
