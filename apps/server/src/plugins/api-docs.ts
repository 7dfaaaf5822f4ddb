import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';

export const OPENAPI_PATH = '/api/openapi.json';
export const API_DOCS_PREFIX = '/api/docs';

/**
 * The API description, generated from the zod schemas the routes validate with, so it cannot drift from
 * what the server accepts and answers. It must be registered before any route: it collects them as they
 * are added. The OpenAPI document is public (it describes nothing a client could not learn by calling);
 * the interactive reference (Swagger UI, served from its own bundled files, no CDN) is on outside
 * production, or when API_DOCS=true. docs/api/http.md explains the rules the schemas cannot say.
 */
async function apiDocs(app: FastifyInstance) {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'L4L API',
        description:
          'The HTTP API of L4L. Every answer is `{data}` or the error envelope `{error:{code,message,fields?}}`; a session is the `l4l_session` cookie (writes also need the same Origin) or `Authorization: Bearer <token>`. The chat is STOMP over WebSocket at /ws.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: {
          cookie: { type: 'apiKey', in: 'cookie', name: 'l4l_session' },
          bearer: { type: 'http', scheme: 'bearer' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });

  const schema = {
    summary: 'This document: OpenAPI 3.1 of every route',
    tags: ['operations'],
    response: { 200: z.looseObject({ openapi: z.string() }) },
  };
  app.get(OPENAPI_PATH, { schema }, async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return app.swagger();
  });

  if (app.config.apiDocs) {
    await app.register(fastifySwaggerUi, {
      routePrefix: API_DOCS_PREFIX,
      staticCSP: false,
      uiConfig: { docExpansion: 'list', deepLinking: true },
    });
  }
}

export default fp(apiDocs, { name: 'api-docs', dependencies: ['config'] });
