import type { AcademicEntry, WorkEntry } from '@l4l/shared/schemas/lawyers';
import { es } from '@l4l/shared/texts/es/profile';
import { useId, useState } from 'react';
import { Button } from '../../../components/button/button.tsx';
import { FormMessage, TextField } from '../../../components/form/field.tsx';
import { toast } from '../../../lib/toast.ts';
import { type ExperienceKind, useDeleteExperience, useSaveExperience } from '../api/save-experience.ts';
import { academicEntryInputSchema, workEntryInputSchema } from '../api/schemas.ts';
import styles from './experience-editor.module.css';
import { periodText } from './experience-list.tsx';

type Values = { place: string; heading: string; startDate: string; endDate: string };
type Card = { key: string; id?: string; values: Values; editing: boolean };
type Problems = Partial<Record<keyof Values, string>>;

const EMPTY: Values = { place: '', heading: '', startDate: '', endDate: '' };

/** What differs between the academic and the work lists: the wire names, labels and feedback. */
const KINDS = {
  education: {
    title: es.lawyerProfile.academicExperience,
    placeLabel: es.lawyerProfile.center,
    headingLabel: es.lawyerProfile.degree,
    schema: academicEntryInputSchema,
    toInput: (card: Card) => ({
      id: card.id,
      center: card.values.place,
      title: card.values.heading,
      startDate: card.values.startDate,
      endDate: card.values.endDate,
    }),
    fromEntry: (entry: AcademicEntry) => ({
      place: entry.center,
      heading: entry.title,
      startDate: entry.startDate,
      endDate: entry.endDate ?? '',
    }),
    fields: { center: 'place', title: 'heading' } as Record<string, keyof Values>,
    saved: () => toast.success(es.profile.academicSaved),
    failed: (_error: unknown) => toast.error(es.profile.academicFailed),
  },
  experience: {
    title: es.lawyerProfile.workExperience,
    placeLabel: es.lawyerProfile.company,
    headingLabel: es.lawyerProfile.position,
    schema: workEntryInputSchema,
    toInput: (card: Card) => ({
      id: card.id,
      company: card.values.place,
      position: card.values.heading,
      startDate: card.values.startDate,
      endDate: card.values.endDate,
    }),
    fromEntry: (entry: WorkEntry) => ({
      place: entry.company,
      heading: entry.position,
      startDate: entry.startDate,
      endDate: entry.endDate ?? '',
    }),
    fields: { company: 'place', position: 'heading' } as Record<string, keyof Values>,
    saved: () => {},
    // a failed work-experience save is only logged
    failed: (error: unknown) => console.error(error),
  },
} as const;

/** docs/domain.md, Validation rules: the end date cannot be before the start date (ISO dates compare as text). */
export function endsBeforeStart({ startDate, endDate }: Values): boolean {
  return startDate !== '' && endDate !== '' && endDate < startDate;
}

const isBlank = (values: Values) => Object.values(values).every((value) => value.trim() === '');

let newKeys = 0;

type EditorProps<Kind extends ExperienceKind> = {
  kind: Kind;
  lawyerId: string;
  entries: Kind extends 'education' ? AcademicEntry[] : WorkEntry[];
};

/**
 * docs/product.md, Profile (the experience cards): 'Crear nueva' adds a card in edit mode; 'Editar' makes it editable; 'Guardar'
 * sends it and ends edit mode, but a card with every field empty is removed instead; 'Borrar' removes it.
 */
