import type { AcademicEntry, WorkEntry } from '@l4l/shared/schemas/lawyers';
import { es } from '@l4l/shared/texts/es/profile';
import { useId } from 'react';
import { formatDay } from '../../../lib/format.ts';
import styles from './experience-list.module.css';

/** '7/3/2015 - Presente': an empty end date means the entry is current (docs/domain.md, Validation rules). */
export function periodText(startDate: string, endDate: string | null): string {
  return `${formatDay(startDate)} - ${endDate ? formatDay(endDate) : es.lawyerProfile.present}`;
}

type Item = { id: string; heading: string; place: string; startDate: string; endDate: string | null };

/** Read-only experience, as a client sees it on the public profile. */
function ExperienceList({ title, items }: { title: string; items: Item[] }) {
  const titleId = useId();
  return (
    <section className={styles.section} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.title}>
        {title}
      </h2>
      {items.length === 0 ? (
        <p className={styles.empty}>{es.lawyerProfile.noExperience}</p>
      ) : (
        <ol className={styles.list}>
          {items.map((item) => (
            <li key={item.id} className={styles.item}>
              <p className={styles.heading}>{item.heading}</p>
              <p className={styles.place}>{item.place}</p>
              <p className={styles.period}>{periodText(item.startDate, item.endDate)}</p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

export function WorkExperienceList({ entries }: { entries: WorkEntry[] }) {
  return (
    <ExperienceList
      title={es.lawyerProfile.workExperience}
      items={entries.map((entry) => ({ ...entry, heading: entry.position, place: entry.company }))}
    />
  );
}

export function AcademicExperienceList({ entries }: { entries: AcademicEntry[] }) {
  return (
    <ExperienceList
      title={es.lawyerProfile.academicExperience}
      items={entries.map((entry) => ({ ...entry, heading: entry.title, place: entry.center }))}
    />
  );
}
