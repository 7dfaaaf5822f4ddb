import { es } from '@l4l/shared/texts/es/legal';
import { Button } from '../../../components/button/button.tsx';
import { clearCookieConsent, useCookieConsent } from '../../../lib/cookie-consent.ts';
import styles from './cookie-choice.module.css';

/** The cookie policy's own control: what was chosen, and a way to choose again (withdrawing consent). */
export function CookieChoice() {
  const consent = useCookieConsent();
  const current =
    consent === 'true'
      ? es.legal.cookieChoiceAccepted
      : consent === 'false'
        ? es.legal.cookieChoiceRejected
        : es.legal.cookieChoiceNone;
  return (
    <div className={styles.choice}>
      <div>
        <p className={styles.title}>{es.legal.cookieChoiceTitle}</p>
        <p role="status">{current}</p>
      </div>
      {consent !== null ? (
        <Button variant="secondary" onClick={clearCookieConsent}>
          {es.legal.cookieChoiceReset}
        </Button>
      ) : null}
    </div>
  );
}
