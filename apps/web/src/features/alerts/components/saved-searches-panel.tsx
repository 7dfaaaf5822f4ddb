import { ALERT_FREQUENCIES, ALERT_LIMITS, type AlertFrequency } from '@l4l/shared/constants/alerts';
import { CATEGORIES } from '@l4l/shared/constants/categories';
import type { SavedSearch } from '@l4l/shared/schemas/alerts';
import { es } from '@l4l/shared/texts/es/app';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/button/button.tsx';
import { Field } from '../../../components/form/field.tsx';
import list from '../../../components/list-page/list-page.module.css';
import { isApiError } from '../../../lib/api-client.ts';
import { categoryName } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import {
  type SavedSearchForm,
  useDeleteSearch,
  useSavedSearches,
  useSaveSearch,
} from '../api/saved-searches.ts';
import styles from './saved-searches-panel.module.css';

const t = es.alerts;

const failed = (error: unknown) => toast.error(isApiError(error) ? error.message : t.failed);

function FrequencySelect({
  value,
  onChange,
  label = t.frequencyLabel,
}: {
  value: AlertFrequency;
  onChange: (value: AlertFrequency) => void;
  label?: string;
}) {
  return (
    <Field label={label}>
      {(control) => (
        <select
          {...control}
          className={list.select}
          value={value}
          onChange={(event) => onChange(event.target.value as AlertFrequency)}
        >
          {ALERT_FREQUENCIES.map((frequency) => (
            <option key={frequency} value={frequency}>
              {t.frequencies[frequency]}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

function NameField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <Field label={t.nameLabel}>
      {(control) => (
        <input
          {...control}
          className={list.select}
          maxLength={ALERT_LIMITS.savedSearchNameMax}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Field>
  );
}

/** "Guardar esta búsqueda": the board's words, a name, a category or none, and how to be told. */
function NewSearchForm({ search, onDone }: { search: string; onDone: () => void }) {
  const save = useSaveSearch();
  const [form, setForm] = useState<SavedSearchForm>({
    name: t.defaultName(search, undefined).slice(0, ALERT_LIMITS.savedSearchNameMax),
    search,
    category: null,
    frequency: 'instant',
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(form, {
      onSuccess: () => {
        toast.success(t.saved);
        onDone();
      },
      onError: failed,
    });
  };
  return (
    <form className={styles.form} onSubmit={submit} aria-label={t.saveSearch}>
      <NameField value={form.name} onChange={(name) => setForm({ ...form, name })} />
      <p className={styles.words}>
        {t.wordsLabel}: <strong>{search || t.anyWords}</strong>
      </p>
      <Field label={t.categoryLabel}>
        {(control) => (
          <select
            {...control}
            className={list.select}
            value={form.category ?? ''}
            onChange={(event) => setForm({ ...form, category: event.target.value || null })}
          >
            <option value="">{t.anyCategory}</option>
            {CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {categoryName(category)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <FrequencySelect value={form.frequency} onChange={(frequency) => setForm({ ...form, frequency })} />
      <div className={styles.actions}>
        <Button type="submit" disabled={save.isPending}>
          {t.save}
        </Button>
        <Button type="button" variant="ghost" onClick={onDone}>
          {t.cancel}
        </Button>
      </div>
    </form>
  );
}

/** One saved search: rename it, change how it alerts, delete it. */
function SavedSearchItem({ saved }: { saved: SavedSearch }) {
  const save = useSaveSearch();
  const remove = useDeleteSearch();
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(saved.name);
  const fields: SavedSearchForm = {
    name: saved.name,
    search: saved.search,
    category: saved.category,
    frequency: saved.frequency,
  };
  const change = (changes: Partial<SavedSearchForm>, then?: () => void) =>
    save.mutate(
      { id: saved.id, ...fields, ...changes },
      {
        onSuccess: () => {
          toast.success(t.updated);
          then?.();
        },
        onError: failed,
      },
    );
  const summary = [saved.search || t.anyWords, saved.category ? categoryName(saved.category) : t.anyCategory];
  return (
    <li className={styles.item}>
      {renaming ? (
        <form
          className={styles.rename}
          onSubmit={(event) => {
            event.preventDefault();
            change({ name }, () => setRenaming(false));
          }}
        >
          <NameField value={name} onChange={setName} />
          <Button type="submit" size="sm" disabled={save.isPending}>
            {t.save}
          </Button>
          <Button type="button" size="sm" variant="ghost" onClick={() => setRenaming(false)}>
            {t.cancel}
          </Button>
        </form>
      ) : (
        <div className={styles.head}>
          <h3 className={styles.name}>{saved.name}</h3>
          <p className={styles.summary}>{summary.join(' · ')}</p>
        </div>
      )}
      <div className={styles.controls}>
        <FrequencySelect
          label={`${t.frequencyLabel}: ${saved.name}`}
          value={saved.frequency}
          onChange={(frequency) => change({ frequency })}
        />
        {renaming ? null : (
          <Button size="sm" variant="secondary" onClick={() => setRenaming(true)}>
            {t.rename}
          </Button>
        )}
        <Button
          size="sm"
          variant="ghost"
          aria-label={`${t.remove}: ${saved.name}`}
          disabled={remove.isPending}
          onClick={() =>
            remove.mutate(saved.id, { onSuccess: () => toast.success(t.removed), onError: failed })
          }
        >
          {t.remove}
        </Button>
      </div>
    </li>
  );
}

/**
 * The lawyer's saved board searches (docs/alerts.md), beside the board: "Guardar esta búsqueda" from the
 * board's current words, and the list to rename, change the frequency or delete.
 */
export function SavedSearchesPanel({ search }: { search: string }) {
  const searches = useSavedSearches();
  const [adding, setAdding] = useState(false);
  const rows = searches.data ?? [];
  const full = rows.length >= ALERT_LIMITS.savedSearchesMax;
  return (
    <section className={`${list.filters} ${styles.panel}`} aria-labelledby="saved-searches-title">
      <div className={styles.top}>
        <h2 id="saved-searches-title" className={styles.title}>
          {t.savedSearches} {searches.data ? `(${rows.length})` : ''}
        </h2>
        {adding ? null : (
          <Button
            variant="secondary"
            size="sm"
            onClick={() => (full ? toast.error(t.tooMany(ALERT_LIMITS.savedSearchesMax)) : setAdding(true))}
          >
            {t.saveSearch}
          </Button>
        )}
      </div>
      <p className={styles.hint}>{t.savedSearchesHint}</p>
      {adding ? <NewSearchForm key={search} search={search} onDone={() => setAdding(false)} /> : null}
      {searches.data && rows.length === 0 ? <p className={styles.hint}>{t.noSavedSearches}</p> : null}
      {rows.length > 0 ? (
        <ul className={styles.list}>
          {rows.map((saved) => (
            <SavedSearchItem key={`${saved.id}-${saved.name}`} saved={saved} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}
