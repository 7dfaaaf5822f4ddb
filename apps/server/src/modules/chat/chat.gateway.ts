import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import websocket from '@fastify/websocket';
import { NOTIFICATIONS_DESTINATION } from '@l4l/shared/constants/notifications';
import { readReceiptSchema, sendMessageSchema, typingSchema } from '@l4l/shared/schemas/chat';
import { es } from '@l4l/shared/texts/es';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { SESSION_COOKIE } from '../../plugins/auth.ts';
import type { ChatActor } from './chat.mapping.ts';
import { PRESENCE_QUEUE } from './chat.presence.ts';
import { READ_QUEUE, TYPING_QUEUE } from './chat.read-typing.ts';
import type { ChatService } from './chat.service.ts';
import type { ConsultationSignalling } from './consultation-signal.ts';
import type { ChatEvent, PresenceBoard, SessionScope } from './fanout.ts';
import { coalescingTransport } from './stomp/coalescing-transport.ts';
import { FRAME_LIMITS, type StompHeaders } from './stomp/frame.ts';
import { type StompSession as Session, StompSession } from './stomp/session.ts';
import { STOMP_CLOSE_CODES } from './stomp/session-types.ts';

/**
 * The chat over STOMP (docs/api/stomp.md): one StompSession per socket at /ws, a registry of
 * the sessions of each user on this process, and delivery of chat events to the participants' sessions
 * only, whatever they subscribed to.
 */

export const WS_PATH = '/ws';
/** docs/api/stomp.md, Connecting: the sub-protocols, best first; the server picks the first the client offers. */
export const STOMP_SUBPROTOCOLS = ['v12.stomp', 'v11.stomp', 'v10.stomp'] as const;
/** The two destinations a client may subscribe to; both receive the same messages. */
export const MESSAGE_DESTINATIONS: readonly string[] = ['/topic/messages', '/user/queue/messages'];
/** Destinations other features push to, one user at a time (docs/api/stomp.md). */
export const PUSH_DESTINATIONS: readonly string[] = [
  NOTIFICATIONS_DESTINATION,
  READ_QUEUE,
  TYPING_QUEUE,
  PRESENCE_QUEUE,
];

export const CHAT_DEFAULTS = { reverifyMs: 60_000, maxSocketsPerUser: 20 } as const;
/**
 * Open sessions checked again by one statement each: at 10,000 sessions, 20 reads a minute instead of
 * 10,000 one after the other.
 */
const REVERIFY_BATCH = 500;

export type ChatPrincipal = ChatActor & {
  /** false after SEND /app/disconnect, true again after /app/connect */
  present: boolean;
  /** the token the CONNECT presented, checked again now and then (a logout or a reset ends it) */
  token: string;
  /** the sign-in session of that token: a logout closes its sockets only */
  sessionId: string;
};
type ChatSession = Session<ChatPrincipal>;

export function chooseSubprotocol(offered: Set<string>): string | false {
  return STOMP_SUBPROTOCOLS.find((protocol) => offered.has(protocol)) ?? false;
}

/** The token of a CONNECT: `Authorization: Bearer`, or `passcode`, or the cookie sent with the upgrade. */
function tokenOf(headers: Readonly<StompHeaders>, cookieToken: string | undefined): string | undefined {
  const authorization = headers.Authorization ?? headers.authorization;
  if (authorization !== undefined) {
    return /^bearer\s+/i.test(authorization) ? authorization.replace(/^bearer\s+/i, '').trim() : undefined;
  }
  return headers.passcode || cookieToken || undefined;
}

function parseJson(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    throw new AppError('VALIDATION_ERROR', { message: es.chat.invalidJson });
  }
}

/** How long a shutdown waits for the SENDs already received to be stored and answered. */
const SHUTDOWN_ANSWER_MS = 2000;
/** How long a shutdown waits for peers to answer the WebSocket close handshake. */
const SHUTDOWN_GRACE_MS = 1000;

