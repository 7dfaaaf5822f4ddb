import { es } from '@l4l/shared/texts/es/public';
import * as Dialog from '@radix-ui/react-dialog';
import { type ReactNode, useRef } from 'react';
import { CloseIcon } from '../icons/icons.tsx';
import { ABOVE_DIALOGS_ATTRIBUTE } from './above-dialogs.ts';
import styles from './modal.module.css';

/** The page's main content ('Saltar al contenido' leads there): where focus goes when a dialog had no opener. */
const MAIN_CONTENT_ID = 'contenido';

function keepCookieBanner(event: { target: EventTarget | null; preventDefault: () => void }) {
  if (event.target instanceof Element && event.target.closest(`[${ABOVE_DIALOGS_ATTRIBUTE}]`)) {
    event.preventDefault();
  }
}

export type ModalProps = {
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
 * Dialog.Trigger). Screens render it through Modal (modal.tsx), which loads this code when it is needed.
 */
export function ModalDialog({
  open,
  onOpenChange,
  title,
  description,
  header,
  children,
  size = 'sm',
}: ModalProps) {
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
            if (!focusLost) return;
            // a dialog opened by the page's own address (/login loaded directly) has no opener: the focus
            // goes to the start of the page's main content rather than nowhere
            const fallback = document.getElementById(MAIN_CONTENT_ID);
            const next = target?.isConnected && target !== document.body ? target : fallback;
            if (!next) return;
            event.preventDefault();
            if (next === fallback && !next.hasAttribute('tabindex')) next.setAttribute('tabindex', '-1');
            next.focus();
          }}
          // the cookie banner stays usable above a dialog (a visitor arriving on /registro from a link must be
          // able to answer it): a click on it neither closes the dialog nor is taken as a click outside
          onPointerDownOutside={keepCookieBanner}
          onInteractOutside={keepCookieBanner}
          onFocusOutside={keepCookieBanner}
          aria-modal="true"
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
