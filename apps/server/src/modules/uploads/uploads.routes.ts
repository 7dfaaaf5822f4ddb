import multipart from '@fastify/multipart';
import { LIMITS } from '@l4l/shared/constants/limits';
import { ROLE } from '@l4l/shared/constants/roles';
import { UPLOAD_FIELD } from '@l4l/shared/constants/uploads';
import { dataEnvelope } from '@l4l/shared/envelope';
import {
  profilePhotoAnswerSchema,
  profilePhotoSchema,
  uploadAnswerSchema,
} from '@l4l/shared/schemas/uploads';
import { es } from '@l4l/shared/texts/es';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, validationError } from '../../lib/app-error.ts';
import { authenticate, currentUser, requireRole } from '../../plugins/auth.ts';
import { IMAGE_BODY_LIMIT } from '../../plugins/body-parsers.ts';
import {
  backfillAvatarThumbnails,
  createUploadsService,
  redrawSentAvatars,
  redrawSentAvatarsOnce,
} from './uploads.service.ts';

const photoSchema = { body: profilePhotoSchema, response: { 200: dataEnvelope(profilePhotoAnswerSchema) } };

/**
 * docs/api/http.md, Users and Lawyers: POST /api/user/profile/photo, POST /api/lawyers/profile/photo (a data
 * URL) and POST /api/uploads (multipart field `file`). Multipart is parsed only in this plugin's scope.
 */
export const uploadsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createUploadsService({ db: app.db, storage: app.storage, limiter: app.limiter });
  // in the background, once the server is up: avatars stored as they were sent are drawn again (once per
  // data folder: every way in now draws them, so a later start has none to find), and those stored before
  // thumbnails existed get theirs
  app.addHook('onReady', async () => {
    redrawSentAvatarsOnce(app.storage, () => redrawSentAvatars({ db: app.db, storage: app.storage }))
      .then((changed) => changed > 0 && app.log.info({ changed }, 'avatars stored as sent drawn again'))
      .catch((err: unknown) => app.log.warn({ err }, 'redrawing avatars stored as sent'))
      .then(() => backfillAvatarThumbnails(app.storage))
      .catch((err: unknown) => app.log.warn({ err }, 'avatar thumbnails'));
  });

  // one byte over the limit lets a file of exactly the limit through and marks anything larger (413)
  await app.register(multipart, {
    limits: { fileSize: LIMITS.imageMaxBytes + 1, files: 1, fields: 10, fieldSize: 1024, parts: 11 },
  });

  app.post(
    '/api/user/profile/photo',
    { onRequest: authenticate, bodyLimit: IMAGE_BODY_LIMIT, schema: photoSchema },
    async (request) => ({
      data: await service.setProfilePhoto(currentUser(request), request.body),
    }),
  );

  app.post(
    '/api/lawyers/profile/photo',
    { onRequest: requireRole(ROLE.ABOGADO), bodyLimit: IMAGE_BODY_LIMIT, schema: photoSchema },
    async (request) => ({ data: await service.setProfilePhoto(currentUser(request), request.body) }),
  );

  app.post(
    '/api/uploads',
    { onRequest: authenticate, schema: { response: { 200: dataEnvelope(uploadAnswerSchema) } } },
    async (request) => {
      if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
      const file = await request.file();
      if (!file || file.fieldname !== UPLOAD_FIELD) {
        throw validationError({ [UPLOAD_FIELD]: es.validation.imageRequired });
      }
      const bytes = await file.toBuffer();
      return { data: await service.uploadChatImage(currentUser(request), bytes) };
    },
  );
};
