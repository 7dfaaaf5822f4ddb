import { EXPORT_PATH } from '@l4l/shared/constants/privacy';
import { emptyEnvelope } from '@l4l/shared/envelope';
import { eraseAccountSchema } from '@l4l/shared/schemas/privacy';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createKeyring } from '../../lib/storage/envelope.ts';
import { authenticate, clearSessionCookie, currentUser } from '../../plugins/auth.ts';
import { createPrivacyService, type PrivacyService } from './privacy.service.ts';

const routes =
  (service: PrivacyService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(EXPORT_PATH, { onRequest: authenticate }, async (request, reply) => {
      const { fileName, stream } = await service.exportData(currentUser(request));
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(stream);
    });

    app.delete(
      '/api/me',
      { onRequest: authenticate, schema: { body: eraseAccountSchema, response: { 200: emptyEnvelope } } },
      async (request, reply) => {
        await service.erase(currentUser(request), request.body.password, request.ip);
        clearSessionCookie(reply);
        return { data: null };
      },
    );
  };

/** docs/domain.md, Privacy rights: GET /api/me/export and DELETE /api/me. */
export type PrivacyPluginOptions = {
  /** an erasure's password check */
  accounts: FastifyInstance['accounts'];
  /** the export's invoices */
  invoices: FastifyInstance['invoices'];
  /** an erasure closes the person's chat sockets on every process */
  chat: Pick<FastifyInstance['chat'], 'disconnectUser'>;
};

async function privacy(app: FastifyInstance, options: PrivacyPluginOptions) {
  const service = createPrivacyService({
    db: app.db,
    storage: app.storage,
    keyring: createKeyring(app.config.filesKey, app.config.filesKeysPrevious),
    sessions: app.sessions,
    accounts: options.accounts,
    invoices: options.invoices,
    closeChats: (userId) => options.chat.disconnectUser(userId),
    forgetMails: (address) => app.mailer.forget(address),
    limiter: app.limiter,
    log: app.log,
  });
  await app.register(routes(service));
}

export const privacyRoutes = fp(privacy, {
  name: 'privacy',
  dependencies: ['auth', 'accounts', 'chat', 'invoices', 'mailer', 'storage'],
});
