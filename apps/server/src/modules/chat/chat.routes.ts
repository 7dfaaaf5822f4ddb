import { dataEnvelope, emptyEnvelope } from '@l4l/shared/envelope';
import {
  chatHistoryQuerySchema,
  chatHistorySchema,
  chatListItemSchema,
  presenceSchema,
} from '@l4l/shared/schemas/chat';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticate, currentUser, requireOwner } from '../../plugins/auth.ts';
import type { ChatService } from './chat.service.ts';

/** docs/api/http.md, Chat (HTTP side) and GET /api/users/{id}/presence (+). */
export function chatRoutes(service: ChatService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/chat/getchats/:userId',
      {
        onRequest: requireOwner('userId', { admin: false }),
        schema: {
          params: z.object({ userId: z.uuid() }),
          response: { 200: dataEnvelope(z.array(chatListItemSchema)) },
        },
      },
      async (request) => ({ data: await service.listChats(currentUser(request)) }),
    );

    app.get(
      '/api/chat/:userId/:lawyerId',
      {
        onRequest: authenticate,
        schema: {
          params: z.object({ userId: z.uuid(), lawyerId: z.uuid() }),
          querystring: chatHistoryQuerySchema,
          response: { 200: dataEnvelope(chatHistorySchema) },
        },
      },
      async (request) => ({
        data: await service.history(
          currentUser(request),
          request.params.userId,
          request.params.lawyerId,
          request.query,
        ),
      }),
    );

    app.post(
      '/api/chat/:chatId/read',
      {
        onRequest: authenticate,
        schema: { params: z.object({ chatId: z.uuid() }), response: { 200: emptyEnvelope } },
      },
      async (request) => {
        await service.markRead(currentUser(request), request.params.chatId);
        return { data: null };
      },
    );

    app.get(
      '/api/users/:id/presence',
      {
        onRequest: authenticate,
        schema: { params: z.object({ id: z.uuid() }), response: { 200: dataEnvelope(presenceSchema) } },
      },
      async (request) => ({ data: await service.presence(currentUser(request), request.params.id) }),
    );
  };
}
