import { es } from '@l4l/shared/texts/es/public';
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
 * outside close it (docs/product.md, Landing page), focus returns to the control that opened it (whether or not it is a
 * Dialog.Trigger).
 */
export function Modal({ open, onOpenChange, title, description, header, children, size = 'sm' }: ModalProps) {
  const body = useRef<HTMLDivElement>(null);
  // the control that opened the dialog: Radix returns focus only to a Dialog.Trigger, and these dialogs
  // are opened by ordinary buttons of their screens
  const opener = useRef<HTMLElement | null>(null);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content
          className={`${styles.content} ${styles[size]}`}
          // start where the person will type, not on the close button
          onOpenAutoFocus={(event) => {
            opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
            const field = body.current?.querySelector<HTMLElement>('input:not([type=hidden]), textarea');
            if (field) {
              event.preventDefault();
              field.focus();
            }
          }}
          // on close, focus goes back where it was (WCAG 2.4.3), unless that control is gone meanwhile or
          // another dialog (the login switching to the register) has taken the focus already
          onCloseAutoFocus={(event) => {
            const target = opener.current;
            opener.current = null;
            const focusLost = !document.activeElement || document.activeElement === document.body;
            if (target?.isConnected && focusLost) {
              event.preventDefault();
              target.focus();
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
