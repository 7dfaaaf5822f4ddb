import { CASE_STATUS, isCaseStatus } from '@l4l/shared/constants/cases';
import { es } from '@l4l/shared/texts/es/app';
import styles from './status-chip.module.css';

const TONE: Record<string, string | undefined> = {
  [CASE_STATUS.PDTEAVALIDACION]: styles.validation,
  [CASE_STATUS.PENDIENTE_ASIGNACION]: styles.published,
  [CASE_STATUS.ACTIVO]: styles.active,
  [CASE_STATUS.FINALIZADO]: styles.finished,
  [CASE_STATUS.DESCARTADO]: styles.discarded,
};

/** A case's status as a coloured chip; docs/product.md, Mis casos: an unknown status reads 'Estado desconocido'. */
export function StatusChip({ status }: { status: string }) {
  const known = isCaseStatus(status);
  return (
    <span className={`${styles.chip} ${known ? (TONE[status] ?? '') : styles.unknown}`}>
      {known ? status : es.cases.unknownStatus}
    </span>
  );
}
