import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { hasPersistentConsent } from '../lib/cookie-consent.ts';
import { paths } from '../lib/paths.ts';
import { fetchMe, type SessionUser } from '../lib/session.tsx';
import { AppProviders } from './providers.tsx';
import { createAppRouter } from './router.tsx';

type AppRouter = ReturnType<typeof createAppRouter>;

/** Settles once the router has loaded the first screen's code (its lazy routes). */
function routerReady(router: AppRouter): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

/**
 * A page that came with its first screen already in its HTML (home-client.html, docs/decisions/0037)
 * keeps it on screen until React can show that screen live: the session known and the route's code loaded,
 * so React's first render is the screen itself, never a spinner in between. The person's account, when
 * the session can be restored (cookies accepted, ADR 0003) and is still good.
 */
async function beforeTakingOver(router: AppRouter): Promise<SessionUser | undefined> {
  const [user] = await Promise.all([
    hasPersistentConsent() ? fetchMe().catch(() => undefined) : undefined,
    routerReady(router),
  ]);
  return user;
}

/** The SPA in the page's #root: index.html's entry (main.tsx) and home.html's (home-main.tsx). */
export async function startSpa() {
  const router = createAppRouter();
  const root = document.getElementById('root');
  if (!root) throw new Error('the page has no #root element');
  const user = root.firstElementChild ? await beforeTakingOver(router) : undefined;
  // React's first commit replaces whatever the page's HTML held
  const reactRoot = createRoot(root);
  // the first render as a transition: React renders it in slices and lets the browser breathe between
  // them, instead of one long task while a phone is still busy starting the page (ADR 0008)
  startTransition(() =>
    reactRoot.render(
      <StrictMode>
        <AppProviders
          user={user}
          onSignedOut={(to) => void router.navigate(to ?? paths.landing, { replace: true })}
        >
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    ),
  );
}
