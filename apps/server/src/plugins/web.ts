import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { PAGE_BY_PATH } from '@l4l/shared/constants/pages';
import { ERROR_MESSAGES } from '@l4l/shared/texts/errors';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { clientHomePage } from './client-home.ts';
import { sendError } from './error-handler.ts';

/**
 * Paths that belong to the server: never answered with the web app's index.html, even when nothing
 * serves them (/metrics without METRICS_TOKEN, a reference UI looked for at /docs): a probe or a
 * scraper must see the 404 envelope, not a 200 page.
 */
const SERVER_PATHS = ['/api', '/ws', '/uploads', '/payment/sandbox', '/metrics', '/docs', '/openapi.json'];

/** What a stored image is served as, by its extension (the storage keys are the server's own). */
const UPLOAD_TYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' };

/**
 * The storage folders that are public by design, served at /uploads (docs/api/http.md, Uploads): profile
 * photos and their thumbnails, and chat pictures. Anything else in the storage is private and never
 * served there: a case document (`documents/`, sealed, read through GET /api/documents/{id} by the case's
 * parties only), a marker file, a file half written.
 */
const PUBLIC_UPLOAD_FOLDERS = ['avatars', 'chat'] as const;
const PUBLIC_UPLOAD = new RegExp(
  `^/?(${PUBLIC_UPLOAD_FOLDERS.join('|')})/[\\w-][\\w.-]*\\.(${Object.keys(UPLOAD_TYPES).join('|')})$`,
);

/** The storage key a path under /uploads names when it is a public image; null for anything else. */
export function publicUploadKey(pathname: string): string | null {
  return PUBLIC_UPLOAD.test(pathname) ? pathname.replace(/^\//, '') : null;
}

/**
 * Serves uploaded images at /uploads and the built web app with the SPA fallback: any other GET that
 * matches no file answers index.html, so the client router takes the path; '/', '/login' and '/registro'
 * answer landing.html, and '/dashboard/inicio' home.html (home-client.html for a signed-in client), when the
 * build has them (ADRs 0008, 0021 and 0037).
 */
async function web(app: FastifyInstance) {
  if (app.storage.kind === 'local') {
    const uploads = path.join(app.config.dataDir, 'uploads');
    mkdirSync(uploads, { recursive: true });
    await app.register(fastifyStatic, {
      root: uploads,
      prefix: '/uploads/',
      decorateReply: false,
      // the public folders only: a document's sealed object, also on disk under uploads/, answers 404
      allowedPath: (pathname) => publicUploadKey(pathname) !== null,
      // listed in the OpenAPI document like every other route
      schemaHide: false,
      index: false,
      maxAge: '7d',
      immutable: true,
    });
  } else {
    // object storage: the same URLs, read through the storage, the same public folders only
    app.get<{ Params: { folder: string; name: string } }>(
      '/uploads/:folder/:name',
      async (request, reply) => {
        const { folder, name } = request.params;
        const key = publicUploadKey(`${folder}/${name}`);
        const bytes = key ? await app.storage.get(key) : null;
        if (!key || !bytes) return sendError(reply, 404, 'NOT_FOUND', ERROR_MESSAGES.NOT_FOUND);
        return reply
          .header('content-type', UPLOAD_TYPES[key.slice(key.lastIndexOf('.') + 1)] ?? 'image/png')
          .header('cache-control', 'public, max-age=604800, immutable')
          .send(bytes);
      },
    );
  }

  const webDist = app.config.webDist;
  if (webDist) {
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      wildcard: true,
      // the build writes .br and .gz copies of every script and stylesheet: sent to browsers that accept them
      preCompressed: true,
      // '/' itself has its own route below (the landing page)
      index: ['index.html'],
      setHeaders: (res, filePath) => {
        // hashed build assets never change; the HTML pages must always be revalidated
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        } else if (filePath.endsWith('.html')) {
          res.header('cache-control', 'no-cache');
        }
      },
    });
    // GET and HEAD (Fastify answers HEAD for every GET route), with or without a query string
    // a hard load of '/', '/login', '/registro' (landing.html) or '/dashboard/inicio' (home.html), ADRs 0008 and 0021:
    // index.html where the build has no such page; inside the SPA a link to those paths stays in the SPA
    // a signed-in client's '/dashboard/inicio' is the client home with its first screen in its HTML (ADR 0037)
    const clientHome = clientHomePage(webDist, (caller) => app.accounts.me(caller));
    for (const [url, page] of PAGE_BY_PATH) {
      const file = existsSync(path.join(webDist, page)) ? page : 'index.html';
      const personal = page === 'home.html' ? clientHome : null;
      app.get(url, async (request, reply) => {
        // the same address answers a page of its own to a signed-in client: no cache may hand it to another
        if (personal) reply.header('vary', 'cookie');
        if (personal && (await personal(request, reply))) return reply;
        reply.header('cache-control', 'no-cache');
        return reply.type('text/html; charset=utf-8').sendFile(file, webDist);
      });
    }
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const serverPath = SERVER_PATHS.some((root) => pathname === root || pathname.startsWith(`${root}/`));
    if (webDist && (request.method === 'GET' || request.method === 'HEAD') && !serverPath) {
      reply.header('cache-control', 'no-cache');
      return reply.type('text/html; charset=utf-8').sendFile('index.html', webDist);
    }
    return sendError(reply, 404, 'NOT_FOUND', ERROR_MESSAGES.NOT_FOUND);
  });
}

export default fp(web, { name: 'web', dependencies: ['config'] });
