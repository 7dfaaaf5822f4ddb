import type { AlertFrequency } from './constants/alerts.ts';
import { searchableText } from './search.ts';

/** How an alert reaches the lawyer's mailbox (docs/alerts.md, Who is alerted). */
export type AlertMail = 'instant' | 'daily';

/** What the rules read of a saved search. */
export type SearchRule = { search: string; category: string | null; frequency: AlertFrequency };

/** What the rules read of a lawyer: their categories and saved searches. */
export type LawyerRule = { categories: string[]; searches: SearchRule[] };

/** What the rules read of a published case. */
export type PublishedCase = { title: string; category: string };

/**
 * Every word of `search` begins a word of `title`, accent- and case-folded (docs/alerts.md, Who is
 * alerted): 'divor mad' finds 'Divorcio en Madrid'; 'divorcios' does not find 'divorcio'. No words: any title.
 */
export function titleMatches(search: string, title: string): boolean {
  const wanted = searchableText(search).split(' ').filter(Boolean);
  if (wanted.length === 0) return true;
  const words = searchableText(title).split(' ');
  return wanted.every((prefix) => words.some((word) => word.startsWith(prefix)));
}

/**
 * Whether and how a lawyer is alerted of a case (docs/alerts.md, Who is alerted), or null: with saved
 * searches, only those not `off` that match count (the category, if any, and every word of the title), and
 * the alert mails at once if any of them is `instant`, else in the daily digest; without any, the case's
 * category among the lawyer's own, told in the daily digest. Verification, bans and addressed cases are the
 * query's part.
 */
export function alertFor(lawyer: LawyerRule, published: PublishedCase): AlertMail | null {
  if (lawyer.searches.length === 0) return lawyer.categories.includes(published.category) ? 'daily' : null;
  const matching = lawyer.searches.filter(
    (rule) =>
      rule.frequency !== 'off' &&
      (rule.category === null || rule.category === published.category) &&
      titleMatches(rule.search, published.title),
  );
  if (matching.length === 0) return null;
  return matching.some((rule) => rule.frequency === 'instant') ? 'instant' : 'daily';
}
