import { dataEnvelope, emptyEnvelope } from '@l4l/shared/envelope';
import { loginAnswerSchema, mfaVerifySchema } from '@l4l/shared/schemas/admin';
import {
  authProvidersSchema,
  baseUserSchema,
  changePasswordSchema,
  confirmedMailSchema,
  confirmMailChangeQuerySchema,
  googleSignInSchema,
  lawyerRegistrationSchema,
  loginSchema,
  recoverPasswordQuerySchema,
  registrationCheckSchema,
  signInSchema,
  updatePasswordSchema,
  userRegistrationSchema,
  verifyMailQuerySchema,
} from '@l4l/shared/schemas/auth';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { limitByIp } from '../../lib/rate-limiter.ts';
import type { RouteApp } from '../../lib/route-app.ts';
import {
  authenticate,
  clearSessionCookie,
  currentUser,
  resolveUser,
  setSessionCookie,
} from '../../plugins/auth.ts';
import { IMAGE_BODY_LIMIT } from '../../plugins/body-parsers.ts';
import type { MailOutbox } from '../../plugins/mailer.ts';
import { type AuthLimits, createAuthLimits } from './auth.limits.ts';
import { type AuthService, createAuthService } from './auth.service.ts';
import { isMfaChallenge, type SignInResult, type SignInStep } from './sign-in.ts';

const idEnvelope = dataEnvelope(z.object({ id: z.string() }));
const signInEnvelope = dataEnvelope(signInSchema);
const loginAnswerEnvelope = dataEnvelope(loginAnswerSchema);

/** The login answer, and the same token in the session cookie (ADR 0003). */
function signedIn(reply: FastifyReply, result: SignInResult) {
  setSessionCookie(reply, result.token, result.persistent);
  return { data: { token: result.token, baseUser: result.baseUser } };
}

/** After a correct password: a session, or an administrator's second step (no session, no cookie). */
function passwordAccepted(reply: FastifyReply, step: SignInStep) {
  return isMfaChallenge(step) ? { data: step } : signedIn(reply, step);
}

export type Accounts = Pick<AuthService, 'requestMailChange' | 'confirmPassword' | 'me'>;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * what other features ask of accounts: a profile edit's new sign-in mail, an erasure's password, the
     * signed-in person a page is written for
     */
    accounts: Accounts;
  }
}

export type AccountsOptions = {
  /** the account mails' outbox (docs/notifications.md, Account mails) */
  outbox: MailOutbox;
  /** ended sessions close their chat sockets on every process */
  chat: Pick<FastifyInstance['chat'], 'disconnectUser'>;
};

/** The two registrations, and the check of the wizard's third step before them. */
function registerSignUp(app: RouteApp, service: AuthService, limits: AuthLimits) {
  const registration = limitByIp(limits.registrationByIp);

  // (+) the wizard's step 3: a taken mail or a common password is said there, not after the last step
  app.post(
    '/api/auth/register/check',
    {
      onRequest: limitByIp(limits.registrationCheckByIp),
      schema: { body: registrationCheckSchema, response: { 200: emptyEnvelope } },
    },
    async (request) => {
      await service.checkRegistration(request.body);
      return { data: null };
    },
  );

  app.post(
    '/api/auth/user/register',
    { onRequest: registration, schema: { body: userRegistrationSchema, response: { 200: idEnvelope } } },
    async (request, reply) => {
      const result = await service.registerUser(request.body);
      setSessionCookie(reply, result.token, result.persistent);
      return { data: { id: result.baseUser.id } };
    },
  );

  app.post(
    '/api/auth/lawyer/register',
    {
      onRequest: registration,
      // the registration carries the lawyer's photo as a data URL
      bodyLimit: IMAGE_BODY_LIMIT,
      schema: { body: lawyerRegistrationSchema, response: { 200: idEnvelope } },
    },
    async (request) => ({ data: await service.registerLawyer(request.body) }),
  );
}

