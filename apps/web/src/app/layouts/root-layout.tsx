import { Outlet, ScrollRestoration } from 'react-router';
import { CookieBanner } from '../../features/legal/components/cookie-banner.tsx';

/** What every page has: the cookie banner until a choice is made (spec §2) and scroll restoration. */
export function RootLayout() {
  return (
    <>
      <Outlet />
      <CookieBanner />
      <ScrollRestoration />
    </>
  );
}
