import { LAWYER_PAGES_PATH } from '@l4l/shared/constants/pages';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { renderLawyerPage, renderNotFoundPage } from './lawyer-page.ts';
import { robotsTxt, sitemapXml } from './sitemap.ts';

/**
 * How long a browser or a shared cache may keep a page: a change (a new rating, a ban) shows within
 * five minutes. The server's own copy is the lawyers feature's, cleared on every change.
 */
const PAGE_CACHE = 'public, max-age=300';
const ROBOTS_CACHE = 'public, max-age=3600';
/** What a slug can be (docs/domain.md, Public lawyer pages); anything else is not a page. */
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const SLUG_MAX = 120;

const html = (reply: FastifyReply) => reply.type('text/html; charset=utf-8');

/**
 * docs/domain.md, Public lawyer pages: /abogados/{slug}, /sitemap.xml and /robots.txt, rendered here so
 * they work without JavaScript and before the web app's own fallback (plugins/web.ts) could answer them.
 */
const publicPagesModule: FastifyPluginAsyncZod = async (app) => {
  const { publicUrl } = app.config;
  const notFound = (reply: FastifyReply) =>
    html(reply).code(404).header('cache-control', 'no-cache').send(renderNotFoundPage());

  app.get(
    `${LAWYER_PAGES_PATH}/:slug`,
    { schema: { params: z.object({ slug: z.string() }) } },
    async (request, reply) => {
      const { slug } = request.params;
      if (slug.length > SLUG_MAX || !SLUG.test(slug)) return notFound(reply);
      const page = await app.lawyers.publicPage(slug);
      if (!page) return notFound(reply);
      return html(reply).header('cache-control', PAGE_CACHE).send(renderLawyerPage(page, { publicUrl }));
    },
  );

  app.get('/sitemap.xml', async (_request, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', PAGE_CACHE)
      .send(sitemapXml(publicUrl, await app.lawyers.listedPages())),
  );

  app.get('/robots.txt', async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', ROBOTS_CACHE).send(robotsTxt(publicUrl)),
  );
};

/** Reads the lawyers feature's pages (`app.lawyers`), so it is registered after it. */
export const publicPagesRoutes = fp(publicPagesModule, { name: 'public-pages', dependencies: ['lawyers'] });
