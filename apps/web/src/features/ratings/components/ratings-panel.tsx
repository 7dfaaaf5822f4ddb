import type { Rating } from '@l4l/shared/schemas/lawyers';
import { es } from '@l4l/shared/texts/es/app';
import type { UseQueryResult } from '@tanstack/react-query';
import { lazy, Suspense, useId, useState } from 'react';
import { Avatar } from '../../../components/avatar/avatar.tsx';
import { Button } from '../../../components/button/button.tsx';
import { FormMessage } from '../../../components/form/field.tsx';
import { MountOnceOpened } from '../../../components/modal/modal-on-demand.tsx';
import { Spinner } from '../../../components/spinner/spinner.tsx';
import { Stars } from '../../../components/stars/stars.tsx';
import { formatDay } from '../../../lib/format.ts';
import { preloadOn } from '../../../lib/on-demand.ts';
import { useSession } from '../../../lib/session.tsx';
import { useLawyerRatings } from '../api/get-lawyer-ratings.ts';
import { useUserRatings } from '../api/get-user-ratings.ts';
import styles from './ratings-panel.module.css';

// the reply's form and the report's dialog, with their validation, load when they are about to be used, not
// in front of the panel (ADR 0008)
const loadReplyForm = () => import('./reply-form.tsx');
const loadReportDialog = () => import('./report-dialog.tsx');
const ReplyForm = lazy(() => loadReplyForm().then((module) => ({ default: module.ReplyForm })));
const ReportDialog = lazy(() => loadReportDialog().then((module) => ({ default: module.ReportDialog })));

type Texts = { title: string; error: string; empty: string };

/** What the person looking may do with a rating of the list (docs/domain.md, Ratings). */
type Actions = {
  /** the rated lawyer on their own sheet: 'Responder' while a rating has no answer */
  reply: boolean;
  /** who is looking: anyone but a rating's author may report it ('Denunciar'); null: nobody */
  viewerId: string | null;
};

/** The lawyer's answer under the rating: 'Respuesta de <nombre>'. */
function ReplyOf({ rating }: { rating: Rating }) {
  if (!rating.reply) return null;
  return (
    <div className={styles.reply}>
      <p className={styles.replyHead}>
        <span className={styles.replyBy}>{es.ratings.replyBy(rating.lawyerName)}</span>
        <time className={styles.date} dateTime={rating.reply.createdAt}>
          {formatDay(rating.reply.createdAt)}
        </time>
      </p>
      <p className={styles.replyText}>{rating.reply.text}</p>
    </div>
  );
}

/** docs/product.md, Ratings ('Mis Valoraciones'): each item shows photo, user, lawyer, short description, description, score, date. */
function RatingsPanel({
  ratings,
  texts,
  actions = { reply: false, viewerId: null },
}: {
  ratings: UseQueryResult<Rating[]>;
  texts: Texts;
  actions?: Actions;
}) {
  const titleId = useId();
  const [replying, setReplying] = useState<string | null>(null);
  const [reporting, setReporting] = useState<string | null>(null);
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
                {rating.hidden ? (
                  <p className={styles.hidden}>
                    <strong>{es.ratings.hidden}.</strong> {es.ratings.hiddenHint}
                  </p>
                ) : null}
                <ReplyOf rating={rating} />
                {replying === rating.id ? (
                  <Suspense fallback={<Spinner />}>
                    <ReplyForm ratingId={rating.id} onDone={() => setReplying(null)} />
                  </Suspense>
                ) : (
                  <RatingActions
                    rating={rating}
                    actions={actions}
                    onReply={() => setReplying(rating.id)}
                    onReport={() => setReporting(rating.id)}
                  />
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      {actions.viewerId ? (
        <MountOnceOpened open={reporting !== null}>
          <ReportDialog ratingId={reporting} onClose={() => setReporting(null)} />
        </MountOnceOpened>
      ) : null}
    </section>
  );
}

function RatingActions({
  rating,
  actions,
  onReply,
  onReport,
}: {
  rating: Rating;
  actions: Actions;
  onReply: () => void;
  onReport: () => void;
}) {
  const canReply = actions.reply && !rating.reply && !rating.hidden;
  const canReport = actions.viewerId !== null && actions.viewerId !== rating.userId && !rating.hidden;
  if (!canReply && !canReport) return null;
  return (
    <div className={styles.actions}>
      {canReply ? (
        <Button size="sm" variant="secondary" onClick={onReply} {...preloadOn(loadReplyForm)}>
          {es.ratings.reply}
        </Button>
      ) : null}
      {canReport ? (
        <Button size="sm" variant="ghost" onClick={onReport} {...preloadOn(loadReportDialog)}>
          {es.ratings.report}
        </Button>
      ) : null}
    </div>
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
  const { user } = useSession();
  return (
    <RatingsPanel
      ratings={ratings}
      actions={{ reply: own && user?.id === lawyerId, viewerId: user?.id ?? null }}
      texts={{
        title: es.ratings.panel,
        error: es.ratings.lawyerLoadError,
        empty: own ? es.ratings.empty : es.ratings.lawyerEmpty,
      }}
    />
  );
}
