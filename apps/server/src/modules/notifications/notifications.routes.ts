import { dataEnvelope, emptyEnvelope } from '@l4l/shared/envelope';
import {
  notificationPreferencesInputSchema,
  notificationPreferencesSchema,
  notificationSchema,
  notificationsPageSchema,
  notificationsQuerySchema,
  unsubscribeQuerySchema,
} from '@l4l/shared/schemas/notifications';
import { es } from '@l4l/shared/texts/es';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticate, currentUser } from '../../plugins/auth.ts';
import { escapeHtml } from '../../plugins/mailer.ts';
import type { NotificationsService } from './notifications.service.ts';

const t = es.notifications.unsubscribe;
const idParams = z.object({ id: z.uuid() });

/** The small page of an unsubscribe link (a person's browser, no sign-in, no script). */
function unsubscribePage(content: string): string {
  return `<!doctype html>
<html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(t.pageTitle)} · L4L</title>
<style>
  body{margin:0;padding:16px;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f4f6fa;color:#1b1b1b}
  main{max-width:440px;margin:10vh auto;background:#fff;border-radius:12px;padding:28px;box-shadow:0 4px 24px rgba(29,53,87,.12)}
  h1{font-size:1.3rem;color:#1d3557;margin:0 0 12px}p{line-height:1.5}a{color:#1d3557}
  button{min-height:44px;width:100%;border:0;border-radius:8px;background:#1d3557;color:#fff;font-size:1rem;font-weight:600;cursor:pointer}
</style></head><body><main><h1>${escapeHtml(t.pageTitle)}</h1>${content}</main></body></html>`;
}

const paragraph = (text: string) => `<p>${escapeHtml(text)}</p>`;

/**
 * The person's notifications, their mail switches, and the unsubscribe link of every notification mail
 * (docs/api/http.md, Notifications).
 */
export function notificationsRoutes(service: NotificationsService): FastifyPluginAsyncZod {
  return async (app) => {
    const signedIn = authenticate;

    app.get(
      '/api/notifications',
      {
        onRequest: signedIn,
        schema: { querystring: notificationsQuerySchema, response: { 200: notificationsPageSchema } },
      },
      async (request) => service.list(currentUser(request), request.query),
    );

    app.post(
      '/api/notifications/:id/read',
      {
        onRequest: signedIn,
        schema: { params: idParams, response: { 200: dataEnvelope(notificationSchema) } },
      },
      async (request) => ({ data: await service.markRead(currentUser(request), request.params.id) }),
    );

    app.post(
      '/api/notifications/read-all',
      { onRequest: signedIn, schema: { response: { 200: emptyEnvelope } } },
      async (request) => {
        await service.markAllRead(currentUser(request));
        return { data: null };
      },
    );

    app.get(
      '/api/notifications/preferences',
      { onRequest: signedIn, schema: { response: { 200: dataEnvelope(notificationPreferencesSchema) } } },
      async (request) => ({ data: await service.preferences(currentUser(request)) }),
    );

    app.put(
      '/api/notifications/preferences',
      {
        onRequest: signedIn,
        schema: {
          body: notificationPreferencesInputSchema,
          response: { 200: dataEnvelope(notificationPreferencesSchema) },
        },
      },
      async (request) => ({ data: await service.setPreferences(currentUser(request), request.body) }),
    );

    const unsubscribe: FastifyPluginAsyncZod = async (scope) => {
      // RFC 8058: the one-click POST carries `List-Unsubscribe=One-Click` as a form; the token in the
      // query is what counts, so the body is not read
      for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data']) {
        scope.addContentTypeParser(type, (_request, _payload, done) => done(null, {}));
      }

      // GET never unsubscribes (RFC 8058 §3.2: mail scanners follow links): it asks, and its form POSTs
      scope.get(
        '/api/notifications/unsubscribe',
        { schema: { querystring: unsubscribeQuerySchema } },
        async (request, reply) => {
          const named = await service.readUnsubscribeToken(request.query.token);
          reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
          if (!named) return reply.code(404).send(unsubscribePage(paragraph(t.invalid)));
          const label = es.notifications.typeLabels[named.type];
          const action = `/api/notifications/unsubscribe?token=${encodeURIComponent(request.query.token)}`;
          return unsubscribePage(
            `${paragraph(t.confirmQuestion(label))}${paragraph(t.confirmHint)}
<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">${escapeHtml(t.confirmButton)}</button></form>`,
          );
        },
      );

      scope.post(
        '/api/notifications/unsubscribe',
        { schema: { querystring: unsubscribeQuerySchema } },
        async (request, reply) => {
          const type = await service.unsubscribe(request.query.token);
          reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
          if (!type) return reply.code(404).send(unsubscribePage(paragraph(t.invalid)));
          const label = es.notifications.typeLabels[type];
          return unsubscribePage(`${paragraph(t.done(label))}${paragraph(t.doneHint)}`);
        },
      );
    };
    await app.register(unsubscribe);
  };
}
