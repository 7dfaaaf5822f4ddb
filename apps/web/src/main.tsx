import './styles/global.css';
// zod without eval for every screen of the SPA, before any of them parses (lib/zod-config.ts)
import './lib/zod-config.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/providers.tsx';
import { createAppRouter } from './app/router.tsx';
import { paths } from './lib/paths.ts';

const router = createAppRouter();
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <AppProviders onSignedOut={() => void router.navigate(paths.landing, { replace: true })}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
