import { categoryBadge } from '@l4l/shared/constants/categories';
import { firstConsultationOf } from '@l4l/shared/format';
import type { LawyerListItem } from '@l4l/shared/schemas/lawyers';
import { es } from '@l4l/shared/texts/es/signed-in';
import { memo } from 'react';
import { Avatar } from '../../../components/avatar/avatar.tsx';
import { ButtonLink } from '../../../components/button/button.tsx';
import { MapPinIcon } from '../../../components/icons/icons.tsx';
import { formatAmount } from '../../../lib/format.ts';
import { lawyerProfilePath } from '../lib/lawyer-paths.ts';
import styles from './lawyer-card.module.css';
import { RatingSummary } from './rating-summary.tsx';

const NO_CATEGORIES: readonly string[] = [];

/** Every category of a lawyer, those the directory is filtered by first (in the lawyer's order). */
export function categoriesFirstMatching(categories: readonly string[], matching: readonly string[]) {
  const marked = categories.map((name) => ({ name, matches: matching.includes(name) }));
  return [...marked.filter((c) => c.matches), ...marked.filter((c) => !c.matches)];
}

/** The cards whose photos load at once: what a screen shows before any scrolling. */
const EAGER_PHOTOS = 3;

/**
 * docs/product.md, Home: 'Gratuita' when the lawyer chose a free first visit, its price when given, otherwise
 * 'Precio sin definir' (docs/domain.md, Lawyers' prices).
 */
export function firstConsultationText(lawyer: { firstVisitFree: boolean; priceFirstVisit: number | null }) {
  return firstConsultationOf(lawyer, { free: es.dashboard.free, notGiven: es.defaults.noPrice });
}

/**
 * One lawyer of the directory, with the fields docs/product.md, Home lists, and 'Saber Más' to the profile. `position`
 * in the list: the first photo is fetched first (it is the page's largest paint on a phone), photos far
 * down wait until they are scrolled near. Memoized: the directory renders again as its query settles, and a
 * dozen cards with the same lawyer need no new work (ADR 0008).
 */
export const LawyerCard = memo(function LawyerCard({
  lawyer,
  position = 0,
  matching = NO_CATEGORIES,
}: {
  lawyer: LawyerListItem;
  position?: number;
  /** the categories the directory is filtered by: the lawyer's that match come first, marked */
  matching?: readonly string[];
}) {
  const titleId = `lawyer-${lawyer.id}`;
  const categories = categoriesFirstMatching(lawyer.categories, matching);
  return (
    <article className={styles.card} aria-labelledby={titleId}>
      <div className={styles.top}>
        <Avatar
          photoUrl={lawyer.lawyerPhoto}
          name={lawyer.name}
          surname={lawyer.surname}
          size={64}
          priority={position === 0}
          loading={position >= EAGER_PHOTOS ? 'lazy' : undefined}
        />
        <div className={styles.identity}>
          <h2 id={titleId} className={styles.name}>
            {lawyer.fullName}
          </h2>
          {categories.length === 0 ? (
            <p className={styles.category}>{es.defaults.noCategory}</p>
          ) : (
            <ul className={styles.categories} aria-label={es.dashboard.lawyerCategories}>
              {categories.map(({ name, matches }) => (
                <li key={name} className={matches ? styles.matching : styles.category}>
                  {categoryBadge(name, lawyer.professionalTitle)}
                  {matches ? (
                    <span className="visually-hidden">{` (${es.dashboard.matchesFilter})`}</span>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
          <p className={styles.province}>
            <MapPinIcon size={14} />
            {lawyer.province}
          </p>
          <p className={styles.ratingLine}>
            <RatingSummary rating={lawyer.rating} totalRatings={lawyer.totalRatings} />
          </p>
          {lawyer.responseTime === null ? null : (
            <p className={styles.responseTime}>{es.trust.respondsIn(lawyer.responseTime)}</p>
          )}
        </div>
      </div>
      <p className={styles.description}>{lawyer.description || es.defaults.noDescription}</p>
      <dl className={styles.facts}>
        <div>
          <dt>{es.dashboard.activeCases}</dt>
          <dd>{lawyer.activeCases}</dd>
        </div>
        <div>
          <dt>{es.dashboard.finishedCases}</dt>
          <dd>{lawyer.finishedCases}</dd>
        </div>
        <div>
          <dt>{es.dashboard.firstConsultation}</dt>
          <dd>{firstConsultationText(lawyer)}</dd>
        </div>
      </dl>
      <div className={styles.bottom}>
        <p className={styles.price}>{es.dashboard.pricePerHour(formatAmount(lawyer.price))}</p>
        <ButtonLink to={lawyerProfilePath(lawyer.id)} state={{ lawyerId: lawyer.id }} variant="accent">
          {es.buttons.knowMore}
        </ButtonLink>
      </div>
    </article>
  );
});
