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
