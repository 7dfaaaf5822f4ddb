import { LIMITS } from '@l4l/shared/constants/limits';
import { ratingReplyInputSchema } from '@l4l/shared/schemas/ratings';
import { es } from '@l4l/shared/texts/es/app';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/button/button.tsx';
import { TextAreaField } from '../../../components/form/field.tsx';
import { Spinner } from '../../../components/spinner/spinner.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useReplyToRating } from '../api/reply-to-rating.ts';
import styles from './ratings-panel.module.css';

/**
 * The rated lawyer's one public answer (docs/domain.md, Ratings): a counter of the characters left, the
 * same rules the server checks, sent once. `onDone` closes the form (after the answer, or on 'Cancelar').
 */
export function ReplyForm({ ratingId, onDone }: { ratingId: string; onDone: () => void }) {
  const [text, setText] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const reply = useReplyToRating();
  const t = es.ratings;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reply.isPending) return;
    const parsed = ratingReplyInputSchema.safeParse({ text });
    if (!parsed.success) {
      setInvalid(parsed.error.issues[0]?.message ?? t.replyRequired);
      return;
    }
    reply.mutate(
      { ratingId, text: parsed.data.text },
      {
        onSuccess: () => {
          toast.success(t.replied);
          onDone();
        },
      },
    );
  };

  const failure = reply.error ? (isApiError(reply.error) ? reply.error.message : t.replyFailed) : null;
  return (
    <form className={styles.replyForm} onSubmit={submit} noValidate>
      <TextAreaField
        label={t.replyLabel}
        hint={t.replyHint}
        aside={t.replyCount(text.length, LIMITS.ratingReplyMax)}
        value={text}
        maxLength={LIMITS.ratingReplyMax}
        rows={3}
        required
        error={invalid ?? failure}
        onChange={(event) => {
          setText(event.target.value);
          setInvalid(null);
        }}
      />
      <div className={styles.formActions}>
        <Button variant="secondary" size="sm" onClick={onDone}>
          {es.buttons.cancel}
        </Button>
        <Button type="submit" size="sm" disabled={reply.isPending}>
          {reply.isPending ? <Spinner size="sm" label={t.replySend} /> : null}
          {t.replySend}
        </Button>
      </div>
    </form>
  );
}
