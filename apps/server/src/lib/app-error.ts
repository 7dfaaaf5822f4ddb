import { ERROR_MESSAGES, type ErrorCode } from '@l4l/shared/texts/errors';

const STATUS_BY_CODE: Partial<Record<ErrorCode, number>> = {
  VALIDATION_ERROR: 400,
  INVALID_TOKEN: 400,
  INVALID_SIGNATURE: 400,
  UNAUTHENTICATED: 401,
  BAD_CREDENTIALS: 401,
  BAD_CODE: 401,
  FORBIDDEN: 403,
  USER_BANNED: 403,
  LAWYER_NOT_VERIFIED: 403,
  NOT_FOUND: 404,
  USER_NOT_FOUND: 404,
  CONFLICT: 409,
  USER_EXISTS: 409,
  INVALID_TRANSITION: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
};

type AppErrorOptions = {
  /** a more precise Spanish message than the code's default */
  message?: string;
  status?: number;
  fields?: Record<string, string>;
  /** extra members of the error body, e.g. the login's legacy `status: 69` */
  extra?: Record<string, unknown>;
};

/** A domain error with a code of docs/api/http.md, Errors; the one error handler turns it into the envelope. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly statusCode: number;
  readonly fields: Record<string, string> | undefined;
  readonly extra: Record<string, unknown> | undefined;

  constructor(code: ErrorCode, options: AppErrorOptions = {}) {
    super(options.message ?? ERROR_MESSAGES[code]);
    this.name = 'AppError';
    this.code = code;
    this.statusCode = options.status ?? STATUS_BY_CODE[code] ?? 400;
    this.fields = options.fields;
    this.extra = options.extra;
  }
}

export const notFound = (message?: string) => new AppError('NOT_FOUND', { message });
export const forbidden = (message?: string) => new AppError('FORBIDDEN', { message });
export const invalidTransition = (message?: string) => new AppError('INVALID_TRANSITION', { message });
export const validationError = (fields: Record<string, string>, message?: string) =>
  new AppError('VALIDATION_ERROR', { fields, message: message ?? Object.values(fields)[0] });
