import { LIMITS } from '@l4l/shared/constants/limits';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Every JSON body the API takes without an image fits in a few KiB (the longest field is a Google
 * credential of 8,192 characters); a bigger body is refused (413) before it is read, so a client cannot
 * make the server buffer and parse megabytes on a public route.
 */
export const DEFAULT_BODY_LIMIT = 16 * 1024;

/** The routes that take an image as a data URL: 5 MiB grows by a third in base64, plus the other fields. */
export const IMAGE_BODY_LIMIT = Math.ceil((LIMITS.imageMaxBytes * 4) / 3) + 64 * 1024;

/** (+) The one route that takes a case document (multipart, 20 MB) and the multipart framing around it. */
export const DOCUMENT_BODY_LIMIT = LIMITS.documentMaxBytes + 64 * 1024;

/**
 * docs/api/http.md, Conventions: JSON in, and 415 for a wrong media type. Two departures from Fastify's defaults:
 *
 * - An empty body sent with `Content-Type: application/json` is no body. Clients written from docs/api/http.md
 *   send that header on every call, also on the actions that carry nothing (close-case, accept-proposal,
 *   ban, `recover-password?email=`); Fastify refused those with 400. A route that needs a body still answers
 *   400 with the fields that are missing.
 * - `text/plain` is not parsed: a text body is a wrong media type (415), not a malformed object (400).
 *
 * Everything else is Fastify's own JSON parsing (prototype poisoning refused). A scope that parses JSON its
 * own way (the payment webhook keeps the raw bytes) removes this parser first.
 */
async function bodyParsers(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text === '') done(null, undefined);
    else parseJson(request, text, done);
  });
}

export default fp(bodyParsers, { name: 'body-parsers' });
