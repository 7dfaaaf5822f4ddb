import './styles/global.css';
import { whenPainted } from './lib/first-paint.ts';

/**
 * landing.html's script (ADR 0008). The built page is already in the HTML (landing-prerender.tsx) and
 * paints with its stylesheet alone; the code that makes it work, React and the landing's components, is
 * fetched once that first contentful paint is on screen, so on a slow network it does not compete with the
 * stylesheet for it. landing-main.tsx then hydrates the page. The dev server's page is empty: at once.
 */
const prerendered = document.getElementById('root')?.firstElementChild;
void (prerendered ? whenPainted() : Promise.resolve()).then(() => import('./landing-main.tsx'));
