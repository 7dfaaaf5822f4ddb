import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createStorage, type Storage } from '../lib/storage/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** where avatars, chat pictures and case documents are kept (lib/storage) */
    storage: Storage;
  }
}

/**
 * The one storage of stored files, checked as the server starts: a bucket that does not answer (wrong
 * endpoint, credentials or name) stops the start with a line naming STORAGE_URL, not the first upload.
 */
async function storage(app: FastifyInstance) {
  const store = createStorage(app.config.storage, app.config.dataDir);
  try {
    await store.check();
  } catch (err) {
    store.close();
    const reason = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
    throw new Error(`the storage of STORAGE_URL does not answer (${reason})`);
  }
  app.decorate('storage', store);
  app.readiness.register('storage', () => store.check());
  app.addHook('onClose', async () => store.close());
}

export default fp(storage, { name: 'storage', dependencies: ['config', 'readiness'] });
