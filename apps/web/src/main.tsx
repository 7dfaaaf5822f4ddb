import './styles/global.css';
// zod without eval for every screen of the SPA, before any of them parses (lib/zod-config.ts)
import './lib/zod-config.ts';
import { startSpa } from './app/start-spa.tsx';

void startSpa();
