import { LIMITS } from '@l4l/shared/constants/limits';
import { formatEuros } from '@l4l/shared/format';
import { consultationsEs } from '@l4l/shared/texts/consultations';
import { consultationsWebEs } from '@l4l/shared/texts/consultations-web';
import { type FormEvent, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/button/button.tsx';
import { FormMessage, TextAreaField } from '../../../components/form/field.tsx';
import { Spinner } from '../../../components/spinner/spinner.tsx';
import { toast } from '../../../lib/toast.ts';
import { useBookConsultation, useSlots } from '../api/consultations.ts';
import { CONSULTATION_MODES, type ConsultationMode, type Slot, type SlotsAnswer } from '../api/schemas.ts';
import {
  addDays,
  groupByMadridDay,
  madridDayKey,
  madridRange,
  madridShortDay,
  madridTime,
} from '../lib/madrid-time.ts';
import styles from './consultations.module.css';

const t = consultationsWebEs.booking;
/** docs/api/http.md, First consultations: the client sees the next 14 days. */
export const BOOKING_DAYS = 14;
const NOTE_MAX = LIMITS.descriptionMax;

/** Opens the checkout in a new tab like a proposal's (docs/product.md, Private chat); a blocked pop-up uses this tab. */
function openPayment(url: string) {
  const opened = window.open(url, '_blank');
  if (!opened) window.location.assign(url);
}

/**
 * The client's slot picker (docs/consultations.md, Booking): the lawyer's free slots of the next 14 days
 * in Madrid time, a mode and an optional note. A free consultation is reserved at once; a paid one opens
 * the checkout and waits in 'Mis consultas' as 'Pendiente de pago'.
 */
export function BookingPanel({ lawyerId, listPath }: { lawyerId: string; listPath: string }) {
  const today = madridDayKey(new Date());
  const last = addDays(today, BOOKING_DAYS - 1);
  const slots = useSlots(lawyerId, today, last);
  return (
    <section className={styles.card} id="primera-consulta" aria-labelledby="booking-title">
      <h2 id="booking-title" className={styles.cardTitle}>
        {t.title}
      </h2>
      <p className={styles.muted}>{t.lead}</p>
      {slots.isPending ? (
        <Spinner />
      ) : slots.isError ? (
        <FormMessage>{t.loadError}</FormMessage>
      ) : (
        <>
          <p className={styles.summary}>
            {slots.data.price > 0 ? t.price(formatEuros(slots.data.price)) : t.free}
          </p>
          {!slots.data.bookable && !slots.data.free && slots.data.price === 0 ? (
            // a lawyer without a first-visit price cannot be booked yet
            <p role="status">{consultationsEs.errors.noPrice}</p>
          ) : slots.data.slots.length === 0 ? (
            <p>{t.noSlots}</p>
          ) : (
            <BookingForm lawyerId={lawyerId} answer={slots.data} today={today} listPath={listPath} />
          )}
        </>
      )}
    </section>
  );
}

function BookingForm({
  lawyerId,
  answer,
  today,
  listPath,
}: {
  lawyerId: string;
  answer: SlotsAnswer;
  today: string;
  listPath: string;
}) {
  const { slots } = answer;
  // the modes the lawyer offers, when the server says which; else all three (a refused one gets its 409)
  const modes = CONSULTATION_MODES.filter((option) => !answer.modes || answer.modes.includes(option));
  const navigate = useNavigate();
  const book = useBookConsultation();
  const byDay = useMemo(() => groupByMadridDay(slots), [slots]);
  const days = useMemo(
    () => Array.from({ length: BOOKING_DAYS }, (_, index) => addDays(today, index)),
    [today],
  );
  const [day, setDay] = useState(() => days.find((key) => byDay.has(key)) ?? today);
  const [chosen, setChosen] = useState<Slot | null>(null);
  const [mode, setMode] = useState<ConsultationMode>(modes[0] ?? 'video');
  const [note, setNote] = useState('');
  const [missing, setMissing] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) {
      setMissing(true);
      return;
    }
    const trimmed = note.trim();
    book.mutate(
      { lawyerId, start: chosen.start, mode, ...(trimmed ? { note: trimmed } : {}) },
      {
        onSuccess: (consultation) => {
          if (consultation.paymentUrl) {
            toast.info(t.toPay);
            openPayment(consultation.paymentUrl);
          } else {
            toast.success(t.reserved);
          }
          navigate(listPath);
        },
        // the slot may have gone meanwhile: show the fresh ones
        onError: () => setChosen(null),
      },
    );
  };

  const daySlots = byDay.get(day) ?? [];
  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{t.day}</legend>
        <div className={styles.days}>
          {days.map((key) => (
            <button
              key={key}
              type="button"
              className={styles.dayButton}
              aria-pressed={key === day}
              disabled={!byDay.has(key)}
              onClick={() => {
                setDay(key);
                setChosen(null);
              }}
            >
              {madridShortDay(key)}
            </button>
          ))}
        </div>
      </fieldset>
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{t.slots}</legend>
        {daySlots.length === 0 ? <p className={styles.muted}>{t.noSlotsDay}</p> : null}
        <div className={styles.slots}>
          {daySlots.map((slot) => (
            <button
              key={slot.start}
              type="button"
              className={styles.slotButton}
              aria-pressed={chosen?.start === slot.start}
              onClick={() => {
                setChosen(slot);
                setMissing(false);
              }}
            >
              {madridTime(slot.start)}
            </button>
          ))}
        </div>
      </fieldset>
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{t.mode}</legend>
        <div className={styles.choices}>
          {modes.map((option) => (
            <label key={option} className={styles.choice}>
              <input type="radio" name="mode" checked={mode === option} onChange={() => setMode(option)} />
              {consultationsWebEs.modes[option]}
            </label>
          ))}
        </div>
      </fieldset>
      <TextAreaField
        label={t.note}
        placeholder={t.notePlaceholder}
        value={note}
        maxLength={NOTE_MAX}
        rows={3}
        onChange={(event) => setNote(event.target.value)}
      />
      {chosen ? <p className={styles.summary}>{t.chosen(madridRange(chosen.start, chosen.end))}</p> : null}
      {missing ? <FormMessage>{t.pickSlot}</FormMessage> : null}
      {book.isError ? <FormMessage>{book.error.message}</FormMessage> : null}
      <div>
        <Button type="submit" disabled={book.isPending}>
          {book.isPending ? <Spinner size="sm" /> : null}
          {answer.price ? t.bookAndPay : t.book}
        </Button>
      </div>
    </form>
  );
}
