import { formatEuros } from '@l4l/shared/format';
import { consultationsWebEs } from '@l4l/shared/texts/consultations-web';
import { useEffect, useState } from 'react';
import { ButtonLink } from '../../../components/button/button.tsx';
import { FormMessage } from '../../../components/form/field.tsx';
import { Spinner } from '../../../components/spinner/spinner.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useConsultation } from '../api/consultations.ts';
import { type Consultation, counterpartOf, meetingDetail } from '../api/schemas.ts';
import { countdownText, madridRange } from '../lib/madrid-time.ts';
import { CallPanel } from './call-panel.tsx';
import styles from './consultations.module.css';
import { ROOM_OPENS_BEFORE_MS } from './my-consultations.tsx';

const t = consultationsWebEs.room;

/** The current time, once a second (the room's countdown). */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * /dashboard/consultas/{id} (docs/consultations.md, The video room): only the two parties get the
 * consultation (anyone else a 404); before 10 minutes ahead of the start a countdown, after the end a
 * notice; in between the call.
 */
export function ConsultationRoom({
  consultationId,
  viewerId,
  listPath,
}: {
  consultationId: string;
  viewerId: string;
  listPath: string;
}) {
  const consultation = useConsultation(consultationId);
  const back = (
    <ButtonLink to={listPath} variant="ghost">
      {t.back}
    </ButtonLink>
  );
  if (consultation.isPending) return <Spinner />;
  if (consultation.isError) {
    const missing = isApiError(consultation.error) && consultation.error.status === 404;
    return (
      <div className={styles.page}>
        <FormMessage>{missing ? t.notFound : t.loadError}</FormMessage>
        <div>{back}</div>
      </div>
    );
  }
  return (
    <div className={styles.page}>
      <div>{back}</div>
      <RoomBody consultation={consultation.data} viewerId={viewerId} />
    </div>
  );
}

function RoomBody({ consultation, viewerId }: { consultation: Consultation; viewerId: string }) {
  const now = useNow();
  const other = counterpartOf(consultation);
  const opensAt = Date.parse(consultation.start) - ROOM_OPENS_BEFORE_MS;
  const endsAt = Date.parse(consultation.end);
  const when = madridRange(consultation.start, consultation.end);
  const detail = meetingDetail(consultation);
  // the price paid once reserved; a free one says so
  const price =
    consultation.price > 0
      ? consultation.status === 'RESERVADA'
        ? t.paid(formatEuros(consultation.price))
        : formatEuros(consultation.price)
      : t.free;
  const heading = (
    <header>
      <h1 className={styles.title}>{t.title}</h1>
      <p className={styles.muted}>{[other.name, when, price].filter(Boolean).join(' · ')}</p>
    </header>
  );
  let body: React.ReactNode;
  if (consultation.status !== 'RESERVADA') body = <p>{t.notReserved}</p>;
  else if (consultation.mode !== 'video') {
    body = (
      <>
        <p>{t.notVideo}</p>
        {detail ? (
          <p>
            {detail.kind === 'phone'
              ? consultationsWebEs.list.phone(detail.value)
              : consultationsWebEs.list.office(detail.value)}
          </p>
        ) : null}
      </>
    );
  } else if (now >= endsAt) body = <p>{t.ended}</p>;
  else if (now < opensAt) {
    body = (
      <>
        <p>{t.opensAt(when)}</p>
        <p className={styles.summary} role="timer" aria-live="off">
          {t.countdown(countdownText(opensAt - now))}
        </p>
      </>
    );
  } else {
    return (
      <>
        {heading}
        <CallPanel
          consultationId={consultation.id}
          viewerId={viewerId}
          offerer={consultation.role === 'lawyer'}
          otherName={other.name}
        />
      </>
    );
  }
  return (
    <>
      {heading}
      <section className={styles.card}>{body}</section>
    </>
  );
}
