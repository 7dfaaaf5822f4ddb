import { es } from '@l4l/shared/texts/es/signed-in';
import { Button } from '../button/button.tsx';
import styles from './list-page.module.css';

/** Pages of a list answered with `meta {total, pageSize}`; at least one. */
export function pageCount(meta: { total: number; pageSize: number } | undefined): number {
  return meta ? Math.max(1, Math.ceil(meta.total / meta.pageSize)) : 1;
}

type PagerProps = {
  page: number;
  pages: number;
  onPage: (page: number) => void;
  /** the navigation's name; by default 'Página n de m' */
  label?: string;
  size?: 'sm';
  className?: string;
};

/** 'Anterior · Página n de m · Siguiente' under a paged list; nothing when there is one page. */
export function Pager({ page, pages, onPage, label, size, className = styles.pager }: PagerProps) {
  if (pages <= 1) return null;
  return (
    <nav className={className} aria-label={label ?? es.dashboard.pageOf(page, pages)}>
      <Button variant="secondary" size={size} disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {es.dashboard.previousPage}
      </Button>
      <span aria-live="polite">{es.dashboard.pageOf(page, pages)}</span>
      <Button variant="secondary" size={size} disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {es.dashboard.nextPage}
      </Button>
    </nav>
  );
}
