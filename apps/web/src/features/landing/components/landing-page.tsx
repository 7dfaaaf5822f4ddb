import { CATEGORIES, categoryName, FEATURED_CATEGORIES } from '@l4l/shared/constants/categories';
import { es } from '@l4l/shared/texts/es/landing';
import type { ComponentProps } from 'react';
import { Button } from '../../../components/button/button.tsx';
import styles from './landing-page.module.css';

/** What a way in does when a visitor is about to use it (the app starts loading the modal's code). */
export type IntentHandlers = Pick<ComponentProps<'button'>, 'onPointerEnter' | 'onFocus' | 'onTouchStart'>;

type LandingPageProps = {
  onLogin: () => void;
  onRegister: () => void;
  loginIntent?: IntentHandlers;
  registerIntent?: IntentHandlers;
};

const STEP_ICONS = [
  'M5 4h10l4 4v12H5zM9 12h6M9 16h6M14 4v5h5',
  'M12 3l8 4v5c0 5-3.4 8-8 9-4.6-1-8-4-8-9V7zM9 12l2 2 4-4',
  'M3 7h18v10H3zM3 10h18M7 14h3',
  'M4 5h16v11H8l-4 4zM8 9h8M8 12h5',
];

/** docs/product.md, Landing page: the public face of L4L. Explains the service; every action leads to an account. */
export function LandingPage({ onLogin, onRegister, loginIntent, registerIntent }: LandingPageProps) {
  return (
    <>
      <section className={styles.hero} aria-labelledby="hero-title">
        <div className={styles.heroInner}>
          <div className={styles.heroText}>
            <p className={styles.eyebrow}>{es.landing.eyebrow}</p>
            <h1 id="hero-title" className={styles.heroTitle}>
              {es.brand.slogan}
            </h1>
            <p className={styles.heroLead}>{es.brand.sloganLead}</p>
            <div className={styles.heroActions}>
              <Button variant="accent" size="lg" onClick={onRegister} {...registerIntent}>
                {es.buttons.register}
              </Button>
              <Button
                variant="secondary"
                size="lg"
                className={styles.heroSecondary}
                onClick={onLogin}
                {...loginIntent}
              >
                {es.buttons.login}
              </Button>
            </div>
          </div>
          <ul className={styles.trust} aria-label={es.landing.trustLabel}>
            {es.landing.trust.map((item) => (
              <li key={item.title} className={styles.trustItem}>
                <CheckIcon />
                <div>
                  <p className={styles.trustTitle}>{item.title}</p>
                  <p className={styles.trustText}>{item.text}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section id="como-funciona" className={styles.section} aria-labelledby="how-title">
        <div className={styles.sectionHead}>
          <h2 id="how-title" className={styles.sectionTitle}>
            {es.landing.howTitle}
          </h2>
          <p className={styles.sectionLead}>{es.landing.howLead}</p>
        </div>
        <ol className={styles.steps}>
          {es.landing.steps.map((step, index) => (
            <li key={step.title} className={styles.step}>
              <div className={styles.stepTop}>
                <span className={styles.stepNumber} aria-hidden="true">
                  {index + 1}
                </span>
                <svg viewBox="0 0 24 24" className={styles.stepIcon} aria-hidden="true">
                  <path d={STEP_ICONS[index]} />
                </svg>
              </div>
              <h3 className={styles.stepTitle}>{step.title}</h3>
              <p className={styles.stepText}>{step.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section id="especialidades" className={styles.sectionAlt} aria-labelledby="categories-title">
        <div className={styles.section}>
          <div className={styles.sectionHead}>
            <h2 id="categories-title" className={styles.sectionTitle}>
              {es.landing.categoriesTitle}
            </h2>
            <p className={styles.sectionLead}>{es.landing.categoriesLead(CATEGORIES.length)}</p>
          </div>
          <ul className={styles.categories}>
            {FEATURED_CATEGORIES.map((category) => (
              <li key={category} className={styles.category}>
                <h3 className={styles.categoryName}>{categoryName(category)}</h3>
                <p className={styles.categoryText}>{es.landing.categoryBlurbs[category]}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className={styles.section} aria-labelledby="approval-title">
        <div className={styles.approval}>
          <svg viewBox="0 0 24 24" className={styles.approvalIcon} aria-hidden="true">
            <circle cx="12" cy="12" r="9" />
            <path d="M12 7v5l3 2" />
          </svg>
          <div>
            <h2 id="approval-title" className={styles.approvalTitle}>
              {es.landing.approvalTitle}
            </h2>
            <p className={styles.approvalText}>{es.landing.approvalText}</p>
          </div>
        </div>
      </section>
    </>
  );
}

function CheckIcon() {
  return (
    <svg viewBox="0 0 24 24" className={styles.check} aria-hidden="true">
      <circle cx="12" cy="12" r="11" />
      <path d="M7 12.5l3 3 7-7" />
    </svg>
  );
}
