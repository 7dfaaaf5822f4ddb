import { randomUUID } from 'node:crypto';
import '@l4l/shared/zod-es';
import { consultationsEs } from '@l4l/shared/texts/consultations';
import { es } from '@l4l/shared/texts/es';
import Fastify, { type FastifyInstance, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { type Database, type Db, openConfiguredDatabase } from './db/database.ts';
import tableUpkeep from './db/upkeep.ts';
import { madridText } from './lib/consultation-slots.ts';
import { createEvents, type Events } from './lib/events.ts';
import { adminRoutes, recordAudit } from './modules/admin/index.ts';
import { type AlertsPluginOptions, alertsPlugin } from './modules/alerts/index.ts';
import { authRoutes } from './modules/auth/index.ts';
import { billingRoutes } from './modules/billing/index.ts';
import { casesRoutes } from './modules/cases/index.ts';
import { type ChatPluginOptions, chatPlugin } from './modules/chat/index.ts';
import {
  type ConsultationPayments,
  type ConsultationsPluginOptions,
  consultationsPlugin,
} from './modules/consultations/index.ts';
import { documentsRoutes } from './modules/documents/index.ts';
import { healthRoutes } from './modules/health/index.ts';
import { invoicesRoutes } from './modules/invoices/index.ts';
import { lawyersRoutes } from './modules/lawyers/index.ts';
import { type MoneyPluginOptions, moneyPlugin } from './modules/money/index.ts';
import { type NotificationsPluginOptions, notificationsPlugin } from './modules/notifications/index.ts';
import { paymentIntentRoutes, paymentsPlugin, paymentsWebhook } from './modules/payments/index.ts';
import { privacyRoutes } from './modules/privacy/index.ts';
import { proposalsRoutes } from './modules/proposals/index.ts';
import { publicPagesRoutes } from './modules/public-pages/index.ts';
import { ratingsRoutes } from './modules/ratings/index.ts';
import { type RetentionPluginOptions, retentionPlugin } from './modules/retention/index.ts';
import { uploadsRoutes } from './modules/uploads/index.ts';
import { usersRoutes } from './modules/users/index.ts';
import apiDocs from './plugins/api-docs.ts';
import auth from './plugins/auth.ts';
import bodyParsers, { DEFAULT_BODY_LIMIT } from './plugins/body-parsers.ts';
import caches from './plugins/caches.ts';
import { capConnectionsPerIp, trustedPeer } from './plugins/connections.ts';
import errorHandler, { sendError } from './plugins/error-handler.ts';
import leases, { type LeasesOptions } from './plugins/leases.ts';
import mailer from './plugins/mailer.ts';
import metrics from './plugins/metrics.ts';
import readiness from './plugins/readiness.ts';
import redis from './plugins/redis.ts';
import security from './plugins/security.ts';
import storage from './plugins/storage.ts';
import web from './plugins/web.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
    /** the one event map (docs/decisions/0030-one-event-map.md): modules publish, app.ts subscribes */
    events: Events;
  }
}

export type AppDeps = {
  /** a database opened (and migrated) by the caller, who then also closes it; tests use this */
  database?: Database;
  /** chat options (tests give their own Redis channel prefix) */
  chat?: ChatPluginOptions;
  /** new-case alert options (tests drive the fan-out and the digest themselves unless they ask otherwise) */
  alerts?: AlertsPluginOptions;
  /** notification options (tests drive the mail worker themselves unless they ask otherwise) */
  notifications?: Omit<NotificationsPluginOptions, 'chat'>;
  /** told of every route as it is added (the authorization and hostile-input tests list them) */
  onRoute?: (route: { method: string | string[]; url: string }) => void;
  /** money options (tests move the clock and run the sweep themselves) */
  money?: Omit<MoneyPluginOptions, 'payments' | 'cases'>;
  /** first consultations' options (tests move the clock and run the reminders themselves) */
  consultations?: Pick<ConsultationsPluginOptions, 'now' | 'sweepIntervalMs'>;
  /** retention options (tests move the clock and run the sweep themselves) */
  retention?: RetentionPluginOptions;
  /** where the log lines go instead of stdout (tests that check what is logged, and at what level) */
  logStream?: { write(line: string): void };
  /** lease options (tests try for the leases more often) */
  leases?: LeasesOptions;
};

