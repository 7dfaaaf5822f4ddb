import { es } from '@l4l/shared/texts/es/public';
import { ChevronLeftIcon } from '../icons/icons.tsx';
import styles from './button.module.css';
import { Button } from './button.tsx';

/**
 * 'Volver' with its arrow: the back control of wizards and sub-forms (docs/product.md, Registration). A
 * module apart from the buttons every page draws, so those do not bring the icons with them.
 */
export function BackButton({ onClick }: { onClick: () => void }) {
  return (
    <Button variant="ghost" size="sm" onClick={onClick} className={styles.back}>
      <ChevronLeftIcon size={18} />
      {es.buttons.back}
    </Button>
  );
}
