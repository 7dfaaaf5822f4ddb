import { consultationsWebEs } from '@l4l/shared/texts/consultations-web';
import { type FormEvent, useEffect, useState } from 'react';
import { Button } from '../../../components/button/button.tsx';
import { FormMessage, TextField } from '../../../components/form/field.tsx';
import { Spinner } from '../../../components/spinner/spinner.tsx';
import { toast } from '../../../lib/toast.ts';
import { useAvailability, useSaveAvailability } from '../api/consultations.ts';
import { CONSULTATION_MODES, type ConsultationMode, SLOT_MINUTES } from '../api/schemas.ts';
import {
  type AvailabilityDraft,
  draftProblem,
  EMPTY_AVAILABILITY,
  fromDraft,
  newRange,
  type Range,
  toDraft,
} from '../lib/availability-form.ts';
import styles from './consultations.module.css';

const t = consultationsWebEs.availability;
const WEEKDAYS = consultationsWebEs.weekdays;

/**
 * 'Primera consulta: tu disponibilidad' in the lawyer's sheet (docs/consultations.md, Availability):
 * weekly ranges per weekday, the slot length, closed days and the modes offered; times are Madrid's.
 */
export function AvailabilityEditor() {
  const availability = useAvailability();
  const [draft, setDraft] = useState<AvailabilityDraft | null>(null);
  useEffect(() => {
    if (availability.data && draft === null) setDraft(toDraft(availability.data));
  }, [availability.data, draft]);
  // a lawyer who never saved one starts from an empty week
  const notYet = availability.isError && 'status' in availability.error && availability.error.status === 404;
  useEffect(() => {
    if (notYet && draft === null) setDraft(toDraft(EMPTY_AVAILABILITY));
  }, [notYet, draft]);

  return (
    <section className={styles.card} aria-labelledby="availability-title">
      <h2 id="availability-title" className={styles.cardTitle}>
        {t.title}
      </h2>
      <p className={styles.muted}>{t.lead}</p>
      {draft ? (
        <AvailabilityForm draft={draft} onChange={setDraft} />
      ) : availability.isError && !notYet ? (
        <FormMessage>{t.loadError}</FormMessage>
      ) : (
        <Spinner />
      )}
    </section>
  );
}

