import { LIMITS } from '@l4l/shared/constants/limits';
import { es } from '@l4l/shared/texts/es/app';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/button/button.tsx';
import { FormMessage, TextAreaField, TextField } from '../../../components/form/field.tsx';
import { Spinner } from '../../../components/spinner/spinner.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useCreateRating } from '../api/create-rating.ts';
import { isCaseRated, markCaseRated } from '../lib/rated-cases.ts';
import styles from './rating-prompt.module.css';

type RatingPromptProps = {
  caseId: string;
  lawyerId: string;
  /** The server already holds this case's rating (the case's `ratingId`). */
  alreadyRated?: boolean;
  /** Called once the server has the rating, or says it already had one. */
  onRated?: () => void;
  /** Inside a card that already says what it is (the chat's rating message): no frame, title or lead. */
  embedded?: boolean;
};

const STARS = Array.from({ length: LIMITS.ratingStars }, (_, index) => index + 1);

/** 1 to 5 stars, a radio group: click, arrows or Space choose; hovering previews. */
function StarPicker({
  id,
  stars,
  missing,
  onStars,
}: {
  id: string;
  stars: number;
  missing: boolean;
  onStars: (stars: number) => void;
}) {
  const [hovered, setHovered] = useState(0);
  const shown = hovered || stars;
  return (
    <fieldset
      className={styles.fieldset}
      aria-describedby={missing ? `${id}-stars-error` : undefined}
      aria-invalid={missing || undefined}
    >
      <legend className={styles.legend}>{es.ratings.starsLabel}</legend>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: hover only previews; the radios take the input */}
      <div className={styles.stars} onMouseLeave={() => setHovered(0)}>
        {STARS.map((value) => (
          <label
            key={value}
            className={`${styles.star} ${value <= shown ? styles.lit : ''}`}
            onMouseEnter={() => setHovered(value)}
          >
            <input
              type="radio"
              name={`${id}-stars`}
              value={value}
              className={styles.radio}
              checked={stars === value}
              onChange={() => onStars(value)}
            />
            <span aria-hidden="true">★</span>
            <span className="visually-hidden">{es.ratings.starLabel(value)}</span>
          </label>
        ))}
      </div>
      {missing ? (
        <p id={`${id}-stars-error`} className={styles.error} role="alert">
          {es.ratings.starsRequired}
        </p>
      ) : null}
    </fieldset>
  );
}

/**
 * docs/product.md, Private chat (the rating prompt): 1 to 5 stars set by clicking (a radio group, so arrows and Space work
 * too), an optional title and comment, then '¡Gracias por tu valoración!'. Whether the case is already
 * rated is the server's call: its `ratingId`, or a 409 on sending, turn the prompt into 'Ya has valorado
 * este caso.'. Used under a finished case and by the chat's type-9 message.
 */
export function RatingPrompt({
  caseId,
  lawyerId,
  alreadyRated = false,
  onRated,
  embedded = false,
}: RatingPromptProps) {
  const id = useId();
  const rate = useCreateRating();
  const [stars, setStars] = useState(0);
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [missingStars, setMissingStars] = useState(false);
  // docs/domain.md, Ratings: a flag kept locally per case, so the prompt stays answered even before the server is asked
  const [rated, setRated] = useState(() => isCaseRated(caseId));

  const frame = embedded ? styles.embedded : styles.prompt;
  const label = embedded ? { 'aria-label': es.ratings.promptTitle } : { 'aria-labelledby': `${id}-title` };
  const heading = embedded ? null : (
    <h2 id={`${id}-title`} className={styles.title}>
      {es.ratings.promptTitle}
    </h2>
  );

  if (alreadyRated || rated) {
    return (
      <section className={frame} {...label}>
        {heading}
        <p className={styles.done} role="status">
          {es.ratings.alreadyRated}
        </p>
      </section>
    );
  }

  const finish = () => {
    markCaseRated(caseId);
    setRated(true);
    onRated?.();
  };

  const send = (event: FormEvent) => {
    event.preventDefault();
    if (stars < 1) {
      setMissingStars(true);
      return;
    }
    rate.mutate(
      { caseId, lawyerId, stars, title: title.trim(), description: description.trim() },
      {
        onSuccess: () => {
          toast.success(es.ratings.thanks);
          finish();
        },
        onError: (error) => {
          if (isApiError(error) && error.status === 409) {
            toast.info(es.ratings.alreadyRated);
            finish();
            return;
          }
          toast.error(es.ratings.failed);
        },
      },
    );
  };

  return (
    <section className={frame} {...label}>
      {heading}
      {embedded ? null : <p className={styles.lead}>{es.ratings.promptLead}</p>}
      <form className={styles.form} onSubmit={send} noValidate>
        <StarPicker
          id={id}
          stars={stars}
          missing={missingStars}
          onStars={(value) => {
            setStars(value);
            setMissingStars(false);
          }}
        />
        <TextField
          label={es.ratings.titleLabel}
          value={title}
          maxLength={LIMITS.titleMax}
          onChange={(event) => setTitle(event.target.value)}
        />
        <TextAreaField
          label={es.ratings.commentLabel}
          value={description}
          rows={4}
          maxLength={LIMITS.descriptionMax}
          aside={es.register.descriptionCounter(description.length, LIMITS.descriptionMax)}
          onChange={(event) => setDescription(event.target.value)}
        />
        {rate.isError && !(isApiError(rate.error) && rate.error.status === 409) ? (
          <FormMessage>{es.ratings.failed}</FormMessage>
        ) : null}
        <Button type="submit" variant="accent" disabled={rate.isPending}>
          {rate.isPending ? <Spinner size="sm" label={es.common.sending} /> : null}
          {es.ratings.send}
        </Button>
      </form>
    </section>
  );
}