export function createChatGateway(deps: {
  service: ChatService;
  log: FastifyBaseLogger;
  /** where this process tells the others who it holds online */
  presence: PresenceBoard;
  /** the session user of a token, or null when it no longer works (app.sessions.verify) */
  verify: (token: string) => Promise<{ id: string; role: ChatActor['role']; sessionId: string } | null>;
  /** of these sessions, the ids still good, in one read (app.sessions.stillGood) */
  stillGood: (list: readonly { sessionId: string; userId: string }[]) => Promise<Set<string>>;
  /** how often open connections check their token again; default CHAT_DEFAULTS.reverifyMs */
  reverifyMs?: number;
  /** open chat sockets one user may hold on this process; default CHAT_DEFAULTS.maxSocketsPerUser */
  maxSocketsPerUser?: number;
  /** (+) the video rooms' signalling destinations (docs/api/stomp.md, Consultation signalling) */
  signalling?: ConsultationSignalling;
}) {
  const maxSocketsPerUser = deps.maxSocketsPerUser ?? CHAT_DEFAULTS.maxSocketsPerUser;
  const { service, log } = deps;
  const sessionsByUser = new Map<string, Set<ChatSession>>();
  /** MESSAGE frames written to subscribed sessions since the start (the metrics read it) */
  let delivered = 0;
  /** every open socket, authenticated or not (shutdown closes them all) */
  const sockets = new Set<WebSocket>();

  /** at least one session of the user on this process that has not announced /app/disconnect */
  function isOnline(userId: string): boolean {
    return [...(sessionsByUser.get(userId) ?? [])].some((session) => session.principal?.present);
  }

  /** the users this process last announced online to their counterparts (absent: offline) */
  const announcedOnline = new Set<string>();

  /** Tells the board; answers whether the user's online state on this process moved (then it is announced). */
  function presenceChanged(userId: string): boolean {
    const online = isOnline(userId);
    deps.presence.update(userId, online);
    if (online === announcedOnline.has(userId)) return false;
    if (online) announcedOnline.add(userId);
    else announcedOnline.delete(userId);
    return true;
  }

  function register(session: ChatSession, userId: string) {
    const set = sessionsByUser.get(userId) ?? new Set<ChatSession>();
    set.add(session);
    sessionsByUser.set(userId, set);
  }

  function unregister(session: ChatSession, userId: string) {
    const set = sessionsByUser.get(userId);
    set?.delete(session);
    if (set?.size === 0) sessionsByUser.delete(userId);
  }

  /**
   * last_connection writes not awaited by a frame, then (when the user's presence moved) the announcement
   * to their counterparts, which reads it; shutdown waits for them before the database closes
   */
  const pendingTouches = new Set<Promise<void>>();
  function touch(userId: string, announce: boolean) {
    const write = service
      .touchLastConnection(userId)
      .then((at) => (announce ? service.announcePresence(userId, at) : undefined))
      .catch((error: unknown) => {
        log.warn({ err: error }, 'could not update last_connection or announce the presence');
      });
    pendingTouches.add(write);
    void write.finally(() => pendingTouches.delete(write));
  }

  /** The body as the schema reads it, or a VALIDATION_ERROR naming the first field at fault (an ERROR frame). */
  function parseBody<T>(schema: z.ZodType<T>, body: string, fallback: string): T {
    const parsed = schema.safeParse(parseJson(body));
    if (parsed.success) return parsed.data;
    const issue = parsed.error.issues[0];
    throw new AppError('VALIDATION_ERROR', {
      message: issue?.message ?? fallback,
      fields: issue ? { [issue.path.join('.') || 'body']: issue.message } : undefined,
    });
  }

  async function onSend(principal: ChatPrincipal, destination: string, body: string) {
    switch (destination) {
      case '/app/chat': {
        const message = parseBody(sendMessageSchema, body, es.chat.emptyMessage);
        // resolves once stored and delivered on this process (never waits on Redis): RECEIPT only then
        await service.send(principal, message);
        return;
      }
      // (+) docs/api/stomp.md, Destinations
      case '/app/read':
        await service.read(principal, parseBody(readReceiptSchema, body, es.chat.messageNotFound));
        return;
      case '/app/typing':
        await service.typing(principal, parseBody(typingSchema, body, es.chat.chatNotFound).chatId);
        return;
      // docs/api/stomp.md, Destinations: the web announces itself; the body (userId, lawyerId, userType) is informative only
      case '/app/connect':
      case '/app/disconnect': {
        principal.present = destination === '/app/connect';
        const moved = presenceChanged(principal.id);
        const at = await service.touchLastConnection(principal.id);
        // the counterparts hear of it; a failure to tell them is no error of this frame
        if (moved) {
          await service.announcePresence(principal.id, at).catch((error: unknown) => {
            log.warn({ err: error }, 'could not announce the presence');
          });
        }
        return;
      }
      default:
        if (await deps.signalling?.send(principal, destination, body)) return;
        throw new AppError('NOT_FOUND', { message: es.chat.unknownDestination(destination) });
    }
  }

  /** Wires one accepted socket to a STOMP session (stompjs.interop.test.ts shows the same wiring). */
  function accept(socket: WebSocket, request: FastifyRequest) {
    const cookieToken = request.cookies?.[SESSION_COOKIE];
    releaseUpgradeRequest(socket, request, log);
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    /** the user this socket is counted for, from the accepted CONNECT on */
    let heldFor: string | undefined;
    const session: ChatSession = new StompSession<ChatPrincipal>({
      // the frames of one tick leave in one WebSocket message (docs/api/stomp.md, Connecting)
      transport: coalescingTransport(socket, (error) => log.error({ err: error }, 'websocket send failed')),
      async authenticate(headers) {
        const token = tokenOf(headers, cookieToken);
        const user = token ? await deps.verify(token) : null;
        if (!user || !token || session.state === 'closed') return null;
        // counted as soon as accepted, in the same turn as the check, so CONNECTs racing each other
        // cannot all slip under the cap
        if ((sessionsByUser.get(user.id)?.size ?? 0) >= maxSocketsPerUser) {
          throw new AppError('RATE_LIMITED', { message: es.stomp.tooManyConnections(maxSocketsPerUser) });
        }
        register(session, user.id);
        heldFor = user.id;
        return { id: user.id, role: user.role, present: true, token, sessionId: user.sessionId };
      },
      onConnect(principal) {
        touch(principal.id, presenceChanged(principal.id));
      },
      async onSubscribe(principal, subscription) {
        const known = [...MESSAGE_DESTINATIONS, ...PUSH_DESTINATIONS];
        if (known.includes(subscription.destination)) return;
        // (+) a video room's signals: its two parties only, while the room is open
        if (await deps.signalling?.subscribe(principal, subscription.destination)) return;
        throw new AppError('NOT_FOUND', { message: es.chat.unknownDestination(subscription.destination) });
      },
      onSend: (principal, destination, _headers, body) => onSend(principal, destination, body),
      onClose(event, self) {
        if (heldFor) unregister(self, heldFor);
        if (!event.principal) return;
        touch(event.principal.id, presenceChanged(event.principal.id));
      },
      onError(error) {
        log.error({ err: error }, 'stomp session failure');
      },
      heartbeat: { serverOutgoingMs: 10_000, serverIncomingMs: 10_000 },
    });
    socket.on('message', (data: Buffer | ArrayBuffer | Buffer[]) => session.receive(data));
    socket.on('close', () => session.close());
  }

  /** Writes a chat event to the sessions this process holds: a message only to its participants. */
  function deliver(event: ChatEvent) {
    if (event.kind === 'disconnect') {
      closeUser(event.userId, event);
      return;
    }
    if (event.kind === 'resync') {
      // messages for these sessions may have been lost: a client reconnects, and on the RECEIPT of its new
      // subscription reads its chats again (docs/decisions/0009-chat-delivery-under-faults.md)
      for (const set of [...sessionsByUser.values()]) {
        for (const session of [...set]) session.close(STOMP_CLOSE_CODES.serviceRestart);
      }
      return;
    }
    if (event.kind === 'push') {
      for (const userId of event.userIds) {
        for (const session of sessionsByUser.get(userId) ?? [])
          session.deliver(event.destination, {}, event.body);
      }
      return;
    }
    const { message, audience } = event;
    const recipients = audience === 'ALL' ? [message.userId, message.lawyerId] : [message.userId];
    const body = JSON.stringify(message);
    for (const userId of new Set(recipients)) {
      for (const session of sessionsByUser.get(userId) ?? []) {
        delivered += session.deliver(
          (subscription) => MESSAGE_DESTINATIONS.includes(subscription.destination),
          {},
          body,
        );
      }
    }
  }

  /**
   * A ban, a logout, a password reset or change close sockets at once (closeUser); this check catches
   * what those missed, such as a session revoked by hand in the database.
   */
  async function reverify() {
    const open = [...sessionsByUser.values()].flatMap((set) => [...set]);
    for (let start = 0; start < open.length; start += REVERIFY_BATCH) {
      const batch = open.slice(start, start + REVERIFY_BATCH).flatMap((session) => {
        const principal = session.principal;
        return principal ? [{ session, sessionId: principal.sessionId, userId: principal.id }] : [];
      });
      const good = await deps.stillGood(batch);
      for (const { session, sessionId } of batch) {
        if (!good.has(sessionId)) session.close(STOMP_CLOSE_CODES.policyViolation, es.stomp.unauthorized);
      }
    }
  }
  const reverifyTimer = setInterval(() => {
    reverify().catch((error: unknown) => log.warn({ err: error }, 'chat session check failed'));
  }, deps.reverifyMs ?? CHAT_DEFAULTS.reverifyMs);
  reverifyTimer.unref();

  /** Closes the user's sockets: all of them, those of one sign-in session, or all but one session's. */
  function closeUser(userId: string, which: SessionScope = {}) {
    for (const session of [...(sessionsByUser.get(userId) ?? [])]) {
      const sessionId = session.principal?.sessionId;
      if (which.sessionId !== undefined && sessionId !== which.sessionId) continue;
      if (which.exceptSessionId !== undefined && sessionId === which.exceptSessionId) continue;
      session.close(STOMP_CLOSE_CODES.policyViolation, es.stomp.unauthorized);
    }
  }

  return {
    accept,
    deliver,
    closeUser,
    isOnline,
    /** open STOMP sessions on this process, and MESSAGE frames delivered since the start */
    stats: () => ({
      sessions: [...sessionsByUser.values()].reduce((sum, set) => sum + set.size, 0),
      delivered,
    }),
    /**
     * Graceful shutdown: every SEND already received is answered (RECEIPT once stored, or ERROR), then
     * every session closes (1001) and its last_connection is written. A peer that does not answer the
     * WebSocket close handshake within a second is cut off, so that the process can exit (an upgraded
     * socket keeps the HTTP server open, and `ws` itself would wait 30 s).
     */
    async closeAll() {
      clearInterval(reverifyTimer);
      const open = [...sessionsByUser.values()].flatMap((set) => [...set]);
      await Promise.all(
        open.map((session) => session.finish(STOMP_CLOSE_CODES.goingAway, SHUTDOWN_ANSWER_MS)),
      );
      for (const socket of sockets) {
        if (socket.readyState === socket.OPEN || socket.readyState === socket.CONNECTING) {
          socket.close(STOMP_CLOSE_CODES.goingAway);
        }
      }
      const deadline = Date.now() + SHUTDOWN_GRACE_MS;
      while (sockets.size > 0 && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 20));
      for (const socket of sockets) socket.terminate();
      await Promise.all(pendingTouches);
    },
  };
}

