import { es } from '@l4l/shared/texts/es/public';

/**
 * An answer whose shape is not the shared schema's ('Datos inválidos recibidos del servidor'). Apart from
 * parse-answer.ts so the query client can tell it without loading zod: the landing page has no zod until a
 * modal opens (ADR 0008).
 */
export class InvalidDataError extends Error {
  override readonly name = 'InvalidDataError';
  constructor() {
    super(es.validation.invalidData);
  }
}

export function isInvalidDataError(error: unknown): error is InvalidDataError {
  return error instanceof InvalidDataError;
}