export function ExperienceEditor<Kind extends ExperienceKind>({
  kind,
  lawyerId,
  entries,
}: EditorProps<Kind>) {
  const config = KINDS[kind];
  const titleId = useId();
  const [cards, setCards] = useState<Card[]>(() =>
    entries.map((entry) => ({
      key: entry.id,
      id: entry.id,
      values: (config.fromEntry as (entry: AcademicEntry | WorkEntry) => Values)(entry),
      editing: false,
    })),
  );
  const change = (key: string, next: Partial<Card>) =>
    setCards((current) => current.map((card) => (card.key === key ? { ...card, ...next } : card)));
  const drop = (key: string) => setCards((current) => current.filter((card) => card.key !== key));

  return (
    <section className={styles.section} aria-labelledby={titleId}>
      <div className={styles.top}>
        <h2 id={titleId} className={styles.title}>
          {config.title}
        </h2>
        <Button
          variant="secondary"
          size="sm"
          onClick={() =>
            setCards((current) => [...current, { key: `new-${++newKeys}`, values: EMPTY, editing: true }])
          }
        >
          {es.buttons.createNew}
        </Button>
      </div>
      {cards.length === 0 ? <p className={styles.empty}>{es.lawyerProfile.noExperience}</p> : null}
      <ul className={styles.list}>
        {cards.map((card) => (
          <li key={card.key}>
            <ExperienceCard kind={kind} lawyerId={lawyerId} card={card} onChange={change} onDrop={drop} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A saved entry as the profile shows it, with 'Editar' and 'Eliminar'. */
function ExperienceSummary({
  values,
  busy,
  onEdit,
  onRemove,
}: {
  values: Values;
  busy: boolean;
  onEdit: () => void;
  onRemove: () => void;
}) {
  return (
    <article className={styles.card}>
      <div>
        <p className={styles.heading}>{values.heading}</p>
        <p className={styles.place}>{values.place}</p>
        <p className={styles.period}>{periodText(values.startDate, values.endDate || null)}</p>
      </div>
      <div className={styles.actions}>
        <Button variant="secondary" size="sm" onClick={onEdit}>
          {es.buttons.edit}
        </Button>
        <Button variant="ghost" size="sm" disabled={busy} onClick={onRemove}>
          {es.buttons.remove}
        </Button>
      </div>
    </article>
  );
}

function ExperienceCard({
  kind,
  lawyerId,
  card,
  onChange,
  onDrop,
}: {
  kind: ExperienceKind;
  lawyerId: string;
  card: Card;
  onChange: (key: string, next: Partial<Card>) => void;
  onDrop: (key: string) => void;
}) {
  const config = KINDS[kind];
  const save = useSaveExperience(kind, lawyerId);
  const remove = useDeleteExperience(kind, lawyerId);
  const [values, setValues] = useState(card.values);
  const [problems, setProblems] = useState<Problems>({});
  const [datesWrong, setDatesWrong] = useState(false);
  const busy = save.isPending || remove.isPending;

  const removeCard = () => {
    if (!card.id) {
      onDrop(card.key);
      return;
    }
    remove.mutate(card.id, { onSuccess: () => onDrop(card.key), onError: config.failed });
  };

  const onSave = async () => {
    if (isBlank(values)) {
      removeCard();
      return;
    }
    if (endsBeforeStart(values)) {
      setDatesWrong(true);
      return;
    }
    const candidate = { ...card, values };
    // the schema loads on the first save, zod with it (api/schemas.ts); a failed load fails the save
    const schema = await config.schema().catch((error: unknown) => {
      config.failed(error);
      return null;
    });
    if (!schema) return;
    const checked = schema.safeParse(config.toInput(candidate));
    if (!checked.success) {
      const found: Problems = {};
      for (const issue of checked.error.issues) {
        const name = String(issue.path[0]);
        const field = config.fields[name] ?? (name as keyof Values);
        found[field] ??= issue.message;
      }
      setProblems(found);
      return;
    }
    save.mutate(checked.data as never, {
      onSuccess: (saved) => {
        config.saved();
        onChange(card.key, {
          id: saved.id,
          values: (config.fromEntry as (entry: AcademicEntry | WorkEntry) => Values)(saved),
          editing: false,
        });
      },
      onError: config.failed,
    });
  };

  const set = (field: keyof Values) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    setProblems((current) => ({ ...current, [field]: undefined }));
    if (field === 'startDate' || field === 'endDate') setDatesWrong(false);
  };

  if (!card.editing) {
    return (
      <ExperienceSummary
        values={card.values}
        busy={busy}
        onRemove={removeCard}
        onEdit={() => {
          setValues(card.values);
          onChange(card.key, { editing: true });
        }}
      />
    );
  }

  return (
    <article className={`${styles.card} ${styles.editing}`}>
      <div className={styles.fields}>
        <TextField
          label={config.headingLabel}
          value={values.heading}
          error={problems.heading}
          onChange={set('heading')}
        />
        <TextField
          label={config.placeLabel}
          value={values.place}
          error={problems.place}
          onChange={set('place')}
        />
        <TextField
          label={es.lawyerProfile.startDate}
          type="date"
          value={values.startDate}
          error={problems.startDate}
          onChange={set('startDate')}
        />
        <TextField
          label={es.lawyerProfile.endDate}
          type="date"
          value={values.endDate}
          hint={es.lawyerProfile.endDateHint}
          error={problems.endDate}
          onChange={set('endDate')}
        />
      </div>
      {datesWrong ? <FormMessage>{es.validation.experienceDates}</FormMessage> : null}
      <div className={styles.actions}>
        <Button size="sm" disabled={busy} onClick={onSave}>
          {es.buttons.save}
        </Button>
        <Button variant="ghost" size="sm" disabled={busy} onClick={removeCard}>
          {es.buttons.remove}
        </Button>
      </div>
    </article>
  );
}
