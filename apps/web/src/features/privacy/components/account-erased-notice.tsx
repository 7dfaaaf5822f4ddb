import { es } from '@l4l/shared/texts/es/profile';
import styles from './your-data.module.css';

const t = es.privacy;

/**
 * What the login says to a person whose account was just erased (docs/domain.md, Privacy rights): that it is
 * gone, and what is kept and why (the invoices by law, the chats for the other party).
 */
export function AccountErasedNotice() {
  return (
    <section className={styles.erasedNotice} role="status" aria-labelledby="account-erased-title">
      <h2 id="account-erased-title" className={styles.erasedTitle}>
        {t.erasedTitle}
      </h2>
      <p>{t.erasedText}</p>
      <p>{t.erasedKeptLead}</p>
      <ul>
        {t.kept.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </section>
  );
}
