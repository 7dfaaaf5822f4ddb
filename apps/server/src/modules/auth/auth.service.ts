import { ROLE } from '@l4l/shared/constants/roles';
import type { MfaChallenge, MfaVerifyInput } from '@l4l/shared/schemas/admin';
import type { AuthProviders, BaseUser, ChangePassword, Login } from '@l4l/shared/schemas/auth';
import { usernameOf } from '@l4l/shared/schemas/auth';
import { es } from '@l4l/shared/texts/es';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import type { Storage } from '../../lib/storage/index.ts';
import { transactional, withTransaction } from '../../lib/transaction.ts';
import type { AuthUser, Sessions } from '../../plugins/auth.ts';
import { composeMail, type MailOutbox } from '../../plugins/mailer.ts';
import { accountMailContents } from './account-mails.ts';
import type { AuthLimits } from './auth.limits.ts';
import { type Account, createAuthRepository } from './auth.repository.ts';
import { createEmailVerification } from './email-verification.ts';
import { createGoogleVerifier } from './google-identity.ts';
import { newLinkToken, tokenHash } from './link-tokens.ts';
import { createMailChange } from './mail-change.ts';
import { assertUncommonPassword } from './password-policy.ts';
import { createPasswordReset } from './password-reset.ts';
import { createRegistration } from './registration.ts';
import { matchingTotpStep, newTotpSecret, otpauthUrl } from './totp.ts';

/** docs/api/http.md, Auth: the mfaToken of an administrator's second step lives 5 minutes. */
const MFA_TOKEN_TTL_MS = 5 * 60 * 1000;

export type SignInResult = { token: string; baseUser: BaseUser; persistent: boolean };
/** What a correct password gives: a session, or (for an ADMIN) the second step still owed. */
export type SignInStep = SignInResult | MfaChallenge;

export const isMfaChallenge = (step: SignInStep): step is MfaChallenge => 'mfaRequired' in step;

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

export function toBaseUser(user: Account): BaseUser {
  return {
    id: user.id,
    username: user.username,
    role: user.role,
    mail: user.mail,
    name: user.name,
    surname: user.surname,
    phoneNumber: user.phoneNumber,
    photoUrl: user.photoUrl,
    emailVerified: user.emailVerifiedAt !== null,
  };
}

