import { ROLE } from '@l4l/shared/constants/roles';
import { consultationsWebEs } from '@l4l/shared/texts/consultations-web';
import { es } from '@l4l/shared/texts/es/public';
import { moneyWebEs } from '@l4l/shared/texts/money-web';
import { lazy, type ReactNode, type RefObject, Suspense, useRef, useState } from 'react';
import { Link, Navigate, NavLink, Outlet, useLocation } from 'react-router';
import { Avatar } from '../../components/avatar/avatar.tsx';
import { MenuIcon } from '../../components/icons/icons.tsx';
import { Logo } from '../../components/logo/logo.tsx';
import { UnreadBadge } from '../../features/chat/components/unread-badge.tsx';
import { ChatConnectionProvider } from '../../features/chat/hooks/chat-connection.tsx';
import { NotificationBell } from '../../features/notifications/components/notification-bell.tsx';
import { onDemand, preloadOn, useOpenedOnce } from '../../lib/on-demand.ts';
import { paths } from '../../lib/paths.ts';
import { type SessionUser, useRequiredUser } from '../../lib/session.tsx';
import styles from './dashboard-layout.module.css';
import shell from './shell.module.css';

// the phone menu's dialog (Radix Dialog) loads when the hamburger is about to be used (ADR 0008)
const menuCode = onDemand(() => import('./dashboard-menu.tsx'));
const DashboardMenu = lazy(() => menuCode.load().then((module) => ({ default: module.DashboardMenu })));

// a lawyer's missing colegiación (its sheet's schema) loads apart, so no first screen waits for zod (ADR 0021)
const ColegiacionBanner = lazy(() =>
  import('../../features/lawyers/components/colegiacion-banner.tsx').then((module) => ({
    default: module.ColegiacionBanner,
  })),
);

// asked of the few whose address is not confirmed yet (docs/domain.md, Mail verification)
const VerifyMailBanner = lazy(() =>
  import('../../features/auth/components/verify-mail-banner.tsx').then((module) => ({
    default: module.VerifyMailBanner,
  })),
);

type NavItem = { to: string; label: string; onlyFor?: SessionUser['role'] };

/** docs/product.md, Dashboard: Inicio, Mis casos, Chat privado, (+) Mis consultas, Iniciar un caso for clients only, and (+) Cobros for lawyers. */
const NAV_ITEMS: readonly NavItem[] = [
  { to: paths.home, label: es.nav.home },
  { to: paths.cases, label: es.nav.myCases },
  { to: paths.chat, label: es.nav.privateChat },
  { to: paths.consultations, label: consultationsWebEs.nav },
  { to: paths.beginCase, label: es.nav.startCase, onlyFor: ROLE.USUARIO },
  { to: paths.payouts, label: moneyWebEs.payouts.nav, onlyFor: ROLE.ABOGADO },
];

/** docs/product.md, Dashboard: pages that are a destination of their own show no nav bar. */
const PATHS_WITHOUT_NAV: readonly string[] = [
  paths.profile,
  paths.billing,
  paths.caseInfo,
  paths.payoutSandbox,
];

