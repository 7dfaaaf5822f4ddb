import './styles/global.css';
import { startHome } from './home-spa.ts';

// home.html's script: the SPA with the home screen in its first download (home-spa.ts, ADR 0021)
void startHome();
