import { z } from 'zod';
import { days, type SectionInput } from './fields.ts';

/** How long records are kept (docs/domain.md, Privacy rights, Retention). */

const LEGAL_YEARS_MIN = 6;
const LEGAL_YEARS_MAX = 30;

/**
 * Years a record is kept after the year it was written ends (docs/domain.md, Privacy rights, Retention).
 * Never below 6: the Código de Comercio (art. 30) keeps the documents behind the books that long.
 */
const legalYears = (name: string) => {
  const error = `${name} debe ser un número entero de años entre ${LEGAL_YEARS_MIN} y ${LEGAL_YEARS_MAX}: la ley obliga a conservar estos registros al menos ${LEGAL_YEARS_MIN} años (Código de Comercio, art. 30)`;
  return z.coerce
    .number({ error })
    .int({ error })
    .min(LEGAL_YEARS_MIN, { error })
    .max(LEGAL_YEARS_MAX, { error });
};

export const retentionShape = {
  OUTBOX_RETENTION_DAYS: days('OUTBOX_RETENTION_DAYS', 1, 3650).default(30),
  NOTIFICATION_MAILS_RETENTION_DAYS: days('NOTIFICATION_MAILS_RETENTION_DAYS', 1, 3650).default(90),
  PAYMENT_EVENTS_RETENTION_YEARS: legalYears('PAYMENT_EVENTS_RETENTION_YEARS').default(LEGAL_YEARS_MIN),
  AUDIT_LOG_RETENTION_YEARS: legalYears('AUDIT_LOG_RETENTION_YEARS').default(LEGAL_YEARS_MIN),
};

export type RetentionConfig = {
  /** days a mail written to DATA_DIR/outbox is kept (docs/domain.md, Privacy rights, Retention) */
  outboxRetentionDays: number;
  /** docs/domain.md, Privacy rights, Retention: the delivery records of mails no longer pending */
  notificationMailsRetentionDays: number;
  /** the payment providers' processed events, in years after the year they arrived */
  paymentEventsRetentionYears: number;
  /** the administrators' audit log, in years after the year of the entry */
  auditLogRetentionYears: number;
};

type RetentionEnv = z.infer<z.ZodObject<typeof retentionShape>>;

export function retentionSettings({ e }: SectionInput<RetentionEnv, unknown>): RetentionConfig {
  return {
    outboxRetentionDays: e.OUTBOX_RETENTION_DAYS,
    notificationMailsRetentionDays: e.NOTIFICATION_MAILS_RETENTION_DAYS,
    paymentEventsRetentionYears: e.PAYMENT_EVENTS_RETENTION_YEARS,
    auditLogRetentionYears: e.AUDIT_LOG_RETENTION_YEARS,
  };
}
