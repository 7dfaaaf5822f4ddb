/**
 * Accent-free, lower-cased text for full-text search, so that 'garcia' finds 'García' (ADR 0002).
 * The server stores it beside each lawyer and applies it to every query.
 */
export function searchableText(...parts: Array<string | null | undefined>): string {
  return parts
    .filter(Boolean)
    .join(' ')
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