export function DashboardLayout() {
  const user = useRequiredUser();
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuMounted = useOpenedOnce(menuOpen);
  const menuButton = useRef<HTMLButtonElement>(null);
  // closed for the rest of the visit: the next one asks again while the address is not confirmed
  const [verifyBannerClosed, setVerifyBannerClosed] = useState(false);
  if (!user) return null;
  // the directory, the board and the chat have nothing for an administrator (who never reads private
  // chats, docs/product.md, Roles): their dashboard is the console
  // a case's page is the exception: the console's Pagos links each case there (read only for them)
  if (
    user.role === ROLE.ADMIN &&
    (pathname === paths.dashboard || pathname.startsWith(`${paths.dashboard}/`)) &&
    !pathname.startsWith(`${paths.cases}/`)
  ) {
    return <Navigate to={paths.admin} replace />;
  }

  const items = NAV_ITEMS.filter((item) => !item.onlyFor || item.onlyFor === user.role);
  // docs/product.md, Dashboard: no nav on the case-info screen, which also lives at its real URL /dashboard/casos/{id}
  // an administrator here (the payment test page) has no use for the clients' and lawyers' nav
  const showNav =
    user.role !== ROLE.ADMIN &&
    !PATHS_WITHOUT_NAV.some((path) => pathname === path || pathname.startsWith(`${path}/`)) &&
    !pathname.startsWith(`${paths.cases}/`);
  const navLinks = (links: readonly NavItem[], onNavigate?: () => void) =>
    links.map((item) => (
      <li key={item.to}>
        <NavLink
          to={item.to}
          className={({ isActive }) => `${styles.navLink} ${isActive ? styles.active : ''}`}
          onClick={onNavigate}
        >
          {item.label}
          {item.to === paths.chat ? <UnreadBadge user={user} /> : null}
        </NavLink>
      </li>
    ));

  return (
    // one chat connection for the whole dashboard keeps the unread badge live (docs/product.md, Dashboard)
    <ChatConnectionProvider user={user}>
      <a className={shell.skip} href="#contenido">
        {es.common.skipToContent}
      </a>
      <header className={styles.header}>
        <div className={shell.bar}>
          {showNav ? (
            <MenuButton open={menuOpen} mounted={menuMounted} onOpenChange={setMenuOpen} opener={menuButton}>
              {navLinks([...items, { to: paths.profile, label: es.nav.profile }], () => setMenuOpen(false))}
            </MenuButton>
          ) : null}
          <Link to={paths.home} className={shell.brand} aria-label={`L4L, ${es.nav.home}`}>
            <Logo tone="light" />
          </Link>
          <Account user={user} />
        </div>
        {showNav ? (
          <nav className={styles.nav} aria-label={es.nav.mainNav}>
            <ul className={styles.navList}>{navLinks(items)}</ul>
          </nav>
        ) : null}
      </header>
      <main id="contenido" className={styles.main} tabIndex={-1}>
        {!user.emailVerified && !verifyBannerClosed ? (
          <Suspense fallback={null}>
            <VerifyMailBanner user={user} onDismiss={() => setVerifyBannerClosed(true)} />
          </Suspense>
        ) : null}
        {user.role === ROLE.ABOGADO && pathname !== paths.profile ? (
          <Suspense fallback={null}>
            <ColegiacionBanner user={user} />
          </Suspense>
        ) : null}
        <Outlet />
      </main>
    </ChatConnectionProvider>
  );
}

/**
 * The hamburger of narrow screens and the menu it opens; the menu is mounted once first opened (`mounted`),
 * and its dialog gives the focus back to the hamburger (`opener`) when it closes.
 */
function MenuButton({
  open,
  mounted,
  onOpenChange,
  opener,
  children,
}: {
  open: boolean;
  mounted: boolean;
  onOpenChange: (open: boolean) => void;
  opener: RefObject<HTMLButtonElement | null>;
  /** The menu's list items. */
  children: ReactNode;
}) {
  return (
    <>
      <button
        ref={opener}
        type="button"
        className={styles.menuButton}
        aria-label={es.buttons.menu}
        aria-haspopup="dialog"
        aria-expanded={open}
        {...preloadOn(menuCode.load)}
        onClick={() => onOpenChange(true)}
      >
        <MenuIcon size={24} />
      </button>
      {mounted ? (
        <Suspense fallback={null}>
          <DashboardMenu open={open} onOpenChange={onOpenChange} opener={opener}>
            {children}
          </DashboardMenu>
        </Suspense>
      ) : null}
    </>
  );
}

/** The header's right side: the notifications' bell and the person's name and photo, a link to their profile. */
function Account({ user }: { user: SessionUser }) {
  return (
    <div className={styles.account}>
      <NotificationBell user={user} to={paths.notifications} />
      <Link
        to={paths.profile}
        className={styles.profileLink}
        aria-label={es.nav.profileOf(`${user.name} ${user.surname}`)}
      >
        <span className={styles.userName}>
          {user.name} {user.surname}
        </span>
        <Avatar photoUrl={user.photoUrl} name={user.name} surname={user.surname} size={40} />
      </Link>
    </div>
  );
}
