import { categoryName, FEATURED_CATEGORIES } from '@l4l/shared/constants/categories';
import { es } from '@l4l/shared/texts/es/landing';
import { Button } from '../../../components/button/button.tsx';
import { Logo } from '../../../components/logo/logo.tsx';
import { AppLink } from '../../../lib/navigation.tsx';
import { paths } from '../../../lib/paths.ts';
import type { IntentHandlers } from './landing-page.tsx';
import styles from './site-footer.module.css';

/** docs/product.md, Landing page (the footer): the lawyer call to action, the site's links, the legal pages and the current year. */
export function SiteFooter({
  onRegister,
  registerIntent,
}: {
  onRegister: () => void;
  registerIntent?: IntentHandlers;
}) {
  const year = new Date().getFullYear();
  return (
    <footer className={styles.footer}>
      <div className={styles.cta}>
        <div className={styles.inner}>
          <p className={styles.ctaText}>{es.brand.lawyerCta}</p>
          <Button variant="accent" size="lg" onClick={onRegister} {...registerIntent}>
            {es.landing.lawyerCtaButton}
          </Button>
        </div>
      </div>
      <div className={`${styles.inner} ${styles.columns}`}>
        <div className={styles.brandColumn}>
          <Logo tone="light" />
          <p className={styles.brandText}>{es.brand.slogan}</p>
        </div>
        <nav aria-labelledby="footer-company">
          <h2 id="footer-company" className={styles.heading}>
            {es.footer.company}
          </h2>
          <ul className={styles.links}>
            <li>
              <AppLink to={{ pathname: paths.landing, hash: '#como-funciona' }}>{es.footer.about}</AppLink>
            </li>
            <li>
              <a href={`mailto:${es.footer.pressMail}`}>{es.footer.press}</a>
            </li>
            <li>
              <a href={`mailto:${es.footer.supportMail}`}>{es.footer.contact}</a>
            </li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-categories">
          <h2 id="footer-categories" className={styles.heading}>
            {es.footer.categories}
          </h2>
          <ul className={styles.links}>
            {FEATURED_CATEGORIES.map((category) => (
              <li key={category}>
                <AppLink to={{ pathname: paths.landing, hash: '#especialidades' }}>
                  {categoryName(category)}
                </AppLink>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-legal" className={styles.legalColumn}>
          <h2 id="footer-legal" className={styles.heading}>
            {es.footer.legal}
          </h2>
          <ul className={styles.links}>
            <li>
              <AppLink to={paths.privacy}>{es.footer.privacy}</AppLink>
            </li>
            <li>
              <AppLink to={{ pathname: paths.legalNotice, hash: '#condiciones' }}>{es.footer.terms}</AppLink>
            </li>
            <li>
              <AppLink to={paths.cookies}>{es.footer.cookies}</AppLink>
            </li>
            <li>
              <AppLink to={paths.legalNotice}>{es.footer.legalNotice}</AppLink>
            </li>
          </ul>
        </nav>
      </div>
      <div className={styles.bottom}>
        <p className={styles.inner}>
          {es.footer.copyright(year)} {es.brand.rights}
        </p>
      </div>
    </footer>
  );
}
