import './styles/global.css';
import { whenPainted } from './lib/first-paint.ts';

/**
 * home-client.html's script (docs/decisions/0037). The server writes the signed-in client's home into the
 * page, so it paints from its HTML and its stylesheet alone; the SPA (home-spa.ts) is fetched once that
 * first paint is on screen, so on a slow network it does not compete with the stylesheet for it. Until
 * React replaces it, the painted home is inert: a tap or a key does nothing rather than land on a field
 * about to be replaced. Without the written home (the dev server's page) the SPA loads at once.
 */
const prerendered = document.getElementById('root')?.firstElementChild;
void (prerendered ? whenPainted() : Promise.resolve())
  .then(() => import('./home-spa.ts'))
  .then(({ startHome }) => startHome());
