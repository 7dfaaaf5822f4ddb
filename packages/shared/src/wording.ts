// How counted words and cut texts are written for people: '1 administrador', '3 administradores', and
// previews cut where a word ends, with '…'. No zod here (the web's first screens import it, ADR 0008).

let rules: Intl.PluralRules | undefined;

/**
 * `count` followed by the form of the word its number asks for in Spanish ('1 administrador',
 * '0 administradores', '1,5 horas'), chosen by `Intl.PluralRules('es')` and written the Spanish way
 * (a point between thousands).
 */
export function plural(count: number, one: string, other: string): string {
  rules ??= new Intl.PluralRules('es');
  const word = rules.select(count) === 'one' ? one : other;
  return `${countText(count)} ${word}`;
}

function countText(count: number): string {
  const [whole = '', decimals] = String(Math.abs(count)).split('.');
  const grouped = whole.length > 4 ? whole.replace(/\B(?=(\d{3})+$)/g, '.') : whole;
  return `${count < 0 ? '-' : ''}${grouped}${decimals ? `,${decimals}` : ''}`;
}

/**
 * `text` cut to at most `max` characters (letters as a person counts them, not UTF-16 units) on the last
 * whole word, with '…' when something was left out; a first word longer than `max` is cut inside it.
 * Spaces and line breaks inside the text become single spaces.
 */
export function preview(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const letters = Array.from(flat);
  if (letters.length <= max) return flat;
  const room = letters.slice(0, Math.max(1, max - 1));
  const kept = room.join('');
  const nextIsBreak = letters[room.length] === ' ';
  const lastSpace = kept.lastIndexOf(' ');
  const cut = nextIsBreak || lastSpace <= 0 ? kept : kept.slice(0, lastSpace);
  return `${cut.replace(/[\s,.;:]+$/, '')}…`;
}