/** Signing in (password, second factor, Google), signing out, and who is signed in. */
function registerSessions(app: RouteApp, service: AuthService, limits: AuthLimits) {
  const loginAttempt = limitByIp(limits.loginByIp);

  app.post(
    '/api/auth/login',
    { onRequest: loginAttempt, schema: { body: loginSchema, response: { 200: loginAnswerEnvelope } } },
    async (request, reply) => passwordAccepted(reply, await service.login(request.body, request.ip)),
  );

  app.post(
    '/api/auth/mfa/verify',
    { onRequest: loginAttempt, schema: { body: mfaVerifySchema, response: { 200: signInEnvelope } } },
    async (request, reply) => signedIn(reply, await service.verifySecondFactor(request.body)),
  );

  app.post(
    '/api/auth/google',
    {
      onRequest: loginAttempt,
      schema: { body: googleSignInSchema, response: { 200: loginAnswerEnvelope } },
    },
    async (request, reply) => passwordAccepted(reply, await service.googleSignIn(request.body)),
  );

  app.get(
    '/api/auth/providers',
    { schema: { response: { 200: dataEnvelope(authProvidersSchema) } } },
    async () => ({ data: service.providers() }),
  );

  // 200 even when not signed in: the web calls it to drop a cookie left from before (ADR 0003)
  app.post('/api/auth/logout', { schema: { response: { 200: emptyEnvelope } } }, async (request, reply) => {
    const caller = await resolveUser(request);
    if (caller) await service.logout(caller);
    clearSessionCookie(reply);
    return { data: null };
  });

  app.get(
    '/api/auth/me',
    { onRequest: authenticate, schema: { response: { 200: dataEnvelope(baseUserSchema) } } },
    async (request) => ({ data: await service.me(currentUser(request)) }),
  );
}

/** Passwords (a forgotten one's recovery, a change) and the links that confirm a mail, new or changed. */
function registerCredentials(app: RouteApp, service: AuthService, limits: AuthLimits) {
  app.post(
    '/api/auth/recover-password',
    {
      onRequest: limitByIp(limits.recoveryByIp),
      schema: { querystring: recoverPasswordQuerySchema, response: { 200: emptyEnvelope } },
    },
    async (request) => {
      await service.recoverPassword(request.query.email);
      return { data: null };
    },
  );

  app.post(
    '/api/auth/update-password',
    {
      // the token and the new password come as query parameters or in the body (docs/api/http.md, Auth)
      preValidation: async (request) => {
        const body = typeof request.body === 'object' && request.body !== null ? request.body : {};
        request.body = { ...(request.query as object), ...body } as typeof request.body;
      },
      schema: { body: updatePasswordSchema, response: { 200: emptyEnvelope } },
    },
    async (request) => {
      await service.updatePassword(request.body);
      return { data: null };
    },
  );

  app.post(
    '/api/auth/confirm-email-change',
    {
      onRequest: limitByIp(limits.mailConfirmationByIp),
      schema: {
        querystring: confirmMailChangeQuerySchema,
        response: { 200: dataEnvelope(confirmedMailSchema) },
      },
    },
    async (request) => ({ data: await service.confirmMailChange(request.query.token) }),
  );

  app.post(
    '/api/auth/verify-email',
    {
      onRequest: limitByIp(limits.mailConfirmationByIp),
      schema: { querystring: verifyMailQuerySchema, response: { 200: dataEnvelope(confirmedMailSchema) } },
    },
    async (request) => ({ data: await service.verifyMail(request.query.token) }),
  );

  app.post(
    '/api/auth/verify-email/resend',
    { onRequest: authenticate, schema: { response: { 200: emptyEnvelope } } },
    async (request) => {
      await service.resendVerification(currentUser(request).id);
      return { data: null };
    },
  );

  app.post(
    '/api/auth/change-password',
    { onRequest: authenticate, schema: { body: changePasswordSchema, response: { 200: emptyEnvelope } } },
    async (request) => {
      await service.changePassword(currentUser(request), request.body, request.ip);
      return { data: null };
    },
  );
}

/** docs/api/http.md, Auth: registration, login, logout, recovery, password changes, Google sign-in. */
const routes =
  (service: AuthService, limits: AuthLimits): FastifyPluginAsyncZod =>
  async (app) => {
    registerSignUp(app, service, limits);
    registerSessions(app, service, limits);
    registerCredentials(app, service, limits);
  };

async function accounts(app: FastifyInstance, options: AccountsOptions) {
  const limits = createAuthLimits(app.config.rateLimitFactor, app.limiterStore);
  const service = createAuthService({
    db: app.db,
    config: app.config,
    storage: app.storage,
    sessions: app.sessions,
    limits,
    closeChats: (userId, which) => options.chat.disconnectUser(userId, which),
    outbox: options.outbox,
  });
  app.decorate('accounts', {
    requestMailChange: service.requestMailChange,
    confirmPassword: service.confirmPassword,
    me: service.me,
  } satisfies Accounts);
  await app.register(routes(service, limits));
}

export const authRoutes = fp(accounts, { name: 'accounts', dependencies: ['auth', 'chat', 'mailer'] });