function loggerOptions(config: Config, stream?: AppDeps['logStream']): FastifyServerOptions['logger'] {
  const base = {
    level: config.logLevel,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        '*.password',
        '*.newPassword',
        '*.currentPassword',
        '*.token',
      ],
      censor: '[oculto]',
    },
    serializers: {
      // a reset token and a new password (and recovery a mail) may come as query parameters: not logged
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: request.url.startsWith('/api/auth/') ? request.url.split('?')[0] : request.url,
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
  };
  if (stream) return { ...base, stream };
  if (config.env === 'development' && process.stdout.isTTY) {
    try {
      import.meta.resolve('pino-pretty');
      return {
        ...base,
        transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } },
      };
    } catch {
      return base;
    }
  }
  return base;
}

/** Builds the whole app without listening: tests inject requests or listen on a port. */
export async function buildApp(config: Config, deps: AppDeps = {}) {
  const app = createServer(config, deps);
  const { exclusive, ownsDatabase } = await decorateCore(app, config, deps.database);
  await registerInfrastructure(app, deps);
  // where nothing vacuums or analyzes the tables (the embedded database, PostgreSQL without autovacuum)
  if (ownsDatabase && config.env !== 'test') await app.register(tableUpkeep);
  await registerChatAndNotifications(app, deps, exclusive);
  await registerModules(app, deps, exclusive);
  subscribeInOrder(app);
  await app.register(web);
  return app;
}

/** The Fastify instance with its limits, request ids and schema compilers, before any plugin. */
function createServer(config: Config, deps: AppDeps) {
  const hops = config.trustProxy;
  const app = Fastify({
    logger: loggerOptions(config, deps.logStream),
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
    },
    // small by default; the routes that take an image raise it for themselves (IMAGE_BODY_LIMIT)
    bodyLimit: DEFAULT_BODY_LIMIT,
    // X-Forwarded-For is believed only from the proxies TRUST_PROXY names; otherwise anyone could pick
    // a new address per request and walk past every per-IP limit
    trustProxy: typeof hops === 'number' ? (_address: string, hop: number) => hop < hops : hops,
    // a slow client (headers or body sent a byte at a time) is cut, as is an idle keep-alive connection;
    // an upgraded WebSocket is no longer an HTTP request and is not bound by these
    requestTimeout: config.http.requestTimeoutMs,
    keepAliveTimeout: config.http.keepAliveTimeoutMs,
    http: {
      headersTimeout: config.http.headersTimeoutMs,
      // how often node:http looks for requests over their time (30 s by default, longer than the timeouts)
      connectionsCheckingInterval: Math.min(1_000, config.http.headersTimeoutMs),
    },
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // the router's own refusals (a malformed URL, a path parameter over 200 characters) in the envelope too
    frameworkErrors: (_error, _request, reply) =>
      sendError(reply, 400, 'VALIDATION_ERROR', es.validation.badUrl),
  }).withTypeProvider<ZodTypeProvider>();

  capConnectionsPerIp(app.server, {
    max: config.http.maxConnectionsPerIp,
    isTrustedPeer: trustedPeer(config.trustProxy),
  });

  if (deps.onRoute) {
    const onRoute = deps.onRoute;
    app.addHook('onRoute', (route) => onRoute(route));
  }
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  return app;
}

/**
 * The decorators every plugin reads (config, database, events), the database opened here unless the caller
 * gave one. Exclusive: the embedded database this process opened is its alone, so claims a killed
 * predecessor left are released.
 */
async function decorateCore(app: FastifyInstance, config: Config, given: Database | undefined) {
  const ownsDatabase = !given;
  const database = given ?? (await openConfiguredDatabase(config));
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('events', createEvents());
  if (ownsDatabase) app.addHook('onClose', async () => database.close());
  await app.register(fp(async () => {}, { name: 'config' }));
  return { ownsDatabase, exclusive: ownsDatabase && database.kind === 'pglite' };
}

/** The plugins no feature owns, in the order their users need them. */
async function registerInfrastructure(app: FastifyInstance, deps: AppDeps) {
  await app.register(errorHandler);
  // before any route: the OpenAPI document collects routes as they are added, the metrics time them
  await app.register(apiDocs);
  await app.register(metrics);
  await app.register(readiness);
  await app.register(redis);
  // one process at a time runs the mail worker and the scheduled sweeps (docs/operations.md, Several processes)
  await app.register(leases, deps.leases ?? {});
  await app.register(caches);
  await app.register(bodyParsers);
  await app.register(security);
  await app.register(auth);
  await app.register(mailer);
  await app.register(storage);
}

