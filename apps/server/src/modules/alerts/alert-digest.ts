import { ALERT_LIMITS } from '@l4l/shared/constants/alerts';
import { caseCode } from '@l4l/shared/constants/cases';
import { categoryName } from '@l4l/shared/constants/categories';
import { es } from '@l4l/shared/texts/es';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import { withTransaction } from '../../lib/transaction.ts';
import { renderMailLayout } from '../../plugins/mail-layout.ts';
import type { MailOutbox } from '../../plugins/mailer.ts';
import { createAlertsRepository, type DigestCase } from './alerts.repository.ts';

/** docs/alerts.md, The daily digest: its timings. */
export const ALERT_DIGEST = {
  /** the outbox kind of a digest mail */
  kind: 'case-match-digest',
  /** how often each process looks for digests due */
  sweepMs: 15 * 60_000,
  /** no digest before this hour of the day in Madrid */
  fromHour: 8,
  /** lawyers per transaction */
  batchSize: 200,
} as const;

/** The day and hour in Madrid of `at`, as the digest counts days. */
export function madridDay(at: Date): { day: string; hour: number } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Madrid',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: string) => parts.find((one) => one.type === type)?.value ?? '';
  return { day: `${part('year')}-${part('month')}-${part('day')}`, hour: Number(part('hour')) };
}

/** A case as a digest lists it: the title, category and code only, never its client. */
export type DigestLine = { title: string; category: string; code: string };

/**
 * A digest mail, from plain values (the composer, and the mail previews with demo values): in the layout of
 * every notification mail, with the `case.match` unsubscribe footer.
 */
export async function renderDigestMail(content: {
  name: string;
  lines: DigestLine[];
  total: number;
  boardUrl: string;
  unsubscribeUrl: string;
}): Promise<{ subject: string; text: string; html: string }> {
  const t = es.alerts.digest;
  const { total, lines } = content;
  const more = total - lines.length;
  const subject = t.subject(total);
  const rendered = await renderMailLayout({
    subject,
    name: content.name,
    paragraphs: [
      t.intro(total),
      ...lines.map((line) => t.line(line.title, line.category, line.code)),
      ...(more > 0 ? [t.more(more)] : []),
    ],
    action: { label: t.action, url: content.boardUrl },
    unsubscribe: {
      why: `${es.notifications.mail.footer} ${es.notifications.mail.preferences}`,
      label: es.notifications.mail.unsubscribe,
      url: content.unsubscribeUrl,
    },
  });
  return { subject, ...rendered };
}

export function digestLines(cases: DigestCase[]): DigestLine[] {
  return cases.slice(0, ALERT_LIMITS.digestCases).map((one) => ({
    title: one.title,
    category: categoryName(one.category),
    code: caseCode(one.caseId),
  }));
}

/**
 * The daily digest (docs/alerts.md, The daily digest): from 08:00 in Madrid, once a day, every lawyer with
 * `daily` alerts not told yet gets one mail through the outbox listing them (at most 20, newest first, "y N
 * más" beyond); the day is taken in the same transaction that marks the cases told and queues the mail, so
 * two processes sweeping at once write one. A lawyer who turned `case.match` off gets none.
 */
export function createAlertDigest(deps: {
  db: Db;
  outbox: MailOutbox;
  /** of these lawyers, those who turned the `case.match` mails off */
  mailsOff: (userIds: string[]) => Promise<Set<string>>;
  log: FastifyBaseLogger;
}) {
  const repository = createAlertsRepository(deps.db);

  /** The digests of a batch of lawyers in one transaction; answers how many were queued. */
  async function digestsOf(lawyerIds: string[], day: string, now: Date): Promise<number> {
    const off = await deps.mailsOff(lawyerIds);
    return withTransaction(
      deps.db,
      async (tx, afterCommit) => {
        const repo = createAlertsRepository(tx);
        const taken = await repo.takeDigests(lawyerIds, day, now);
        const cases = await repo.takeDigestCases(taken, now);
        let queued = 0;
        for (const [lawyerId, told] of cases) {
          // switched off: the alerts are told all the same, no mail
          if (off.has(lawyerId)) continue;
          await deps.outbox.queue(tx, afterCommit, {
            kind: ALERT_DIGEST.kind,
            userId: lawyerId,
            params: { cases: JSON.stringify(digestLines(told)), total: String(told.length) },
          });
          queued++;
        }
        return queued;
      },
      deps.log,
    );
  }

  async function sweep(now: Date): Promise<number> {
    const { day, hour } = madridDay(now);
    if (hour < ALERT_DIGEST.fromHour) return 0;
    const due = await repository.digestDue();
    let written = 0;
    for (let from = 0; from < due.length; from += ALERT_DIGEST.batchSize) {
      written += await digestsOf(due.slice(from, from + ALERT_DIGEST.batchSize), day, now);
    }
    return written;
  }

  /** Writes the digests due at `at` (now unless a test moves the clock); resolves with how many. */
  return { sweep: (at?: Date) => sweep(at ?? new Date()) };
}
