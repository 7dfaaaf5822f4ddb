import { COOKIE_CONSENT_KEY } from './limits.ts';

/**
 * docs/product.md, Legal pages and cookie banner: set on <html> before the first paint when the visitor has
 * already chosen, so the banner that landing.html carries pre-rendered is hidden by CSS from the start
 * instead of flashing until the code runs.
 */
export const COOKIE_CHOICE_ATTRIBUTE = 'data-cookie-choice';

/**
 * The inline script in landing.html's <head>, byte for byte (a test compares them): the server allows it
 * by its hash in the Content-Security-Policy (plugins/security.ts), so no other inline script runs.
 */
export const COOKIE_CHOICE_SCRIPT = `(()=>{try{const c=localStorage.getItem('${COOKIE_CONSENT_KEY}');if(c==='true'||c==='false')document.documentElement.setAttribute('${COOKIE_CHOICE_ATTRIBUTE}',c)}catch{}})()`;
