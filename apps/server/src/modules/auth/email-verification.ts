import { randomUUID } from 'node:crypto';
import { es } from '@l4l/shared/texts/es';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Limiter } from '../../lib/rate-limiter.ts';
import type { AfterCommit, transactional } from '../../lib/transaction.ts';
import { composeMail, type MailOutbox } from '../../plugins/mailer.ts';
import { accountMailContents } from './account-mails.ts';
import type { AuthRepository } from './auth.repository.ts';
import { derivedLinkTokens, tokenHash } from './link-tokens.ts';

/** A verification link lives two days: long enough for a mailbox read only now and then. */
export const EMAIL_VERIFICATION_TTL_MS = 48 * 60 * 60 * 1000;

const linkInvalid = () => new AppError('INVALID_TOKEN', { message: es.validation.verifyMailLinkInvalid });

/**
 * Address verification (docs/domain.md, Mail verification): a link to the sign-in mail, mailed through the
 * outbox at sign-up and on demand. Its token is derived from the link's random id with a key of the app's
 * secret, so the outbox worker rebuilds the link when it sends while the database keeps only the token's
 * hash; it is used once and lives 48 hours.
 */
export function createEmailVerification({
  repository,
  transaction,
  secret,
  publicUrl,
  outbox,
  resendLimit,
}: {
  repository: AuthRepository;
  transaction: ReturnType<typeof transactional<AuthRepository>>;
  /** the app's secret (JWT_SECRET), from which the links' key is derived */
  secret: string;
  publicUrl: string;
  /** the account mails' outbox: the link's mail is written with it and composed here when it leaves */
  outbox: MailOutbox;
  /** the re-sends one account may ask for (auth.limits.ts) */
  resendLimit: Limiter;
}) {
  const tokenOf = derivedLinkTokens(secret, 'email-verification');

  /** A new link to `mail` (the user's older ones stop working) and its mail, in the caller's transaction. */
  async function sendLink(
    tx: AuthRepository,
    txDb: Db,
    afterCommit: AfterCommit,
    user: { id: string; mail: string },
  ): Promise<void> {
    const id = randomUUID();
    await tx.useAllEmailVerifications(user.id);
    await tx.insertEmailVerification({
      id,
      userId: user.id,
      mail: user.mail,
      tokenHash: tokenHash(tokenOf(id)),
      expiresAt: new Date(Date.now() + EMAIL_VERIFICATION_TTL_MS),
    });
    await outbox.queue(txDb, afterCommit, { kind: 'email-verification', userId: user.id, subjectId: id });
  }

  /**
   * The verification mail of link `id`, composed when the outbox worker sends it; null when the link was
   * used, replaced or expired meanwhile, or the account signs in with another mail now.
   */
  outbox.define('email-verification', async ({ subjectId }) => {
    const link = subjectId ? await repository.findUsableEmailVerification(subjectId) : undefined;
    if (!subjectId || !link || link.mail !== link.currentMail) return null;
    const url = `${publicUrl}/verificar-correo?token=${tokenOf(subjectId)}`;
    const content = accountMailContents['email-verification'](link.name, url);
    return { to: link.mail, ...(await composeMail(content)) };
  });

  return {
    sendVerificationLink: sendLink,

    /**
     * POST /api/auth/verify-email: the link's token confirms the address it was mailed to, once. An address
     * verified meanwhile stays so (200 again); a link used, replaced, expired or unknown, or one to an
     * address the account no longer signs in with, is 400.
     */
    async verifyMail(token: string): Promise<{ mail: string }> {
      return transaction(async (tx) => {
        const link = await tx.consumeEmailVerification(tokenHash(token));
        if (!link || !(await tx.markMailVerified(link.userId, link.mail))) throw linkInvalid();
        return { mail: link.mail };
      });
    },

    /** POST /api/auth/verify-email/resend: a new link to the caller's mail, unless it is verified already. */
    async resendVerification(userId: string): Promise<void> {
      const account = await repository.findById(userId);
      if (!account) throw new AppError('UNAUTHENTICATED');
      if (account.emailVerifiedAt)
        throw new AppError('CONFLICT', { message: es.validation.mailVerifiedAlready });
      await resendLimit.consume(userId);
      await transaction((tx, txDb, afterCommit) => sendLink(tx, txDb, afterCommit, account));
    },
  };
}

export type EmailVerification = ReturnType<typeof createEmailVerification>;
