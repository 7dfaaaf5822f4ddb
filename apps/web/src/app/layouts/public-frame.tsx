import { es } from '@l4l/shared/texts/es/public';
import type { ReactNode } from 'react';
import { Button, ButtonLink } from '../../components/button/button.tsx';
import { Logo } from '../../components/logo/logo.tsx';
import { SiteFooter } from '../../features/landing/components/site-footer.tsx';
import { AppLink, useAppNavigate } from '../../lib/navigation.tsx';
import { paths } from '../../lib/paths.ts';
import { useSession } from '../../lib/session.tsx';
import { loadLoginModal, loadRegisterModal, preloadOn } from '../routes/auth-modal-loaders.ts';
import styles from './public-layout.module.css';
import shell from './shell.module.css';

/**
 * The frame of every public page: header with the way in, the page, the footer (docs/product.md, Landing page). Without React
 * Router: the landing page's own entry (landing.html) shows it too (lib/navigation.tsx).
 */
export function PublicFrame({ children }: { children: ReactNode }) {
  const navigate = useAppNavigate();
  const { status } = useSession();
  return (
    <>
      <a className={styles.skip} href="#contenido">
        {es.common.skipToContent}
      </a>
      <header className={styles.header}>
        <div className={shell.bar}>
          <AppLink to={paths.landing} className={shell.brand} aria-label={es.common.homeLink}>
            <Logo />
          </AppLink>
          <nav className={styles.actions} aria-label={es.common.accountNav}>
            {status === 'authenticated' ? (
              <ButtonLink to={paths.home}>{es.nav.goToDashboard}</ButtonLink>
            ) : (
              <>
                <Button variant="ghost" onClick={() => navigate(paths.login)} {...preloadOn(loadLoginModal)}>
                  {es.buttons.login}
                </Button>
                <Button onClick={() => navigate(paths.register)} {...preloadOn(loadRegisterModal)}>
                  {es.buttons.register}
                </Button>
              </>
            )}
          </nav>
        </div>
      </header>
      <main id="contenido" className={styles.main} tabIndex={-1}>
        {children}
      </main>
      <SiteFooter onRegister={() => navigate(paths.register)} registerIntent={preloadOn(loadRegisterModal)} />
    </>
  );
}
