import { ERROR_MESSAGES, type ErrorCode } from '@l4l/shared/texts/errors';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error.ts';
import { isDatabaseUnavailable } from '../lib/db-errors.ts';

/** Seconds a client waits before asking again when the database could not answer (RFC 9110, 10.2.3). */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 'VALIDATION_ERROR',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  503: 'SERVICE_UNAVAILABLE',
};

const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'El cuerpo de la petición no es un JSON válido.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'El cuerpo de la petición está vacío.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Tipo de contenido no admitido: envía JSON.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'La petición es demasiado grande.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'La longitud del contenido no es válida.',
};

export function sendError(
  reply: FastifyReply,
  status: number,
  code: string,
  message: string,
  more: Record<string, unknown> = {},
) {
  return reply.status(status).send({ error: { code, message, ...more } });
}

/** Turns a validation issue's path ('/lawyerCategory/0') into the field name the envelope shows. */
function fieldOf(instancePath: string): string {
  return instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
}

/** 503 with Retry-After: the database is down, stalled or overloaded, and asking again later may work. */
export function sendDatabaseUnavailable(reply: FastifyReply, more: Record<string, unknown> = {}) {
  reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
  return sendError(reply, 503, 'SERVICE_UNAVAILABLE', ERROR_MESSAGES.SERVICE_UNAVAILABLE, more);
}

/**
 * One error handler for the whole API: AppError → envelope; schema validation → 400 with fields;
 * Fastify's own 4xx → envelope in Spanish; a database that could not answer → 503 with Retry-After;
 * anything else → 500 without details (logged).
 */
async function errorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      if (error.statusCode === 429 && error.extra?.retryAfter) {
        reply.header('retry-after', String(error.extra.retryAfter));
      }
      const { retryAfter: _ignored, ...extra } = error.extra ?? {};
      return sendError(reply, error.statusCode, error.code, error.message, {
        ...extra,
        ...(error.fields ? { fields: error.fields } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // every path parameter is an id (or a session id): one that is not even well-formed names nothing,
      // so it is 404 like an unknown one (docs/api/http.md, Conventions), not 400; guards in onRequest (401, 403) have run already
      if (error.validationContext === 'params') {
        return sendError(reply, 404, 'NOT_FOUND', ERROR_MESSAGES.NOT_FOUND);
      }
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const field = fieldOf(issue.instancePath);
        fields[field] ??= issue.message ?? ERROR_MESSAGES.VALIDATION_ERROR;
      }
      const first = Object.values(fields)[0];
      return sendError(reply, 400, 'VALIDATION_ERROR', first ?? ERROR_MESSAGES.VALIDATION_ERROR, { fields });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = CODE_BY_STATUS[status] ?? 'VALIDATION_ERROR';
      const message = (error.code && FASTIFY_MESSAGES[error.code]) || ERROR_MESSAGES[code];
      return sendError(reply, status, code, message);
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return sendDatabaseUnavailable(reply);
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(reply, 500, 'INTERNAL_ERROR', ERROR_MESSAGES.INTERNAL_ERROR);
  });
}

export default fp(errorHandler, { name: 'error-handler' });
