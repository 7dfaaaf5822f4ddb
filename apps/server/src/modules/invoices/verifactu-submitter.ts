import type { RecordRow } from './invoices.repository.ts';

/**
 * Who receives the VERI*FACTU records (docs/invoices.md, Submission). The sandbox keeps them and accepts
 * them at once; the AEAT's web service (SOAP over TLS with the issuer's certificate) would be another
 * implementation of this same interface.
 */
export type VerifactuSubmitter = {
  name: 'sandbox';
  /** answers each record's outcome; throwing leaves them all pending, to be sent again */
  submit(records: RecordRow[]): Promise<Map<string, 'ACEPTADO' | 'RECHAZADO'>>;
};

export const sandboxSubmitter: VerifactuSubmitter = {
  name: 'sandbox',
  async submit(records) {
    return new Map(records.map((record) => [record.id, 'ACEPTADO' as const]));
  },
};

/** The AEAT takes at most 1,000 records per submission (Orden HAC/1177/2024). */
export const SUBMISSION_BATCH = 1_000;
