import { LANDING_PAGE_PATHS } from '@l4l/shared/constants/pages';
import { type ComponentType, useSyncExternalStore } from 'react';
import { CookieBanner } from '../../features/legal/components/cookie-banner.tsx';
import {
  createDocumentNavigation,
  loadPage,
  type NavigateOptions,
  NavigationProvider,
} from '../../lib/navigation.tsx';
import { PublicFrame } from '../layouts/public-frame.tsx';
import { AppProviders } from '../providers.tsx';
import { LandingRoute } from '../routes/landing-route.tsx';

/** The SPA once the visitor leaves the landing page (null until then); its router loads only then. */
let spa: ComponentType | null = null;
const spaListeners = new Set<() => void>();

function subscribeToSpa(listener: () => void) {
  spaListeners.add(listener);
  return () => spaListeners.delete(listener);
}

/**
 * Any other path is the SPA's: it starts in this same document, with the session and the query cache as
 * they are. A page load instead would drop a session kept without consent (ADR 0003). If the SPA's code
 * cannot load, the page load is still better than nothing.
 */
function leaveToSpa(url: URL, { replace = false }: NavigateOptions) {
  import('./spa-in-place.tsx').then(
    ({ SpaInPlace }) => {
      if (replace) window.history.replaceState(null, '', url);
      else window.history.pushState(null, '', url);
      spa = SpaInPlace;
      for (const listener of spaListeners) listener();
    },
    () => loadPage(url, { replace }),
  );
}

const navigation = createDocumentNavigation(LANDING_PAGE_PATHS, leaveToSpa);

/**
 * The landing page as a hard load of '/', '/login' or '/registro' shows it: the SPA's same screen, frame
 * and cookie banner, without React Router (ADR 0008). Opening and closing a modal changes the
 * path with the history API; going anywhere else starts the SPA in place.
 */
export function LandingApp() {
  // rendered at build time (landing-prerender.tsx) and hydrated: the landing page until the visitor leaves
  const Spa = useSyncExternalStore(
    subscribeToSpa,
    () => spa,
    () => null,
  );
  return (
    <AppProviders>
      {Spa ? (
        <Spa />
      ) : (
        <NavigationProvider value={navigation}>
          <PublicFrame>
            <LandingRoute />
          </PublicFrame>
          <CookieBanner />
        </NavigationProvider>
      )}
    </AppProviders>
  );
}
