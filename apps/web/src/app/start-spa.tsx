import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { paths } from '../lib/paths.ts';
import { AppProviders } from './providers.tsx';
import { createAppRouter } from './router.tsx';

/** The SPA in the page's #root: index.html's entry (main.tsx) and home.html's (home-main.tsx). */
export function startSpa() {
  const router = createAppRouter();
  const root = document.getElementById('root');
  if (!root) throw new Error('the page has no #root element');
  const reactRoot = createRoot(root);
  // the first render as a transition: React renders it in slices and lets the browser breathe between
  // them, instead of one long task while a phone is still busy starting the page (ADR 0008)
  startTransition(() =>
    reactRoot.render(
      <StrictMode>
        <AppProviders onSignedOut={(to) => void router.navigate(to ?? paths.landing, { replace: true })}>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    ),
  );
}
