import type { AuthProviders, BaseUser, ChangePassword, Login } from '@l4l/shared/schemas/auth';
import { es } from '@l4l/shared/texts/es';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashPassword } from '../../lib/passwords.ts';
import type { Storage } from '../../lib/storage/index.ts';
import { transactional } from '../../lib/transaction.ts';
import type { AuthUser, Sessions } from '../../plugins/auth.ts';
import type { MailOutbox } from '../../plugins/mailer.ts';
import type { AuthLimits } from './auth.limits.ts';
import { createAuthRepository } from './auth.repository.ts';
import { createEmailVerification } from './email-verification.ts';
import { createMailChange } from './mail-change.ts';
import { createPasswordCheck } from './password-check.ts';
import { assertUncommonPassword } from './password-policy.ts';
import { createPasswordReset } from './password-reset.ts';
import { createRegistration } from './registration.ts';
import { createSignIn, type SignInStep, toBaseUser } from './sign-in.ts';

type Deps = {
  db: Db;
  config: Config;
  /** where the registration photo is kept (app.storage) */
  storage: Storage;
  sessions: Sessions;
  limits: AuthLimits;
  /** closes the chat sockets of ended sessions on every process, as a ban does */
  closeChats: FastifyInstance['chat']['disconnectUser'];
  /** the account mails' outbox (composed in app.ts; docs/notifications.md, Account mails) */
  outbox: MailOutbox;
};

export function createAuthService({ db, config, storage, sessions, limits, closeChats, outbox }: Deps) {
  const repository = createAuthRepository(db);
  const transaction = transactional(db, createAuthRepository);
  const signIn = createSignIn({ repository, transaction, sessions, limits, config });
  const checkPassword = createPasswordCheck({ db, repository, limits, outbox, publicUrl: config.publicUrl });

  const emailVerification = createEmailVerification({
    repository,
    transaction,
    secret: config.jwtSecret,
    publicUrl: config.publicUrl,
    outbox,
    resendLimit: limits.verificationMailsByAccount,
  });

  const registration = createRegistration({
    repository,
    transaction,
    storage,
    emailVerification,
    openSession: signIn.openSession,
  });

  const passwordReset = createPasswordReset({
    repository,
    transaction,
    sessions,
    limits,
    closeChats: (userId) => closeChats(userId),
    outbox,
    secret: config.jwtSecret,
    publicUrl: config.publicUrl,
  });

  const mailChange = createMailChange({
    repository,
    transaction,
    checkPassword,
    outbox,
    secret: config.jwtSecret,
    publicUrl: config.publicUrl,
  });

  return {
    ...registration,
    ...passwordReset,

    /** docs/api/http.md, Auth (login): 404 unknown mail, 401 wrong password, then the sign-in rules. */
    async login(input: Login, source: string): Promise<SignInStep> {
      const account = await repository.findByMail(input.email);
      if (!account) throw new AppError('USER_NOT_FOUND');
      await checkPassword(account, input.password, source, () => new AppError('BAD_CREDENTIALS'));
      return signIn.completeSignIn(account, input.remember ?? false);
    },

    verifySecondFactor: signIn.verifySecondFactor,

    /** Ends the session and, at once, the chat sockets it opened (not the user's other sessions'). */
    async logout(caller: AuthUser): Promise<void> {
      await sessions.revoke(caller.sessionId);
      await closeChats(caller.id, { sessionId: caller.sessionId });
    },

    async me(caller: AuthUser): Promise<BaseUser> {
      const account = await repository.findById(caller.id);
      if (!account) throw new AppError('UNAUTHENTICATED');
      return toBaseUser(account);
    },

    /** A signed-in password change: the current password first; the user's other sessions end. */
    async changePassword(caller: AuthUser, input: ChangePassword, source: string): Promise<void> {
      assertUncommonPassword(input.newPassword, 'newPassword');
      const account = await repository.findById(caller.id);
      if (!account) throw new AppError('UNAUTHENTICATED');
      await checkPassword(
        account,
        input.currentPassword,
        source,
        () => new AppError('BAD_CREDENTIALS', { message: es.validation.currentPasswordWrong }),
      );
      const passwordHash = await hashPassword(input.newPassword);
      await transaction(async (tx, txDb) => {
        await tx.setPasswordHash(caller.id, passwordHash);
        await tx.useAllResetTokens(caller.id);
        await sessions.revokeAll(caller.id, { except: caller.sessionId, db: txDb });
      });
      await closeChats(caller.id, { exceptSessionId: caller.sessionId });
    },

    /**
     * docs/domain.md, Privacy rights: the password that confirms an erasure, checked like a password change
     * (wrong: 401, counted against the source). An account that only signs in with Google has none: it is
     * asked to set one through the recovery link first, which proves it still holds the mailbox.
     */
    async confirmPassword(userId: string, password: string, source: string): Promise<void> {
      const account = await repository.findById(userId);
      if (!account) throw new AppError('UNAUTHENTICATED');
      if (!account.passwordHash) {
        throw new AppError('VALIDATION_ERROR', { message: es.privacy.noPassword });
      }
      await checkPassword(
        account,
        password,
        source,
        () => new AppError('BAD_CREDENTIALS', { message: es.validation.currentPasswordWrong }),
      );
    },

    ...mailChange,

    verifyMail: emailVerification.verifyMail,
    resendVerification: emailVerification.resendVerification,

    providers(): AuthProviders {
      return { google: config.googleClientId ? { clientId: config.googleClientId } : null };
    },

    googleSignIn: signIn.googleSignIn,
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
