import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

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
