import './styles/global.css';
// zod without eval for every screen of the SPA, before any of them parses (lib/zod-config.ts)
import './lib/zod-config.ts';
// home.html: a hard load of the dashboard home (apps/server/src/plugins/web.ts). The same SPA as main.tsx;
// importing the dashboard layout and the home screen here puts them, and what they import, in this page's
// first download beside the entry, instead of after the router has started (ADR 0021).
import './app/layouts/dashboard-layout.tsx';
import './app/routes/home-route.tsx';
import { startSpa } from './app/start-spa.tsx';

startSpa();
