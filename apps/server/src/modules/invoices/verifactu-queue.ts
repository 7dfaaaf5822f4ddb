import type { FastifyBaseLogger } from 'fastify';
import type { InvoicesRepository, SubmissionAnswer } from './invoices.repository.ts';
import { SUBMISSION_BATCH, type VerifactuSubmitter } from './verifactu-submitter.ts';

/**
 * The VERI*FACTU submission queue (docs/invoices.md, Submission): the records wait as PENDIENTE and are
 * sent a batch at a time, after each issuing commit and on a timer.
 */
export function createVerifactuQueue(deps: {
  read: InvoicesRepository;
  submitter: VerifactuSubmitter;
  log: FastifyBaseLogger;
  /** runs a submission when no other process is running one (db/one-at-a-time.ts); none: at once */
  exclusive?: <T>(work: () => Promise<T>) => Promise<T>;
}) {
  const { read, submitter, log } = deps;
  const exclusive = deps.exclusive ?? ((work) => work());
  let running: Promise<number> = Promise.resolve(0);
  async function submitAll(): Promise<number> {
    let accepted = 0;
    for (;;) {
      const batch = await read.pendingRecords(SUBMISSION_BATCH);
      if (batch.length === 0) return accepted;
      let outcomes: Map<string, SubmissionAnswer>;
      try {
        outcomes = await submitter.submit(batch);
      } catch (error) {
        log.warn({ err: error, records: batch.length }, 'VERI*FACTU submission failed: retried later');
        return accepted;
      }
      for (const { record } of batch) {
        const answer = outcomes.get(record.id);
        if (!answer) continue;
        await read.setSubmission(record.id, answer);
        const facts = {
          recordId: record.id,
          numSerie: record.numSerie,
          code: answer.code,
          message: answer.message,
        };
        if (answer.status === 'RECHAZADO') log.error(facts, 'VERI*FACTU record rejected');
        else accepted++;
        if (answer.status === 'ACEPTADO_CON_ERRORES')
          log.warn(facts, 'VERI*FACTU record accepted with errors');
      }
      // a record the submitter could not send yet stays pending: the timer tries again
      if (batch.length < SUBMISSION_BATCH || outcomes.size < batch.length) return accepted;
    }
  }

  /**
   * After an issuing commit: the sandbox answers at once, so the caller waits for it; the AEAT's web
   * service may take seconds (and its retries more), so a payment never waits for it.
   */
  function submitAfterCommit(): Promise<void> | undefined {
    const run = submitPending();
    if (submitter.name === 'sandbox') return run.then(() => undefined);
    void run.catch(() => undefined);
    return undefined;
  }

  /**
   * Sends the records still pending to the submitter, a batch at a time; what fails stays pending for the
   * next call (after each issuing commit, and on a timer). One submission at a time in this process, and
   * with `exclusive` in all of them: two processes would send the same records, each keeping its own
   * count of the AEAT's waiting time.
   */
  function submitPending(): Promise<number> {
    const run = () => exclusive(submitAll);
    running = running.then(run, run);
    return running;
  }

  return { submitPending, submitAfterCommit };
}
