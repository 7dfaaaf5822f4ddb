import { LIMITS } from '@l4l/shared/constants/limits';
import type { ChatMessage } from '@l4l/shared/schemas/chat';
import { es } from '@l4l/shared/texts/es';
import { useState } from 'react';
import { isApiError } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useCreateRating } from '../api/create-rating.ts';
import { useCaseRated } from '../api/get-case-rated.ts';
import { isCaseRated, markCaseRated } from '../lib/rated-cases.ts';
import styles from './rating-prompt.module.css';

/**
 * docs/product.md, Private chat (the rating prompt, type 9, client only): 1 to 5 stars set by clicking, sent at once. Once rated
 * (here, on the case as the server tells, or a 409) it reads 'Ya has valorado este caso.'.
 */
export function RatingPrompt({ message }: { message: ChatMessage }) {
  const caseId = message.caseId;
  const [ratedHere, setRated] = useState(() => (caseId ? isCaseRated(caseId) : false));
  const [hovered, setHovered] = useState(0);
  const rate = useCreateRating();
  // the server's word: a case rated elsewhere (the case screen, another device) shows no stars either
  const ratedOnServer = useCaseRated(ratedHere ? undefined : caseId).data === true;
  const rated = ratedHere || ratedOnServer;

  if (rated) return <p className={styles.done}>{es.ratings.alreadyRated}</p>;

  const send = (stars: number) => {
    if (!caseId) {
      toast.error(es.cases.noCaseId);
      return;
    }
    rate.mutateAsync({ lawyerId: message.lawyerId, caseId, stars }).then(
      () => {
        markCaseRated(caseId);
        setRated(true);
        toast.success(es.ratings.thanks);
      },
      (error: unknown) => {
        if (isApiError(error) && error.status === 409) {
          markCaseRated(caseId);
          setRated(true);
          toast.info(es.ratings.alreadyRated);
          return;
        }
        toast.error(es.ratings.failed);
      },
    );
  };

  const stars = Array.from({ length: LIMITS.ratingStars }, (_, index) => index + 1);
  return (
    // biome-ignore lint/a11y/useSemanticElements: a row of buttons that each send at once, not a form field
    <div
      className={styles.stars}
      role="group"
      aria-label={es.chat.ratingTitle}
      onMouseLeave={() => setHovered(0)}
    >
      {stars.map((value) => (
        <button
          key={value}
          type="button"
          className={`${styles.star} ${value <= hovered ? styles.lit : ''}`}
          aria-label={es.chat.rateWith(value)}
          disabled={rate.isPending}
          onMouseEnter={() => setHovered(value)}
          onFocus={() => setHovered(value)}
          onBlur={() => setHovered(0)}
          onClick={() => send(value)}
        >
          <span aria-hidden="true">★</span>
        </button>
      ))}
    </div>
  );
}
