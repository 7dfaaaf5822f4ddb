import './styles/global.css';
import { holdEarlyClicks } from './lib/early-clicks.ts';
import { whenPainted } from './lib/first-paint.ts';

/**
 * landing.html's script (ADR 0022). The built page is already in the HTML (landing-prerender.tsx) and
 * paints with its stylesheet alone; the code that makes it work, React and the landing's components, is
 * fetched once that first contentful paint is on screen, so on a slow network it does not compete with the
 * stylesheet for it. landing-main.tsx then hydrates the page; a button clicked before that is clicked
 * again once it can answer (React hydrates at once what a click reaches). The dev server's page is empty:
 * its code loads at once.
 */
const prerendered = document.getElementById('root')?.firstElementChild;
const release = holdEarlyClicks();
void (prerendered ? whenPainted() : Promise.resolve())
  .then(() => import('./landing-main.tsx'))
  .finally(release);
