import { es } from '@l4l/shared/texts/es/public';
import { useLayoutEffect, useRef } from 'react';
import { Button } from '../../../components/button/button.tsx';
import { ABOVE_DIALOGS_ATTRIBUTE } from '../../../components/modal/above-dialogs.ts';
import { useCookieConsent, writeCookieConsent } from '../../../lib/cookie-consent.ts';
import { AppLink } from '../../../lib/navigation.tsx';
import { paths } from '../../../lib/paths.ts';
import styles from './cookie-banner.module.css';

/**
 * docs/product.md, Legal pages and cookie banner: on every page until the visitor chooses. Accepting and rejecting weigh the same (AEPD's cookie
 * guide: rejecting must be as easy as accepting). It sits above any dialog and stays clickable while one is open
 * (components/modal lets clicks on it through). The choice is 'true' or 'false' under cookieConsent.
 */
export function CookieBanner() {
  const consent = useCookieConsent();
  if (consent !== null) return null;
  return <Banner />;
}

/**
 * The custom property on <html> that says how much of the viewport's bottom the banner covers; the dialogs
 * (components/modal) keep clear of it, so a sign-in sheet's button is never under the banner.
 */
export const COOKIE_BANNER_SPACE = '--cookie-banner-space';

function Banner() {
  const banner = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    const element = banner.current;
    if (!element) return;
    const root = document.documentElement;
    const measure = () => {
      const covered = Math.max(0, window.innerHeight - element.getBoundingClientRect().top);
      root.style.setProperty(COOKIE_BANNER_SPACE, `${Math.ceil(covered)}px`);
    };
    measure();
    const resized = new ResizeObserver(measure);
    resized.observe(element);
    window.addEventListener('resize', measure);
    return () => {
      resized.disconnect();
      window.removeEventListener('resize', measure);
      root.style.removeProperty(COOKIE_BANNER_SPACE);
    };
  }, []);
  return (
    <section
      ref={banner}
      className={styles.banner}
      aria-label={es.cookies.label}
      // a dialog hides the rest of the page from assistive technology, but not a live region: the banner
      // stays readable and usable above a dialog, as it stays clickable
      aria-live="polite"
      {...{ [ABOVE_DIALOGS_ATTRIBUTE]: '' }}
    >
      <p className={styles.text}>
        {es.cookies.text}{' '}
        <AppLink to={paths.cookies} className={styles.more}>
          {es.cookies.moreInfo}
        </AppLink>
      </p>
      <div className={styles.actions}>
        <Button onClick={() => writeCookieConsent(false)}>{es.cookies.reject}</Button>
        <Button onClick={() => writeCookieConsent(true)}>{es.cookies.accept}</Button>
      </div>
    </section>
  );
}
