import './styles/global.css';

/**
 * landing.html's script (ADR 0008). The page is already in the HTML (rendered when the app is built,
 * landing-prerender.tsx) and paints with its stylesheet alone; the code that makes it work, React and the
 * landing's components, is fetched once that first paint is on screen, so on a slow network it does not
 * compete with the stylesheet for it. landing-main.tsx then hydrates the page.
 */
requestAnimationFrame(() => setTimeout(() => void import('./landing-main.tsx'), 0));