function AvailabilityForm({
  draft,
  onChange,
}: {
  draft: AvailabilityDraft;
  onChange: (draft: AvailabilityDraft) => void;
}) {
  const save = useSaveAvailability();
  const [problem, setProblem] = useState<{ message: string; rangeKey?: number } | null>(null);

  const setRange = (key: number, change: Partial<Range>) =>
    onChange({
      ...draft,
      weekly: draft.weekly.map((range) => (range.key === key ? { ...range, ...change } : range)),
    });
  const toggleMode = (mode: ConsultationMode, on: boolean) =>
    onChange({
      ...draft,
      modes: on
        ? CONSULTATION_MODES.filter((m) => m === mode || draft.modes.includes(m))
        : draft.modes.filter((m) => m !== mode),
    });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = draftProblem(draft);
    setProblem(found);
    if (found) return;
    save.mutate(fromDraft(draft), {
      onSuccess: (saved) => {
        onChange(toDraft(saved));
        toast.success(t.saved);
      },
    });
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{t.slotLength}</legend>
        <div className={styles.choices}>
          {SLOT_MINUTES.map((minutes) => (
            <label key={minutes} className={styles.choice}>
              <input
                type="radio"
                name="slotMinutes"
                checked={draft.slotMinutes === minutes}
                onChange={() => onChange({ ...draft, slotMinutes: minutes })}
              />
              {t.minutes(minutes)}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{t.modes}</legend>
        <div className={styles.choices}>
          {CONSULTATION_MODES.map((mode) => (
            <label key={mode} className={styles.choice}>
              <input
                type="checkbox"
                checked={draft.modes.includes(mode)}
                onChange={(event) => toggleMode(mode, event.target.checked)}
              />
              {consultationsWebEs.modes[mode]}
            </label>
          ))}
        </div>
        {draft.modes.includes('office') ? (
          <TextField
            label={t.officeAddress}
            hint={t.officeHint}
            value={draft.officeAddress ?? ''}
            maxLength={300}
            onChange={(event) => onChange({ ...draft, officeAddress: event.target.value })}
          />
        ) : null}
      </fieldset>
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{t.weekly}</legend>
        <ul className={styles.week}>
          {WEEKDAYS.map((name, index) => (
            <WeekdayRow
              key={name}
              name={name}
              ranges={draft.weekly.filter((range) => range.weekday === index + 1)}
              badKey={problem?.rangeKey}
              onAdd={() => onChange({ ...draft, weekly: [...draft.weekly, newRange(index + 1)] })}
              onRemove={(key) =>
                onChange({ ...draft, weekly: draft.weekly.filter((range) => range.key !== key) })
              }
              onSet={setRange}
            />
          ))}
        </ul>
      </fieldset>
      <ClosedDays draft={draft} onChange={onChange} />
      {problem ? <FormMessage>{problem.message}</FormMessage> : null}
      {save.isError ? <FormMessage>{save.error.message}</FormMessage> : null}
      <div>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? <Spinner size="sm" /> : null}
          {t.save}
        </Button>
      </div>
    </form>
  );
}

/** Every quarter of an hour, 24-hour clock as in Spain; an end may be midnight ('24:00'). */
const QUARTERS = Array.from({ length: 96 }, (_, index) => {
  const minutes = index * 15;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
});

function TimeSelect({
  label,
  value,
  invalid,
  end = false,
  onChange,
}: {
  /** the select's accessible name, e.g. 'Lunes: Desde' */
  label: string;
  value: string;
  invalid: boolean;
  end?: boolean;
  onChange: (value: string) => void;
}) {
  const options = end ? [...QUARTERS.slice(1), '24:00'] : QUARTERS;
  // a time saved off the quarter (another client may write any minute) stays selectable
  const all = options.includes(value) ? options : [value, ...options];
  return (
    <select
      className={styles.time}
      aria-label={label}
      value={value}
      aria-invalid={invalid || undefined}
      onChange={(event) => onChange(event.target.value)}
    >
      {all.map((time) => (
        <option key={time} value={time}>
          {time}
        </option>
      ))}
    </select>
  );
}

function WeekdayRow({
  name,
  ranges,
  badKey,
  onAdd,
  onRemove,
  onSet,
}: {
  name: string;
  ranges: Range[];
  badKey: number | undefined;
  onAdd: () => void;
  onRemove: (key: number) => void;
  onSet: (key: number, change: Partial<Range>) => void;
}) {
  return (
    <li className={styles.weekday}>
      <span className={styles.weekdayName}>{name}</span>
      <div className={styles.ranges}>
        {ranges.length === 0 ? <span className={styles.muted}>{t.noHours}</span> : null}
        {ranges.map((range) => (
          <div key={range.key} className={styles.range} data-invalid={range.key === badKey || undefined}>
            <TimeSelect
              label={`${name}: ${t.from}`}
              value={range.from}
              invalid={range.key === badKey}
              onChange={(from) => onSet(range.key, { from })}
            />
            <span aria-hidden="true">–</span>
            <TimeSelect
              label={`${name}: ${t.to}`}
              value={range.to}
              invalid={range.key === badKey}
              end
              onChange={(to) => onSet(range.key, { to })}
            />
            <Button
              variant="ghost"
              size="sm"
              aria-label={t.removeRange(name)}
              onClick={() => onRemove(range.key)}
            >
              ✕
            </Button>
          </div>
        ))}
      </div>
      <Button variant="link" size="sm" onClick={onAdd} aria-label={`${t.addRange}: ${name}`}>
        {t.addRange}
      </Button>
    </li>
  );
}

function ClosedDays({
  draft,
  onChange,
}: {
  draft: AvailabilityDraft;
  onChange: (draft: AvailabilityDraft) => void;
}) {
  const setDate = (index: number, date: string) =>
    onChange({
      ...draft,
      exceptions: draft.exceptions.map((exception, at) =>
        at === index ? { ...exception, date } : exception,
      ),
    });
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>{t.closedDays}</legend>
      <p className={styles.muted}>{t.closedHint}</p>
      <ul className={styles.closedList}>
        {draft.exceptions.map((exception, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: two rows may hold the same date while it is typed
          <li key={index} className={styles.range}>
            <label className={styles.timeLabel}>
              <span className="visually-hidden">{t.closedDate}</span>
              <input
                type="date"
                className={styles.time}
                value={exception.date}
                onChange={(event) => setDate(index, event.target.value)}
              />
            </label>
            <Button
              variant="ghost"
              size="sm"
              aria-label={t.removeClosed(exception.date)}
              onClick={() =>
                onChange({ ...draft, exceptions: draft.exceptions.filter((_, at) => at !== index) })
              }
            >
              ✕
            </Button>
          </li>
        ))}
      </ul>
      <div>
        <Button
          variant="secondary"
          size="sm"
          onClick={() =>
            onChange({ ...draft, exceptions: [...draft.exceptions, { date: '', closed: true }] })
          }
        >
          {t.addClosed}
        </Button>
      </div>
    </fieldset>
  );
}
