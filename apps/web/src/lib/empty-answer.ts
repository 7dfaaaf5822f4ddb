import { InvalidDataError } from './invalid-data-error.ts';

/**
 * The answer of an action that returns nothing: docs/api/http.md's `{data: null}` (`emptyEnvelope` in
 * @l4l/shared/envelope), or no body at all for a 204. Checked without zod, so that signing out from the
 * landing page still loads none of it (ADR 0008).
 */
export function parseEmptyAnswer(answer: unknown): void {
  if (answer !== null && answer !== undefined) throw new InvalidDataError();
}
