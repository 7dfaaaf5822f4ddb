import { es } from '@l4l/shared/texts/es/public';
import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode, RefObject } from 'react';
import { CloseIcon } from '../../components/icons/icons.tsx';
import styles from './dashboard-layout.module.css';

/**
 * The dashboard's full-screen menu on phones (docs/product.md, Dashboard), loaded the first time the hamburger is about to be
 * used: Radix Dialog traps the focus, and Escape or the close button give it back to the hamburger.
 */
export function DashboardMenu({
  open,
  onOpenChange,
  opener,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The hamburger, which is not a Dialog.Trigger: the focus returns to it by hand. */
  opener: RefObject<HTMLButtonElement | null>;
  /** The nav's list items. */
  children: ReactNode;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Content
          className={styles.mobileMenu}
          aria-describedby={undefined}
          aria-modal="true"
          onCloseAutoFocus={(event) => {
            if (!opener.current?.isConnected) return;
            event.preventDefault();
            opener.current.focus();
          }}
        >
          <div className={styles.mobileMenuTop}>
            <Dialog.Title className={styles.mobileMenuTitle}>{es.nav.menuTitle}</Dialog.Title>
            <Dialog.Close className={styles.menuButton} aria-label={es.buttons.closeMenu}>
              <CloseIcon size={24} />
            </Dialog.Close>
          </div>
          <nav aria-label={es.nav.mainNav}>
            <ul className={styles.mobileList}>{children}</ul>
          </nav>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
