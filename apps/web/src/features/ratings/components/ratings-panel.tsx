import type { Rating } from '@l4l/shared/schemas/lawyers';
import { es } from '@l4l/shared/texts/es/app';
import type { UseQueryResult } from '@tanstack/react-query';
import { useId } from 'react';
import { Avatar } from '../../../components/avatar/avatar.tsx';
import { FormMessage } from '../../../components/form/field.tsx';
import { Spinner } from '../../../components/spinner/spinner.tsx';
import { Stars } from '../../../components/stars/stars.tsx';
import { formatDay } from '../../../lib/format.ts';
import { useLawyerRatings } from '../api/get-lawyer-ratings.ts';
import { useUserRatings } from '../api/get-user-ratings.ts';
import styles from './ratings-panel.module.css';

type Texts = { title: string; error: string; empty: string };

/** docs/product.md, Ratings ('Mis Valoraciones'): each item shows photo, user, lawyer, short description, description, score, date. */
function RatingsPanel({ ratings, texts }: { ratings: UseQueryResult<Rating[]>; texts: Texts }) {
  const titleId = useId();
  return (
    <section className={styles.panel} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.title}>
        {texts.title}
      </h2>
      {ratings.isPending ? (
        <div className={styles.state}>
          <Spinner label={es.ratings.loading} size="sm" />
          <p>{es.ratings.loading}</p>
        </div>
      ) : ratings.isError ? (
        <div className={styles.state}>
          <FormMessage>{texts.error}</FormMessage>
        </div>
      ) : ratings.data.length === 0 ? (
        <p className={styles.state}>{texts.empty}</p>
      ) : (
        <ul className={styles.list}>
          {ratings.data.map((rating) => (
            <li key={rating.id} className={styles.item}>
              <Avatar
                photoUrl={rating.profileImage ?? rating.userPhotoUrl}
                name={rating.userName}
                size={40}
              />
              <div className={styles.body}>
                <div className={styles.head}>
                  <p className={styles.user}>{rating.userName}</p>
                  <time className={styles.date} dateTime={rating.date}>
                    {formatDay(rating.date)}
                  </time>
                </div>
                <p className={styles.lawyer}>{es.ratings.lawyerName(rating.lawyerName)}</p>
                <p className={styles.score}>
                  <Stars score={rating.score} />
                  <span className="visually-hidden">{es.ratings.scoreOf(rating.score)}</span>
                </p>
                <p className={styles.short}>{rating.title || rating.shortDescription}</p>
                {rating.description && rating.description !== rating.title ? (
                  <p className={styles.description}>{rating.description}</p>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** 'Mis Valoraciones': the ratings the signed-in client wrote. */
export function MyRatingsPanel({ userId }: { userId: string }) {
  const ratings = useUserRatings(userId);
  return (
    <RatingsPanel
      ratings={ratings}
      texts={{ title: es.ratings.title, error: es.ratings.loadError, empty: es.ratings.empty }}
    />
  );
}

/** 'Valoraciones' of one lawyer: on their public profile, or on their own sheet (`own`). */
export function LawyerRatingsPanel({ lawyerId, own = false }: { lawyerId: string; own?: boolean }) {
  const ratings = useLawyerRatings(lawyerId);
  return (
    <RatingsPanel
      ratings={ratings}
      texts={{
        title: es.ratings.panel,
        error: es.ratings.lawyerLoadError,
        empty: own ? es.ratings.empty : es.ratings.lawyerEmpty,
      }}
    />
  );
}
