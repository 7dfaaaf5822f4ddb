import { alertFor, type LawyerRule } from '@l4l/shared/alert-rules';
import type { AlertFrequency } from '@l4l/shared/constants/alerts';
import { caseCode } from '@l4l/shared/constants/cases';
import { categoryName } from '@l4l/shared/constants/categories';
import { notificationLinks } from '@l4l/shared/constants/notifications';
import { es } from '@l4l/shared/texts/es';
import type {
  caseAlerts,
  cases,
  lawyerProfiles,
  notifications,
  savedSearches,
  users,
} from '../schema/index.ts';

type Row<T extends { $inferInsert: unknown }> = T['$inferInsert'];
const MINUTE = 60_000;

/** The demo lawyers' saved searches, by their place among the verified demo lawyers (docs/alerts.md). */
const DEMO_SEARCHES: Array<{
  lawyer: number;
  name: string;
  search: string;
  category: string | null;
  frequency: AlertFrequency;
}> = [
  { lawyer: 0, name: 'Divorcios', search: 'divorcio', category: 'Abogado Divorcios', frequency: 'instant' },
  { lawyer: 0, name: 'Herencias y testamentos', search: 'herencia', category: null, frequency: 'daily' },
  { lawyer: 0, name: 'Alquileres (sin avisos)', search: 'alquiler', category: null, frequency: 'off' },
  { lawyer: 1, name: 'Despidos', search: 'despido', category: 'Abogado Laboral', frequency: 'instant' },
  { lawyer: 2, name: 'Todo lo civil', search: '', category: 'Abogado Civil', frequency: 'daily' },
];

/**
 * Saved searches for a few demo lawyers, and the `case.match` alerts the cases on the board would have
 * raised when they were published (docs/alerts.md): the same rules and texts as the live fan-out, in the
 * app only (the demo's past was never mailed, and no digest is owed for it), the newest unread.
 */
export function planDemoAlerts(
  plan: {
    users: Row<typeof users>[];
    profiles: Row<typeof lawyerProfiles>[];
    cases: Row<typeof cases>[];
  },
  now: Date,
) {
  const verified = plan.profiles.filter((p) => p.verifiedAt);
  const searches: Row<typeof savedSearches>[] = DEMO_SEARCHES.flatMap((one, i) => {
    const lawyerId = verified[one.lawyer]?.userId;
    if (!lawyerId) return [];
    const { name, search, category, frequency } = one;
    const at = new Date(now.getTime() - (30 * 24 * 60 - i) * MINUTE);
    return [{ lawyerId, name, search, category, frequency, createdAt: at, updatedAt: at }];
  });
  const banned = new Set(plan.users.filter((u) => u.bannedAt || u.erasedAt).map((u) => u.id));
  const lawyers = verified
    .filter((p) => !banned.has(p.userId))
    .map((p) => ({
      id: p.userId,
      rule: {
        categories: p.categories ?? [],
        searches: searches.filter((s) => s.lawyerId === p.userId),
      } as LawyerRule,
    }));
  const board = plan.cases.filter(
    (c) => c.status === 'PENDIENTE DE ASIGNACIÓN' && !c.addressedLawyerId && c.validatedAt && c.id,
  );
  const alerts: Row<typeof caseAlerts>[] = [];
  const rows: Row<typeof notifications>[] = [];
  const texts = es.notifications.events['case.match'];
  for (const published of board) {
    const caseId = published.id as string;
    const at = published.validatedAt as Date;
    const facts = {
      caseTitle: published.title,
      category: categoryName(published.category ?? ''),
      code: caseCode(caseId),
    };
    for (const lawyer of lawyers) {
      const mail = alertFor(lawyer.rule, { title: published.title, category: published.category ?? '' });
      if (!mail) continue;
      alerts.push({ caseId, lawyerId: lawyer.id, mail, createdAt: at, digestedAt: at });
      rows.push({
        userId: lawyer.id,
        type: 'case.match',
        title: texts.title(facts),
        body: texts.body(facts),
        link: notificationLinks.boardCase(caseId, published.title),
        caseId,
        createdAt: at,
        // the last day's alerts are left unread, so the bell counts them
        readAt: now.getTime() - at.getTime() < 24 * 60 * MINUTE ? null : new Date(at.getTime() + MINUTE),
      });
    }
  }
  return { searches, alerts, notifications: rows };
}
