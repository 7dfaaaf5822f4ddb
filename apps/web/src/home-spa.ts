// zod without eval for every screen of the SPA, before any of them parses (lib/zod-config.ts)
import './lib/zod-config.ts';
// a hard load of the dashboard home (apps/server/src/plugins/web.ts): the same SPA as main.tsx, with the
// dashboard layout and the home screen imported here so that they, and what they import, come in the page's
// first download beside the entry instead of after the router has started (ADR 0021)
import './app/layouts/dashboard-layout.tsx';
import './app/routes/home-route.tsx';

export { startSpa as startHome } from './app/start-spa.tsx';
