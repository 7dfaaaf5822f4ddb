import { ROLE } from '@l4l/shared/constants/roles';
import { es } from '@l4l/shared/texts/es/admin';
import { moneyWebEs } from '@l4l/shared/texts/money-web';
import { Link, Navigate, NavLink, Outlet } from 'react-router';
import { Button } from '../../components/button/button.tsx';
import { Logo } from '../../components/logo/logo.tsx';
import { paths } from '../../lib/paths.ts';
import { useRequiredUser, useSession } from '../../lib/session.tsx';
import styles from './admin-layout.module.css';
import shell from './shell.module.css';

const SECTIONS = [
  { to: paths.admin, label: es.admin.sections.overview, end: true },
  { to: paths.adminLawyers, label: es.admin.sections.lawyers, end: false },
  { to: paths.adminUsers, label: es.admin.sections.users, end: false },
  { to: paths.adminCases, label: es.admin.sections.cases, end: false },
  { to: paths.adminPayments, label: moneyWebEs.admin.section, end: false },
  { to: paths.adminRatings, label: es.admin.sections.ratings, end: false },
  { to: paths.adminAudit, label: es.admin.sections.audit, end: false },
] as const;

/**
 * The administration console's frame (role ADMIN only; anyone else signed in goes to their dashboard):
 * the product's header, the console's sections as tabs, and the section below.
 */
export function AdminLayout() {
  const user = useRequiredUser();
  const { signOut } = useSession();
  if (!user) return null;
  if (user.role !== ROLE.ADMIN) return <Navigate to={paths.home} replace />;
  return (
    <>
      <a className={shell.skip} href="#contenido">
        {es.common.skipToContent}
      </a>
      <header className={styles.header}>
        <div className={shell.bar}>
          <Link to={paths.admin} className={shell.brand} aria-label={es.admin.consoleBrand}>
            <Logo tone="light" />
          </Link>
          <span className={styles.consoleName}>{es.admin.consoleTitle}</span>
          <span className={styles.userName}>
            {user.name} {user.surname}
          </span>
          <Button variant="ghost" size="sm" className={styles.signOut} onClick={() => void signOut()}>
            {es.buttons.logout}
          </Button>
        </div>
        <nav className={styles.nav} aria-label={es.admin.consoleNav}>
          <ul className={styles.navList}>
            {SECTIONS.map((section) => (
              <li key={section.to}>
                <NavLink
                  to={section.to}
                  end={section.end}
                  className={({ isActive }) => `${styles.navLink} ${isActive ? styles.active : ''}`}
                >
                  {section.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <main id="contenido" className={styles.main} tabIndex={-1}>
        <Outlet />
      </main>
    </>
  );
}
