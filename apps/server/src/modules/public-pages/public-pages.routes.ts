import { CATEGORIES } from '@l4l/shared/constants/categories';
import { CATEGORY_BY_SLUG, PROVINCE_BY_SLUG } from '@l4l/shared/constants/directory-pages';
import { LAWYER_PAGES_PATH } from '@l4l/shared/constants/pages';
import { ALL_SPAIN } from '@l4l/shared/constants/provinces';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DirectoryCombination, LawyersService } from '../lawyers/index.ts';
import { DIRECTORY_PAGE_SIZE, PAGE_PARAM, pageCount, renderDirectoryPage } from './directory-page.ts';
import { renderLawyerPage, renderNotFoundPage } from './lawyer-page.ts';
import { robotsTxt, type SitemapFile, sitemapFiles, sitemapIndexXml, urlsetXml } from './sitemap.ts';

/**
 * How long a browser or a shared cache may keep a page: a change (a new rating, a ban) shows within
 * five minutes. The server's own copy is the lawyers feature's, cleared on every change.
 */
const PAGE_CACHE = 'public, max-age=300';
const ROBOTS_CACHE = 'public, max-age=3600';
/** What a slug can be (docs/domain.md, Public lawyer pages); anything else is not a page. */
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const SLUG_MAX = 120;
/** `?pagina=` of a directory page: a whole number from 1 (the first page's address has none); anything else is no page. */
const PAGE_NUMBER = /^[1-9][0-9]{0,5}$/;

const html = (reply: FastifyReply) => reply.type('text/html; charset=utf-8');
const xml = (reply: FastifyReply) =>
  reply.type('application/xml; charset=utf-8').header('cache-control', PAGE_CACHE);

/** The page number a directory page was asked for, or null when the parameter cannot be one. */
function pageNumber(value: unknown): number | null {
  if (value === undefined) return 1;
  return typeof value === 'string' && PAGE_NUMBER.test(value) ? Number(value) : null;
}

/**
 * docs/domain.md, Public lawyer pages and Public directory pages: /abogados/{slug}, /abogados/{category},
 * /abogados/{category}/{province}, /sitemap.xml (an index of /sitemap-{n}.xml past the protocol's
 * limits) and /robots.txt, rendered here so they work without JavaScript and before the web app's own
 * fallback (plugins/web.ts) could answer them.
 */
export type PublicPagesOptions = {
  /** the lawyers feature's public pages and lists (a plain dependency, handed in by app.ts) */
  lawyers: Pick<LawyersService, 'publicPage' | 'listedPages' | 'publicListing' | 'directoryCombinations'>;
};

const publicPagesModule: FastifyPluginAsyncZod<PublicPagesOptions> = async (app, { lawyers: directory }) => {
  const { publicUrl } = app.config;
  const notFound = (reply: FastifyReply) =>
    html(reply).code(404).header('cache-control', 'no-cache').send(renderNotFoundPage());

  /** A category's page (province null: all of Spain), or 404 past its last page. */
  async function directoryPage(
    reply: FastifyReply,
    category: string,
    province: string | null,
    query: Record<string, unknown>,
  ) {
    const page = pageNumber(query[PAGE_PARAM]);
    if (page === null) return notFound(reply);
    const listing = await directory.publicListing(category, province, {
      page,
      pageSize: DIRECTORY_PAGE_SIZE,
    });
    if (page > pageCount(listing.total)) return notFound(reply);
    const combinations = await directory.directoryCombinations();
    const provinces =
      province === null
        ? combinations
            .filter((row) => row.category === category && row.province !== ALL_SPAIN)
            .map((row) => row.province)
        : [];
    // an empty province page points at the categories that do have lawyers there
    const otherCategories =
      province !== null && listing.total === 0
        ? CATEGORIES.filter((other) =>
            combinations.some((row) => row.category === other && row.province === province),
          )
        : [];
    return html(reply)
      .header('cache-control', PAGE_CACHE)
      .send(
        renderDirectoryPage({ category, province, page, listing, provinces, otherCategories }, { publicUrl }),
      );
  }

  // read by pageNumber, which answers 404 rather than a JSON refusal for what cannot be a page
  const query = z.object({ [PAGE_PARAM]: z.unknown().optional() });

  app.get(
    `${LAWYER_PAGES_PATH}/:slug`,
    { schema: { params: z.object({ slug: z.string() }), querystring: query } },
    async (request, reply) => {
      const { slug } = request.params;
      // a category's slug is never a lawyer's (docs/decisions/0018)
      const category = CATEGORY_BY_SLUG.get(slug);
      if (category) return directoryPage(reply, category, null, request.query);
      if (slug.length > SLUG_MAX || !SLUG.test(slug)) return notFound(reply);
      const page = await directory.publicPage(slug);
      if (!page) return notFound(reply);
      return html(reply).header('cache-control', PAGE_CACHE).send(renderLawyerPage(page, { publicUrl }));
    },
  );

  app.get(
    `${LAWYER_PAGES_PATH}/:category/:province`,
    {
      schema: {
        params: z.object({ category: z.string(), province: z.string() }),
        querystring: query,
      },
    },
    async (request, reply) => {
      const category = CATEGORY_BY_SLUG.get(request.params.category);
      const province = PROVINCE_BY_SLUG.get(request.params.province);
      if (!category || !province) return notFound(reply);
      return directoryPage(reply, category, province, request.query);
    },
  );

  // the files are cut again only when the lawyers' cached lists are new (they are while nothing changes)
  let cut: { lawyers: unknown; combinations: unknown; files: SitemapFile[] } | undefined;
  async function currentSitemap(): Promise<SitemapFile[]> {
    const [lawyers, combinations]: [Array<{ slug: string; updatedAt: Date }>, DirectoryCombination[]] =
      await Promise.all([directory.listedPages(), directory.directoryCombinations()]);
    if (cut?.lawyers !== lawyers || cut.combinations !== combinations) {
      cut = { lawyers, combinations, files: sitemapFiles(publicUrl, lawyers, combinations) };
    }
    return cut.files;
  }

  app.get('/sitemap.xml', async (_request, reply) => {
    const files = await currentSitemap();
    const [only] = files;
    return xml(reply).send(files.length === 1 && only ? urlsetXml(only) : sitemapIndexXml(publicUrl, files));
  });

  app.get(
    '/sitemap-:n(^\\d+).xml',
    { schema: { params: z.object({ n: z.coerce.number().int() }) } },
    async (request, reply) => {
      const files = await currentSitemap();
      const file = files.length > 1 ? files[request.params.n - 1] : undefined;
      if (!file) return notFound(reply);
      return xml(reply).send(urlsetXml(file));
    },
  );

  app.get('/robots.txt', async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', ROBOTS_CACHE).send(robotsTxt(publicUrl)),
  );
};

/** Reads the lawyers feature's pages, handed in by app.ts once it is registered. */
export const publicPagesRoutes = fp(publicPagesModule, { name: 'public-pages', dependencies: ['lawyers'] });
