import type { PendingRecord, SubmissionAnswer } from './invoices.repository.ts';

/**
 * Who receives the VERI*FACTU records (docs/invoices.md, Submission): the sandbox, which keeps them and
 * accepts them at once (the default), or the AEAT's web service (`aeat-submitter.ts`, configured with
 * VERIFACTU_ENDPOINT and the certificate).
 */
export type VerifactuSubmitter = {
  name: 'sandbox' | 'aeat';
  /**
   * Answers the outcome of each record it could send, by record id. A record left out of the answer
   * stays pending and is sent again later; throwing leaves them all pending.
   */
  submit(records: PendingRecord[]): Promise<Map<string, SubmissionAnswer>>;
};

export const sandboxSubmitter: VerifactuSubmitter = {
  name: 'sandbox',
  async submit(records) {
    return new Map(records.map(({ record }) => [record.id, { status: 'ACEPTADO' as const }]));
  },
};

/** The AEAT takes at most 1,000 records per submission (Orden HAC/1177/2024). */
export const SUBMISSION_BATCH = 1_000;
