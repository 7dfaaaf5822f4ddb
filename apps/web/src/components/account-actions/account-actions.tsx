import { es } from '@l4l/shared/texts/es/public';
import { paths } from '../../lib/paths.ts';
import { useSession } from '../../lib/session.tsx';
import { Button, ButtonLink } from '../button/button.tsx';
import styles from './account-actions.module.css';

/** The foot of both profile screens (docs/product.md, Profile): billing history and 'Cerrar sesión'. */
export function AccountActions() {
  const { signOut } = useSession();
  return (
    <footer className={styles.account}>
      <ButtonLink to={paths.billing} variant="secondary">
        {es.buttons.billingHistory}
      </ButtonLink>
      <Button variant="danger" onClick={() => void signOut()}>
        {es.buttons.logout}
      </Button>
    </footer>
  );
}