export type ChatGateway = ReturnType<typeof createChatGateway>;

/**
 * A failing socket. What the peer's bytes cause (`ws` refusing a frame over the limit or a broken frame,
 * WS_ERR_*; a peer that hangs up mid-write) is input from outside, logged at warn; anything else is a
 * fault of ours. Either way the socket is done.
 */
export function onSocketError(error: Error, socket: WebSocket, log: FastifyBaseLogger): void {
  const code = (error as NodeJS.ErrnoException).code ?? '';
  if (code.startsWith('WS_ERR_') || code === 'ECONNRESET' || code === 'EPIPE') {
    log.warn({ err: error }, 'websocket closed on input from the peer');
  } else {
    log.error({ err: error }, 'websocket failure');
  }
  socket.terminate();
}

/**
 * An upgraded connection needs nothing more of its HTTP request, yet @fastify/websocket leaves the request's
 * response on the socket and an error listener holding Fastify's request and reply: with them the request's
 * headers, logger and hooks stayed in memory for the connection's whole life. The response is taken off the
 * socket and the listener put back without them (the same handling, onSocketError).
 */
function releaseUpgradeRequest(socket: WebSocket, request: FastifyRequest, log: FastifyBaseLogger) {
  const tcp = request.raw.socket as Socket & { _httpMessage?: ServerResponse | null };
  tcp._httpMessage?.detachSocket(tcp);
  socket.removeAllListeners('error');
  socket.on('error', (error) => onSocketError(error, socket, log));
}

/** Registers @fastify/websocket and the /ws route. */
export async function registerStompEndpoint(app: FastifyInstance, gateway: ChatGateway) {
  // sessions close with a STOMP-level reason before @fastify/websocket's own preClose drops the sockets
  app.addHook('preClose', async () => gateway.closeAll());
  await app.register(websocket, {
    errorHandler: (error, socket, request) => onSocketError(error, socket, request.log),
    options: {
      maxPayload: FRAME_LIMITS.maxFrameBytes,
      handleProtocols: (offered: Set<string>, _request: IncomingMessage) => chooseSubprotocol(offered),
    },
  });
  app.get(WS_PATH, { websocket: true }, (socket, request) => gateway.accept(socket, request));
}
