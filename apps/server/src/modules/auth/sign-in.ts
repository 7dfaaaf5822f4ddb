import { ROLE } from '@l4l/shared/constants/roles';
import type { MfaChallenge, MfaVerifyInput } from '@l4l/shared/schemas/admin';
import type { BaseUser } from '@l4l/shared/schemas/auth';
import { usernameOf } from '@l4l/shared/schemas/auth';
import { es } from '@l4l/shared/texts/es';
import type { Config } from '../../config.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import type { transactional } from '../../lib/transaction.ts';
import type { Sessions } from '../../plugins/auth.ts';
import type { AuthLimits } from './auth.limits.ts';
import type { Account, AuthRepository } from './auth.repository.ts';
import { createGoogleVerifier } from './google-identity.ts';
import { newLinkToken, tokenHash } from './link-tokens.ts';
import { matchingTotpStep, newTotpSecret, otpauthUrl } from './totp.ts';

/** docs/api/http.md, Auth: the mfaToken of an administrator's second step lives 5 minutes. */
const MFA_TOKEN_TTL_MS = 5 * 60 * 1000;

export type SignInResult = { token: string; baseUser: BaseUser; persistent: boolean };
/** What a correct password gives: a session, or (for an ADMIN) the second step still owed. */
export type SignInStep = SignInResult | MfaChallenge;

export const isMfaChallenge = (step: SignInStep): step is MfaChallenge => 'mfaRequired' in step;

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

/**
 * From a proven identity to a session (docs/decisions/0004-accounts-and-rate-limits.md): the sign-in rules
 * after a correct password or a Google ID token, an administrator's second factor, and Google sign-in.
 */
export function createSignIn({
  repository,
  transaction,
  sessions,
  limits,
  config,
}: {
  repository: AuthRepository;
  transaction: ReturnType<typeof transactional<AuthRepository>>;
  sessions: Sessions;
  limits: AuthLimits;
  config: Pick<Config, 'googleClientId' | 'googleJwksUrl'>;
}) {
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

  return {
    completeSignIn,
    openSession,

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
