import { es } from '@l4l/shared/texts/es';
import type { z } from 'zod';
import './zod-config.ts';

/** An answer whose shape is not the contract's (spec §8 'Datos inválidos recibidos del servidor'). */
export class InvalidDataError extends Error {
  override readonly name = 'InvalidDataError';
  constructor() {
    super(es.validation.invalidData);
  }
}

export function isInvalidDataError(error: unknown): error is InvalidDataError {
  return error instanceof InvalidDataError;
}

/** Checks an answer against its shared schema before a screen trusts it. */
export function parseAnswer<T>(schema: z.ZodType<T>, answer: unknown): T {
  const result = schema.safeParse(answer);
  if (!result.success) throw new InvalidDataError();
  return result.data;
}
