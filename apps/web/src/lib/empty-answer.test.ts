import { describe, expect, it } from 'vitest';
import { parseEmptyAnswer } from './empty-answer.ts';
import { isInvalidDataError } from './invalid-data-error.ts';

describe('parseEmptyAnswer', () => {
  it("takes `{data: null}` and a 204's missing body, and nothing else", () => {
    expect(() => parseEmptyAnswer(null)).not.toThrow();
    expect(() => parseEmptyAnswer(undefined)).not.toThrow();
    for (const answer of [{}, 'ok', 0, false, []]) {
      let caught: unknown;
      try {
        parseEmptyAnswer(answer);
      } catch (error) {
        caught = error;
      }
      expect(isInvalidDataError(caught)).toBe(true);
    }
  });
});
