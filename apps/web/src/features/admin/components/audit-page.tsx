import type { AuditEntry } from '@l4l/shared/schemas/admin';
import { es } from '@l4l/shared/texts/es/admin';
import { format, parseISO } from 'date-fns';
import { useState } from 'react';
import { type AuditQuery, useAuditLog } from '../api/get-audit-log.ts';
import styles from './admin.module.css';
import { type Column, DataTable, Pager } from './data-table.tsx';
import { QueryState, SectionHeading } from './query-state.tsx';

const t = es.admin.audit;

const columns: Column<AuditEntry, 'createdAt'>[] = [
  {
    id: 'when',
    header: t.when,
    sortKey: 'createdAt',
    className: styles.nowrap,
    cell: (entry) => (
      <time dateTime={entry.createdAt}>{format(parseISO(entry.createdAt), 'd/M/y HH:mm')}</time>
    ),
  },
  { id: 'who', header: t.who, cell: (entry) => entry.adminName ?? '' },
  { id: 'action', header: t.action, cell: (entry) => t.actions[entry.action] ?? entry.action },
  {
    id: 'target',
    header: t.target,
    cell: (entry) => (
      <>
        {entry.targetLabel ?? entry.targetId}
        <span className={styles.subline}>{t.targetTypes[entry.targetType] ?? entry.targetType}</span>
      </>
    ),
  },
  { id: 'reason', header: t.reason, cell: (entry) => entry.reason || t.noReason },
];

/** 'Registro de auditoría': every admin action, newest first; read-only by design. */
export function AuditPage() {
  const [query, setQuery] = useState<AuditQuery>({ page: 1, order: 'desc' });
  const audit = useAuditLog(query);
  return (
    <section className={styles.page}>
      <SectionHeading title={es.admin.sections.audit} lead={es.admin.leads.audit} />
      {!audit.data ? (
        <QueryState isError={audit.isError} onRetry={() => void audit.refetch()} />
      ) : audit.data.rows.length === 0 ? (
        <p className={styles.empty}>{t.empty}</p>
      ) : (
        <>
          <DataTable
            caption={es.admin.sections.audit}
            columns={columns}
            rows={audit.data.rows}
            rowKey={(entry) => entry.id}
            sort={{ key: 'createdAt', order: query.order }}
            onSort={() => setQuery((q) => ({ page: 1, order: q.order === 'asc' ? 'desc' : 'asc' }))}
          />
          <Pager meta={audit.data.meta} onPage={(page) => setQuery((q) => ({ ...q, page }))} />
        </>
      )}
    </section>
  );
}
