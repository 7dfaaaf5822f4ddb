import type { PageMeta } from '@l4l/shared/envelope';
import { es } from '@l4l/shared/texts/es/admin';
import type { ReactNode } from 'react';
import { Button } from '../../../components/button/button.tsx';
import styles from './admin.module.css';

export type SortOrder = 'asc' | 'desc';
export type SortState<K extends string> = { key: K; order: SortOrder };

export type Column<T, K extends string> = {
  id: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** makes the header a button that sorts by this key */
  sortKey?: K;
  className?: string;
};

type DataTableProps<T, K extends string> = {
  caption: string;
  columns: Column<T, K>[];
  rows: T[];
  rowKey: (row: T) => string;
  sort?: SortState<K>;
  onSort?: (key: K) => void;
  rowClassName?: (row: T) => string | undefined;
};

/**
 * The console's tables: a real <table> with a caption, headers that sort (aria-sort says how), and on
 * narrow screens a horizontal scroll inside its own focusable region rather than a squeezed layout.
 */
export function DataTable<T, K extends string>({
  caption,
  columns,
  rows,
  rowKey,
  sort,
  onSort,
  rowClassName,
}: DataTableProps<T, K>) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
    <section className={styles.tableScroll} tabIndex={0} aria-label={caption}>
      <table className={styles.table}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => {
              const sorted = column.sortKey !== undefined && sort?.key === column.sortKey;
              const ariaSort = sorted ? (sort?.order === 'asc' ? 'ascending' : 'descending') : undefined;
              return (
                <th key={column.id} scope="col" aria-sort={ariaSort} className={column.className}>
                  {column.sortKey !== undefined && onSort ? (
                    <button
                      type="button"
                      className={styles.sortButton}
                      onClick={() => onSort(column.sortKey as K)}
                      title={es.admin.table.sortBy(column.header.toLowerCase())}
                    >
                      {column.header}
                      <span aria-hidden="true" className={styles.sortMark}>
                        {sorted ? (sort?.order === 'asc' ? '▲' : '▼') : '↕'}
                      </span>
                    </button>
                  ) : (
                    column.header
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} className={rowClassName?.(row)}>
              {columns.map((column) => (
                <td key={column.id} className={column.className}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** The page controls under a table: previous, 'Página x de y', next, and how many results in all. */
export function Pager({ meta, onPage }: { meta: PageMeta; onPage: (page: number) => void }) {
  const pages = Math.max(1, Math.ceil(meta.total / meta.pageSize));
  return (
    <nav className={styles.pager} aria-label={es.dashboard.pageOf(meta.page, pages)}>
      <span className={styles.muted}>{es.admin.table.total(meta.total)}</span>
      <div className={styles.pagerButtons}>
        <Button variant="secondary" size="sm" disabled={meta.page <= 1} onClick={() => onPage(meta.page - 1)}>
          {es.dashboard.previousPage}
        </Button>
        <span aria-current="page">{es.dashboard.pageOf(meta.page, pages)}</span>
        <Button
          variant="secondary"
          size="sm"
          disabled={meta.page >= pages}
          onClick={() => onPage(meta.page + 1)}
        >
          {es.dashboard.nextPage}
        </Button>
      </div>
    </nav>
  );
}

/** Clicking the sorted column flips its order; another column starts with its natural order. */
export function nextSort<K extends string>(
  current: SortState<K>,
  key: K,
  firstOrder: SortOrder,
): SortState<K> {
  if (current.key === key) return { key, order: current.order === 'asc' ? 'desc' : 'asc' };
  return { key, order: firstOrder };
}
