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

/**
 * The words of a web address made from `text`: accent-free, lower-case, only [a-z0-9]
 * ('José Núñez' → ['jose', 'nunez']). Lawyer page slugs and the directory's category and province slugs
 * are these words joined by '-'.
 */
export function slugWords(text: string): string[] {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** Most words of a search the server matches; words past these are left out (ADR 0023). */
export const SEARCH_MAX_WORDS = 8;

/**
 * The words of a search as the stored search texts have them: accent-free, lower-case, [a-z0-9] only,
 * each once, at most SEARCH_MAX_WORDS (ADR 0023). Punctuation alone has no words: it searches nothing.
 */
export function searchWords(search: string | null | undefined): string[] {
  if (!search) return [];
  const words = searchableText(search)
    .split(' ')
    .map((word) => word.replace(/[^a-z0-9]/g, ''))
    .filter(Boolean);
  return [...new Set(words)].slice(0, SEARCH_MAX_WORDS);
}
