import { CookieBanner } from '../../features/legal/components/cookie-banner.tsx';
import { createDocumentNavigation, NavigationProvider } from '../../lib/navigation.tsx';
import { paths } from '../../lib/paths.ts';
import { PublicFrame } from '../layouts/public-frame.tsx';
import { AppProviders } from '../providers.tsx';
import { LandingRoute } from '../routes/landing-route.tsx';

/** The three paths landing.html answers (apps/server/src/plugins/web.ts): the path only picks the modal. */
export const LANDING_PATHS = [paths.landing, paths.login, paths.register] as const;

const navigation = createDocumentNavigation(LANDING_PATHS);

/**
 * The landing page as a hard load of '/', '/login' or '/registro' shows it: the SPA's same screen, frame
 * and cookie banner, without React Router (issue #9, ADR 0008). Opening and closing a modal changes the
 * path with the history API; any other link or navigation loads that page, which is the SPA's.
 */
export function LandingApp() {
  return (
    <NavigationProvider value={navigation}>
      <AppProviders>
        <PublicFrame>
          <LandingRoute />
        </PublicFrame>
        <CookieBanner />
      </AppProviders>
    </NavigationProvider>
  );
}