/** Chat and notifications, which most features are given, with their metrics and readiness check. */
async function registerChatAndNotifications(app: FastifyInstance, deps: AppDeps, exclusive: boolean) {
  await app.register(chatPlugin, deps.chat ?? {});
  app.metrics.gauge(
    'l4l_stomp_sessions_open',
    'Open STOMP chat sessions on this process',
    () => app.chat.stats().sessions,
  );
  app.metrics.counter(
    'l4l_chat_messages_delivered_total',
    'Chat MESSAGE frames written to subscribed sessions',
    () => app.chat.stats().delivered,
  );
  await app.register(notificationsPlugin, { exclusive, ...deps.notifications, chat: app.chat });
  // docs/notifications.md, Health and metrics: the mail worker stuck, or failing on every mail it tries
  app.readiness.register('mail', async () =>
    app.notifications.mailHealth().state === 'ok' ? 'ok' : 'error',
  );
}

/** The features, each registered after the ones whose decorators it is given. */
async function registerModules(app: FastifyInstance, deps: AppDeps, exclusive: boolean) {
  // docs/notifications.md, Account mails: every mail leaves through the outbox, each kind composed by its owner
  const { outbox } = app.notifications;
  await app.register(healthRoutes);
  await app.register(authRoutes, { outbox, chat: app.chat });
  await app.register(usersRoutes, { accounts: app.accounts });
  await app.register(adminRoutes, { outbox, chat: app.chat });
  await app.register(uploadsRoutes);
  // docs/alerts.md: a case published on the board alerts the lawyers it matches, after the approval
  await app.register(alertsPlugin, { exclusive, ...deps.alerts });
  await app.register(casesRoutes, { chat: app.chat });
  await app.register(ratingsRoutes, { cases: app.cases, audit: recordAudit });
  await app.register(lawyersRoutes, { ratings: app.ratings, accounts: app.accounts });
  await app.register(publicPagesRoutes, { lawyers: app.lawyers });
  await app.register(documentsRoutes, { cases: app.cases, chat: app.chat });
  await app.register(billingRoutes);
  await app.register(invoicesRoutes);
  // docs/domain.md, Privacy rights: the export reads every feature's rows, the erasure closes the account
  await app.register(privacyRoutes, { accounts: app.accounts, invoices: app.invoices, chat: app.chat });
  await app.register(paymentsPlugin, { chat: app.chat });
  await app.register(proposalsRoutes, { payments: app.payments, chat: app.chat, cases: app.cases });
  await app.register(moneyPlugin, { ...deps.money, payments: app.payments, cases: app.cases });
  // docs/domain.md, First consultations: booked from a lawyer's slots, paid through the payments' checkout
  await app.register(consultationsPlugin, {
    ...deps.consultations,
    outbox,
    notifications: app.notifications,
    chat: app.chat,
    payments: () => consultationPayments(app),
  });
  await app.register(retentionPlugin, deps.retention ?? {});
  await app.register(paymentsWebhook, { money: app.money });
  await app.register(paymentIntentRoutes);
}

export type App = Awaited<ReturnType<typeof buildApp>>;

/**
 * docs/decisions/0030-one-event-map.md: who reacts to whose facts, in this order, in the fact's
 * transaction. Proposals and consultations come first: a completed payment they refuse (its case was taken,
 * its slot is gone) reaches no one else; notifications come last, once every module has done its part.
 */
function subscribeInOrder(app: FastifyInstance) {
  app.events.subscribe('proposals', app.proposals.subscribers);
  app.events.subscribe('consultations', app.consultations.subscribers);
  app.events.subscribe('payments', app.payments.subscribers);
  app.events.subscribe('money', app.money.subscribers);
  app.events.subscribe('invoices', app.invoices.subscribers);
  app.events.subscribe('alerts', app.alerts.subscribers);
  app.events.subscribe('lawyers', app.lawyers.subscribers);
  app.events.subscribe('notifications', app.notifications.subscribers);
}

/**
 * The money of a paid first consultation (docs/money.md, First consultations): the checkout is the payments
 * feature's, the holding, the release after its end and the refund the money feature's.
 */
function consultationPayments(app: FastifyInstance): ConsultationPayments {
  return {
    open: (row, lawyerName) =>
      app.payments.openCheckoutOf({
        caseId: null,
        proposalId: null,
        consultationId: row.id,
        caseCode: '',
        caseTitle: '',
        productName: consultationsEs.errors.checkoutLine(madridText(row.startAt)),
        lawyerName,
        amountCents: row.priceCents,
        userId: row.clientId,
        lawyerId: row.lawyerId,
      }),
    close: async (paymentId, clientId) => {
      await app.payments.cancelOwn(clientId, paymentId);
    },
    refund: async (tx, afterCommit, paymentId, reason) =>
      (await app.money.refundPayment(tx, afterCommit, { paymentId, reason, adminId: null })).cents,
  };
}
