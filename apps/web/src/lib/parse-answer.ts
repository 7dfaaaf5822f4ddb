import type { z } from 'zod';
import { InvalidDataError } from './invalid-data-error.ts';
import './zod-config.ts';

export { InvalidDataError, isInvalidDataError } from './invalid-data-error.ts';

/** Checks an answer against its shared schema before a screen trusts it. */
export function parseAnswer<T>(schema: z.ZodType<T>, answer: unknown): T {
  const result = schema.safeParse(answer);
  if (!result.success) throw new InvalidDataError();
  return result.data;
}
