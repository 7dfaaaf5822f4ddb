import { es } from '@l4l/shared/texts/es';
import * as Dialog from '@radix-ui/react-dialog';
import { type ReactNode, useRef } from 'react';
import { CloseIcon } from '../icons/icons.tsx';
import styles from './modal.module.css';

type ModalProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Every dialog has a title: screen readers announce it when the dialog opens. */
  title: ReactNode;
  description?: ReactNode;
  /** Shown above the title, e.g. 'Paso 2 de 5' or a back button. */
  header?: ReactNode;
  children: ReactNode;
  size?: 'sm' | 'md';
};

/**
 * A centred dialog (a bottom sheet on phones) built on Radix Dialog: focus is trapped, Escape and a click
 * outside close it (spec §2), focus returns to the control that opened it.
 */
export function Modal({ open, onOpenChange, title, description, header, children, size = 'sm' }: ModalProps) {
  const body = useRef<HTMLDivElement>(null);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content
          className={`${styles.content} ${styles[size]}`}
          // start where the person will type, not on the close button
          onOpenAutoFocus={(event) => {
            const field = body.current?.querySelector<HTMLElement>('input:not([type=hidden]), textarea');
            if (field) {
              event.preventDefault();
              field.focus();
            }
          }}
          // without a description Radix warns; undefined tells it there is none on purpose
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          {header ? <div className={styles.top}>{header}</div> : null}
          <Dialog.Close className={styles.close} aria-label={es.buttons.close}>
            <CloseIcon />
          </Dialog.Close>
          <Dialog.Title className={styles.title}>{title}</Dialog.Title>
          {description ? (
            <Dialog.Description className={styles.description}>{description}</Dialog.Description>
          ) : null}
          <div className={styles.body} ref={body}>
            {children}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
