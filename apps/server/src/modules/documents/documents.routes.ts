import multipart from '@fastify/multipart';
import { DOCUMENT_FIELD } from '@l4l/shared/constants/documents';
import { LIMITS } from '@l4l/shared/constants/limits';
import { dataEnvelope, emptyEnvelope, pageEnvelope } from '@l4l/shared/envelope';
import { pageQuerySchema } from '@l4l/shared/schemas/common';
import { caseDocumentSchema } from '@l4l/shared/schemas/documents';
import { es } from '@l4l/shared/texts/es';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, validationError } from '../../lib/app-error.ts';
import { createKeyring } from '../../lib/storage/envelope.ts';
import { authenticate, currentUser } from '../../plugins/auth.ts';
import { DOCUMENT_BODY_LIMIT } from '../../plugins/body-parsers.ts';
import { createDocumentsService, type DocumentsService } from './documents.service.ts';

const caseParams = z.object({ caseId: z.uuid() });
const documentParams = z.object({ id: z.uuid() });

/** The strictest policy: the answer is a file to save, never a page to render from the app's origin. */
const DOWNLOAD_CSP = "default-src 'none'; sandbox; frame-ancestors 'none'";

/** Content-Disposition with an ASCII fallback and the UTF-8 name (RFC 6266). */
function attachment(name: string): string {
  const ascii =
    name
      .normalize('NFD')
      .replace(/[^\x20-\x7e]/g, '')
      .replace(/["\\]/g, '') || 'documento';
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

const tooLarge = () => new AppError('PAYLOAD_TOO_LARGE', { message: es.documents.tooLarge });

function routes(service: DocumentsService): FastifyPluginAsyncZod {
  return async (app) => {
    // multipart only in this scope; one byte over the limit marks a file that is too large
    await app.register(multipart, {
      limits: { fileSize: LIMITS.documentMaxBytes + 1, files: 1, fields: 5, fieldSize: 1024, parts: 6 },
    });

    app.post(
      '/api/cases/:caseId/documents',
      {
        onRequest: authenticate,
        bodyLimit: DOCUMENT_BODY_LIMIT,
        schema: { params: caseParams, response: { 200: dataEnvelope(caseDocumentSchema) } },
      },
      async (request) => {
        // a stranger learns nothing, not even that the body is wrong
        await service.assertShares(currentUser(request), request.params.caseId);
        if (!request.isMultipart()) {
          throw new AppError('UNSUPPORTED_MEDIA_TYPE', { message: es.documents.unsupported });
        }
        // a body announced larger than the limit is refused before it is read
        if (Number(request.headers['content-length'] ?? 0) > DOCUMENT_BODY_LIMIT) throw tooLarge();
        const file = await request.file().catch((err: { code?: string }) => {
          if (err.code === 'FST_REQ_FILE_TOO_LARGE' || err.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
            throw tooLarge();
          throw err;
        });
        if (!file || file.fieldname !== DOCUMENT_FIELD) {
          throw validationError({ [DOCUMENT_FIELD]: es.documents.fileRequired });
        }
        let bytes: Buffer;
        try {
          bytes = await file.toBuffer();
        } catch (err) {
          if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
          throw err;
        }
        if (bytes.length > LIMITS.documentMaxBytes || file.file.truncated) throw tooLarge();
        if (bytes.length === 0) throw validationError({ [DOCUMENT_FIELD]: es.documents.fileRequired });
        const data = await service.upload(currentUser(request), request.params.caseId, {
          bytes,
          filename: file.filename,
        });
        return { data };
      },
    );

    app.get(
      '/api/cases/:caseId/documents',
      {
        onRequest: authenticate,
        schema: {
          params: caseParams,
          querystring: pageQuerySchema,
          response: { 200: pageEnvelope(caseDocumentSchema) },
        },
      },
      async (request) => service.list(currentUser(request), request.params.caseId, request.query),
    );

    app.get(
      '/api/documents/:id',
      { onRequest: authenticate, schema: { params: documentParams } },
      async (request, reply) => {
        const { document, bytes } = await service.download(currentUser(request), request.params.id);
        return reply
          .header('content-type', document.mime)
          .header('content-disposition', attachment(document.name))
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', DOWNLOAD_CSP)
          .header('cache-control', 'private, no-store')
          .header('cross-origin-resource-policy', 'same-origin')
          .send(bytes);
      },
    );

    app.delete(
      '/api/documents/:id',
      { onRequest: authenticate, schema: { params: documentParams, response: { 200: emptyEnvelope } } },
      async (request) => {
        await service.remove(currentUser(request), request.params.id);
        return { data: null };
      },
    );
  };
}

/**
 * (+) Case documents (docs/api/http.md, Case documents; docs/decisions/0013-documents-storage-encryption.md).
 * Documents sealed under a previous FILES_KEY are sealed again under the current one once the server is up.
 */
export type DocumentsPluginOptions = {
  /** who may share documents on a case */
  cases: FastifyInstance['cases'];
  /** a shared document's message in the chat */
  chat: FastifyInstance['chat'];
};

async function documents(app: FastifyInstance, options: DocumentsPluginOptions) {
  const keyring = createKeyring(app.config.filesKey, app.config.filesKeysPrevious);
  const service = createDocumentsService({
    db: app.db,
    storage: app.storage,
    keyring,
    cases: options.cases,
    chat: options.chat,
    log: app.log,
  });
  app.addHook('onReady', async () => {
    service
      .resealAll()
      .then((moved) => moved > 0 && app.log.info({ moved }, 'documents sealed again under FILES_KEY'))
      .catch((err: unknown) => app.log.error({ err }, 'sealing documents again under FILES_KEY'));
  });
  await app.register(routes(service));
}

export const documentsRoutes = fp(documents, {
  name: 'documents',
  dependencies: ['auth', 'chat', 'cases', 'storage'],
});
