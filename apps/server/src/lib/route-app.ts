import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/**
 * The app a module's routes are registered on, each request typed by its route's zod schemas: what a
 * module's plugin hands to the functions that register its routes by job.
 */
export type RouteApp = Parameters<FastifyPluginAsyncZod>[0];