export function createAuthService({ db, config, storage, sessions, limits, closeChats, outbox }: Deps) {
  const repository = createAuthRepository(db);
  const transaction = transactional(db, createAuthRepository);
  const verifyGoogle = config.googleClientId
    ? createGoogleVerifier({ clientId: config.googleClientId, jwksUrl: config.googleJwksUrl })
    : undefined;

  /**
   * What happens once the password (or Google) has proven who the caller is: the one place that decides
   * who gets a session. Banned users and unverified lawyers are refused only here, after a correct
   * password, so these answers never help to guess one. An ADMIN gets no session yet: the second factor
   * (docs/api/http.md, Auth: mfa/verify) is still owed.
   */
  async function completeSignIn(account: Account, remember: boolean): Promise<SignInStep> {
    // the refusal says why (docs/api/http.md, Errors): the ban's reason and where to write; whether the
    // lawyer was rejected, and the administrator's reason, rather than only 'wait'
    if (account.bannedAt) {
      throw new AppError('USER_BANNED', {
        extra: { status: 69, reason: account.banReason ?? null, contact: es.footer.supportMail },
      });
    }
    if (account.role === ROLE.ABOGADO && !account.lawyerVerifiedAt) {
      const rejected = account.lawyerRejectedAt !== null;
      throw new AppError('LAWYER_NOT_VERIFIED', {
        extra: { status: 420, rejected, reason: rejected ? (account.lawyerRejectionReason ?? null) : null },
      });
    }
    if (account.role === ROLE.ADMIN) return startSecondFactor(account, remember);
    return openSession(account, remember);
  }

  /**
   * An administrator's second step: a random mfaToken (stored hashed, 5 minutes). Until the first code
   * is accepted the account is not enrolled, and the answer carries the otpauth URL of its secret (the
   * same secret on every try, so a QR scanned once stays good).
   */
  async function startSecondFactor(account: Account, remember: boolean): Promise<MfaChallenge> {
    const enrolled = account.totpSecret !== null && account.totpEnrolledAt !== null;
    const secret = account.totpSecret ?? (await repository.provideTotpSecret(account.id, newTotpSecret()));
    const { token: mfaToken, ...challenge } = newLinkToken(MFA_TOKEN_TTL_MS);
    await repository.insertMfaChallenge({ userId: account.id, persistent: remember, ...challenge });
    return {
      mfaRequired: true,
      mfaToken,
      ...(enrolled ? {} : { otpauthUrl: otpauthUrl(secret, account.mail) }),
    };
  }

  async function openSession(account: Account, remember: boolean): Promise<SignInResult> {
    const token = await sessions.create(account, { persistent: remember });
    await repository.touchLastConnection(account.id);
    return { token, baseUser: toBaseUser(account), persistent: remember };
  }

  /**
   * The password of the account, tried from `source` (the caller's IP): a source that failed too often on
   * this account waits first (429); a wrong password counts for that pair only (ADR 0004).
   */
  async function checkPassword(
    account: Account,
    password: string,
    source: string,
    wrong: () => AppError,
  ): Promise<void> {
    await limits.passwordFailures.assertAllowed(account.id, source);
    if (!(await verifyPassword(account.passwordHash, password))) {
      const { notify } = await limits.passwordFailures.fail(account.id, source);
      if (notify) await warnOwner(account);
      throw wrong();
    }
    await limits.passwordFailures.succeed(account.id, source);
  }

  /** Once per episode of wrong passwords: the owner hears of it, and may choose a new password. */
  async function warnOwner(account: Account): Promise<void> {
    await withTransaction(db, (tx, afterCommit) =>
      outbox.queue(tx, afterCommit, { kind: 'sign-in-attempts', userId: account.id }),
    );
  }

  outbox.define('sign-in-attempts', async ({ userId }) => {
    const account = await repository.findById(userId);
    if (!account) return null;
    const content = accountMailContents['sign-in-attempts'](account.name, `${config.publicUrl}/login`);
    return { to: account.mail, ...(await composeMail(content)) };
  });

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
    openSession,
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
      return completeSignIn(account, input.remember ?? false);
    },

    /**
     * POST /api/auth/mfa/verify (docs/api/http.md, Auth): the administrator's TOTP code against the challenge the password
     * opened. A wrong code is 401 BAD_CODE and counts against the challenge (5 tries) and the account
     * (5 per 15 minutes, then 429); a code already used, or an unknown, used or expired challenge, is
     * refused too. The first code accepted completes the enrolment.
     */
    async verifySecondFactor(input: MfaVerifyInput & { code: string }): Promise<SignInResult> {
      const expired = () => new AppError('BAD_CODE', { message: es.admin.mfa.expired });
      const challenge = await repository.findUsableMfaChallenge(tokenHash(input.mfaToken));
      if (!challenge) throw expired();
      await limits.mfaFailuresByAccount.assertAllowed(challenge.userId);
      const account = await repository.findById(challenge.userId);
      if (!account?.totpSecret || account.role !== ROLE.ADMIN) throw expired();
      if (account.bannedAt) throw new AppError('USER_BANNED', { extra: { status: 69 } });

      const step = matchingTotpStep(account.totpSecret, input.code);
      const accepted =
        step !== null &&
        (await transaction(async (tx) => {
          if (!(await tx.acceptTotpStep(account.id, step))) return false;
          if (!(await tx.consumeMfaChallenge(challenge.id))) throw expired();
          return true;
        }));
      if (!accepted) {
        await repository.countMfaFailure(challenge.id);
        await limits.mfaFailuresByAccount.hit(account.id);
        throw new AppError('BAD_CODE', { message: es.admin.mfa.badCode });
      }
      await limits.mfaFailuresByAccount.reset(account.id);
      return openSession(account, challenge.persistent);
    },

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

    /**
     * Google sign-in: the account with that Google id, else the one with that mail (which gets linked),
     * else a new client account. Then the same rules as a login.
     */
    async googleSignIn(input: { credential: string; remember?: boolean | undefined }): Promise<SignInStep> {
      if (!verifyGoogle) throw new AppError('SERVICE_UNAVAILABLE', { message: es.login.googleUnavailable });
      const identity = await verifyGoogle(input.credential);
      const remember = input.remember ?? false;
      const known =
        (await repository.findByGoogleSub(identity.sub)) ?? (await repository.findByMail(identity.mail));
      if (known) {
        if (!known.googleSub) await repository.linkGoogleAccount(known.id, identity.sub);
        return completeSignIn(known, remember);
      }
      try {
        const user = await repository.insertUser({
          role: ROLE.USUARIO,
          mail: identity.mail,
          name: identity.name,
          surname: identity.surname,
          username: usernameOf(identity.name, identity.surname),
          phoneNumber: '',
          photoUrl: identity.photoUrl,
          googleSub: identity.sub,
          // Google vouches for the mail (google-identity.ts refuses an unverified one)
          emailVerifiedAt: new Date(),
        });
        return completeSignIn(
          { ...user, lawyerVerifiedAt: null, lawyerRejectedAt: null, lawyerRejectionReason: null },
          remember,
        );
      } catch (err) {
        // the same first sign-in twice at once: the other request created the account
        const created = isUniqueViolation(err) ? await repository.findByGoogleSub(identity.sub) : undefined;
        if (!created) throw err;
        return completeSignIn(created, remember);
      }
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
