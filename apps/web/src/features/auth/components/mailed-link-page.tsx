import { ERROR_MESSAGES } from '@l4l/shared/texts/errors';
import type { UseMutationResult } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { FormMessage } from '../../../components/form/field.tsx';
import { Spinner } from '../../../components/spinner/spinner.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import styles from './reset-password-page.module.css';

type MailedLinkTexts = {
  title: string;
  confirming: string;
  failed: string;
  /** what the page says when the URL carries no token */
  invalid: string;
};

/**
 * The page a single-use link mailed to the person opens (`?token=…`): it sends the token once, then says
 * how it went, with a way on either way.
 */
export function MailedLinkPage<T>({
  texts,
  link,
  done,
  next,
}: {
  texts: MailedLinkTexts;
  /** the mutation that spends the token */
  link: UseMutationResult<T, Error, string>;
  done: (answer: T) => ReactNode;
  /** where to go from here, once it went one way or the other */
  next: ReactNode;
}) {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const { mutate } = link;
  // the link is single use: one request, even when React runs the effect twice
  const sent = useRef(false);

  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    mutate(token);
  }, [token, mutate]);

  const failure = !token
    ? texts.invalid
    : link.isError
      ? isApiError(link.error)
        ? link.error.message
        : ERROR_MESSAGES.INTERNAL_ERROR
      : null;

  return (
    <section className={styles.page}>
      <div className={styles.card} role="status" aria-live="polite">
        <h1 className={styles.title}>{texts.title}</h1>
        {link.isSuccess ? done(link.data) : null}
        {failure ? (
          <FormMessage>
            {texts.failed} {failure}
          </FormMessage>
        ) : null}
        {!link.isSuccess && !failure ? (
          <p className={styles.text}>
            <Spinner size="sm" /> {texts.confirming}
          </p>
        ) : null}
        {link.isSuccess || failure ? next : null}
      </div>
    </section>
  );
}
