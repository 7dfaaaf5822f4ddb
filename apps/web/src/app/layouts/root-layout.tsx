import { Outlet, ScrollRestoration } from 'react-router';
import { CookieBanner } from '../../features/legal/components/cookie-banner.tsx';
import { NavigationProvider } from '../../lib/navigation.tsx';
import { routerNavigation } from '../../lib/router-navigation.tsx';

/**
 * What every page has: the cookie banner until a choice is made (docs/product.md, Legal pages and cookie banner) and scroll restoration. The
 * components shared with the landing page's own entry navigate through the router (lib/navigation.tsx).
 */
export function RootLayout() {
  return (
    <NavigationProvider value={routerNavigation}>
      <Outlet />
      <CookieBanner />
      <ScrollRestoration />
    </NavigationProvider>
  );
}
