import { COOKIE_CONSENT_KEY } from '@l4l/shared/constants/limits';
import type { BaseUser } from '@l4l/shared/schemas/auth';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider, useLocation } from 'react-router';
import { AppProviders } from '../app/providers.tsx';
import { NavigationProvider } from '../lib/navigation.tsx';
import { routerNavigation } from '../lib/router-navigation.tsx';

export const CLIENT: BaseUser = {
  id: '6d1f3c1e-2b6f-4a57-9d1c-6a1c2e9b7f10',
  username: 'AnaMartínRuiz',
  role: 'USUARIO',
  mail: 'ana@example.com',
  name: 'Ana',
  surname: 'Martín Ruiz',
  phoneNumber: '612345678',
  photoUrl: null,
  emailVerified: true,
};

/** Shows where the router is, so a test can assert a redirect. */
export function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

type Options = { path?: string; at?: string; routes?: RouteObject[]; consent?: 'true' | 'false' };

/**
 * Renders `ui` at `path` inside the real providers (query client, session, toasts) and a memory router;
 * `routes` adds other screens (e.g. '/login') so redirects land somewhere visible.
 */
export function renderWithApp(ui: ReactNode, { path = '/', at = path, routes = [], consent }: Options = {}) {
  if (consent) window.localStorage.setItem(COOKIE_CONSENT_KEY, consent);
  const router = createMemoryRouter(
    [{ path, element: ui }, ...routes, { path: '*', element: <LocationProbe /> }],
    { initialEntries: [at] },
  );
  return {
    router,
    ...render(
      <AppProviders onSignedOut={(to) => void router.navigate(to ?? '/')}>
        <NavigationProvider value={routerNavigation}>
          <RouterProvider router={router} />
        </NavigationProvider>
      </AppProviders>,
    ),
  };
}
