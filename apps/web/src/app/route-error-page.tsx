import { es } from '@l4l/shared/texts/es/public';
import { ButtonLink } from '../components/button/button.tsx';
import { Logo } from '../components/logo/logo.tsx';
import { paths } from '../lib/paths.ts';
import styles from './route-error-page.module.css';

/**
 * The router's last resort (docs/product.md, Routes: 'Unexpected Application Error!'). It renders outside every layout,
 * so it carries its own way home. A full page load (reloadDocument) also recovers from a failed chunk.
 */
export function RouteErrorPage() {
  return (
    <main className={styles.page}>
      <Logo />
      <h1 className={styles.title}>{es.router.unexpected}</h1>
      <p className={styles.text}>{es.router.errorHelp}</p>
      <ButtonLink to={paths.landing} reloadDocument>
        {es.router.backHome}
      </ButtonLink>
    </main>
  );
}
