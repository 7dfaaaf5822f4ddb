/** The public pages' entry: the server-rendered lawyer pages, the sitemap and robots.txt. */
export { publicPagesRoutes } from './public-pages.routes.ts';
