import { es } from '@l4l/shared/texts/es/public';
import { lazy, Suspense, useEffect } from 'react';
import { MountOnceOpened, modalOnDemand } from '../../components/modal/modal-on-demand.tsx';
import { FullPageSpinner } from '../../components/spinner/spinner.tsx';
import { LandingPage } from '../../features/landing/components/landing-page.tsx';
import { afterSignInPath } from '../../lib/after-sign-in.ts';
import { useCookieConsent } from '../../lib/cookie-consent.ts';
import { useAppNavigate, usePathname } from '../../lib/navigation.tsx';
import { paths } from '../../lib/paths.ts';
import { useSession } from '../../lib/session.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { loadLoginModal, loadRegisterModal } from './auth-modal-loaders.ts';

// the forms (and their validation and pickers) load when a modal is first opened, never in front of the landing
const LoginModal = modalOnDemand(() => loadLoginModal().then((module) => module.LoginModal));
const RegisterModal = modalOnDemand(() => loadRegisterModal().then((module) => module.RegisterModal));

// said only after an erasure: its code (and the profile's texts) never load in front of the landing
const AccountErasedNotice = lazy(() =>
  import('../../features/privacy/components/account-erased-notice.tsx').then((module) => ({
    default: module.AccountErasedNotice,
  })),
);

/** The other modal's path with this one's query, so a sign-in link's `?destino=` survives the switch. */
const keepingQuery = (path: string) => `${path}${window.location.search}`;

/**
 * '/', '/login', '/registro' and every unknown path (docs/product.md, Landing page); (+) '/cuenta-eliminada' is
 * the login that tells an erased account what was kept. The path says which modal is open, so the
 * browser's back button closes it and a link can open it. Signed-in visitors go to their dashboard.
 * Without React Router (lib/navigation.tsx): a hard load of those three paths gets landing.html, whose
 * entry shows this same screen with no router at all (ADR 0008).
 */
export function LandingRoute() {
  const { status, user } = useSession();
  const pathname = usePathname();
  const navigate = useAppNavigate();
  // read as a hook: landing.html is rendered ahead without it (landing-prerender.tsx), and hydrates so first
  const persistentConsent = useCookieConsent() === 'true';
  useDocumentTitle(es.brand.slogan);
  const erased = pathname === paths.accountErased;
  const loginOpen = pathname === paths.login || erased;
  const registerOpen = pathname === paths.register;
  // each modal links to the other: while one is open, the other's code comes along
  useEffect(() => {
    const other = loginOpen ? loadRegisterModal : registerOpen ? loadLoginModal : undefined;
    other?.().catch(() => {});
  }, [loginOpen, registerOpen]);

  // an administrator's home is the console (docs/product.md, Administration console); a sign-in link may
  // name a dashboard page to open instead (lib/after-sign-in.ts)
  const home = status === 'authenticated' && user ? afterSignInPath(user.role) : undefined;
  useEffect(() => {
    if (home) navigate(home, { replace: true });
  }, [home, navigate]);

  // a returning visitor who allowed a lasting session is probably signed in: wait rather than flash the
  // landing; the same while a signed-in visitor leaves for the dashboard (from landing.html, the SPA's code
  // loads first)
  if (home || (status === 'unknown' && persistentConsent)) return <FullPageSpinner />;

  const close = (open: boolean) => {
    if (!open) navigate(paths.landing, { replace: true });
  };
  return (
    <>
      <LandingPage
        onLogin={() => navigate(paths.login)}
        onRegister={() => navigate(paths.register)}
        loginIntent={LoginModal.intent()}
        registerIntent={RegisterModal.intent()}
      />
      <MountOnceOpened open={loginOpen}>
        <LoginModal.Dialog
          open={loginOpen}
          onOpenChange={close}
          notice={
            erased ? (
              <Suspense fallback={null}>
                <AccountErasedNotice />
              </Suspense>
            ) : undefined
          }
          onSwitchToRegister={() => navigate(keepingQuery(paths.register), { replace: true })}
        />
      </MountOnceOpened>
      <MountOnceOpened open={registerOpen}>
        <RegisterModal.Dialog
          open={registerOpen}
          onOpenChange={close}
          onSwitchToLogin={() => navigate(keepingQuery(paths.login), { replace: true })}
        />
      </MountOnceOpened>
    </>
  );
}
