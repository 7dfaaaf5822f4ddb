import { PERSON_MARKS } from '@l4l/shared/constants/pages';
import { ROLE } from '@l4l/shared/constants/roles';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router';
import { DashboardLayout } from './app/layouts/dashboard-layout.tsx';
import { AppProviders } from './app/providers.tsx';
import { HomeRoute } from './app/routes/home-route.tsx';
import { NavigationProvider } from './lib/navigation.tsx';
import { paths } from './lib/paths.ts';
import { routerNavigation } from './lib/router-navigation.tsx';
import type { SessionUser } from './lib/session.tsx';

/**
 * Whom the built page shows: a client with a confirmed mail and no photo, named by PERSON_MARKS, which the
 * server replaces with the signed-in client's name (apps/server/src/plugins/client-home.ts). Nothing else of
 * theirs reaches the page: the lists and counts are still loading in it.
 */
const MARKED_CLIENT: SessionUser = {
  id: '00000000-0000-0000-0000-000000000000',
  username: '',
  role: ROLE.USUARIO,
  mail: '',
  name: PERSON_MARKS.name,
  surname: PERSON_MARKS.surname,
  phoneNumber: '',
  photoUrl: null,
  emailVerified: true,
};

/**
 * home-client.html's content (docs/decisions/0037): the dashboard home as a client's hard load of
 * '/dashboard/inicio' shows it before its data arrives, rendered when the app is built (build/prerender.ts).
 * The same components as the SPA's, in the same order, so the page React then renders lands where this one
 * painted.
 */
export function renderClientHome(): string {
  return renderToString(
    <StrictMode>
      <AppProviders user={MARKED_CLIENT}>
        <MemoryRouter initialEntries={[paths.home]}>
          <NavigationProvider value={routerNavigation}>
            <Routes>
              <Route element={<DashboardLayout />}>
                <Route path={paths.home} element={<HomeRoute />} />
              </Route>
            </Routes>
          </NavigationProvider>
        </MemoryRouter>
      </AppProviders>
    </StrictMode>,
  );
}
