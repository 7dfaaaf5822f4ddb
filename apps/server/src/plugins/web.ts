import { mkdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { ERROR_MESSAGES } from '@l4l/shared/texts/errors';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sendError } from './error-handler.ts';

/** Paths that belong to the server: never answered with the web app's index.html. */
const SERVER_PREFIXES = ['/api/', '/api', '/ws', '/uploads/', '/payment/sandbox/'];

/**
 * Serves uploaded images at /uploads and the built web app with the SPA fallback: any other GET that
 * matches no file answers index.html, so the client router takes the path.
 */
async function web(app: FastifyInstance) {
  const uploads = path.join(app.config.dataDir, 'uploads');
  mkdirSync(uploads, { recursive: true });
  await app.register(fastifyStatic, {
    root: uploads,
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    maxAge: '7d',
    immutable: true,
  });

  const webDist = app.config.webDist;
  if (webDist) {
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      wildcard: true,
      // the build writes .br and .gz copies of every script and stylesheet: sent to browsers that accept them
      preCompressed: true,
      // '/' is the app itself: index.html, like every client-side route
      index: ['index.html'],
      setHeaders: (res, filePath) => {
        // hashed build assets never change; index.html must always be revalidated
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        } else if (filePath.endsWith('index.html')) {
          res.header('cache-control', 'no-cache');
        }
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const serverPath = SERVER_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(prefix));
    if (webDist && (request.method === 'GET' || request.method === 'HEAD') && !serverPath) {
      reply.header('cache-control', 'no-cache');
      return reply.type('text/html; charset=utf-8').sendFile('index.html', webDist);
    }
    return sendError(reply, 404, 'NOT_FOUND', ERROR_MESSAGES.NOT_FOUND);
  });
}

export default fp(web, { name: 'web', dependencies: ['config'] });
