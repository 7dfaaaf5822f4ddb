import { randomUUID } from 'node:crypto';
import type { UpdatePassword } from '@l4l/shared/schemas/auth';
import { AppError } from '../../lib/app-error.ts';
import { hashPassword } from '../../lib/passwords.ts';
import type { transactional } from '../../lib/transaction.ts';
import type { Sessions } from '../../plugins/auth.ts';
import { composeMail, type MailOutbox } from '../../plugins/mailer.ts';
import { accountMailContents } from './account-mails.ts';
import type { AuthLimits } from './auth.limits.ts';
import type { AuthRepository } from './auth.repository.ts';
import { derivedLinkTokens, tokenHash } from './link-tokens.ts';
import { assertUncommonPassword } from './password-policy.ts';

/**
 * Reset tokens are derived from their random row id with a key of the app's secret (so the outbox rebuilds
 * the link when the mail leaves), stored hashed, single use, and live 1 hour (docs/domain.md, Password
 * policy).
 */
const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

/** Password recovery: a reset link mailed through the outbox, and the new password it sets once. */
export function createPasswordReset({
  repository,
  transaction,
  sessions,
  limits,
  closeChats,
  outbox,
  secret,
  publicUrl,
}: {
  repository: AuthRepository;
  transaction: ReturnType<typeof transactional<AuthRepository>>;
  sessions: Sessions;
  limits: AuthLimits;
  /** closes the chat sockets of ended sessions on every process (auth.service.ts) */
  closeChats: (userId: string) => Promise<void>;
  outbox: MailOutbox;
  /** the app's secret (JWT_SECRET), from which the links' key is derived */
  secret: string;
  publicUrl: string;
}) {
  const resetTokenOf = derivedLinkTokens(secret, 'password-reset');

  /** The reset link's mail, composed when it leaves; null once the link is used or expired. */
  outbox.define('password-reset', async ({ subjectId }) => {
    const reset = subjectId ? await repository.findUsableResetTokenById(subjectId) : undefined;
    if (!subjectId || !reset) return null;
    const url = `${publicUrl}/reset-password?token=${resetTokenOf(subjectId)}`;
    const content = accountMailContents['password-reset'](reset.name, url);
    return { to: reset.mail, ...(await composeMail(content)) };
  });

  return {
    /**
     * Always succeeds for a valid address, known or not; a known one is mailed a reset link, through the
     * outbox, so a mail server that is down delays the mail and never fails the request.
     */
    async recoverPassword(mail: string): Promise<void> {
      await limits.recoveryByMail.consume(mail);
      const account = await repository.findByMail(mail);
      if (!account) return;
      const id = randomUUID();
      await transaction(async (tx, txDb, afterCommit) => {
        await tx.insertResetToken({
          id,
          userId: account.id,
          tokenHash: tokenHash(resetTokenOf(id)),
          expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS),
        });
        await outbox.queue(txDb, afterCommit, { kind: 'password-reset', userId: account.id, subjectId: id });
      });
    },

    /** The reset link's token sets a new password once; every session of the user ends. */
    async updatePassword(input: UpdatePassword): Promise<void> {
      assertUncommonPassword(input.newPassword, 'newPassword');
      const token = await repository.findUsableResetToken(tokenHash(input.token));
      if (!token) throw new AppError('INVALID_TOKEN');
      const passwordHash = await hashPassword(input.newPassword);
      await transaction(async (tx, txDb) => {
        if (!(await tx.consumeResetToken(token.id))) throw new AppError('INVALID_TOKEN');
        await tx.useAllResetTokens(token.userId);
        await tx.setPasswordHash(token.userId, passwordHash);
        await sessions.revokeAll(token.userId, { db: txDb });
      });
      // once committed: a socket closed earlier could reconnect with a session not yet revoked
      await closeChats(token.userId);
      await limits.passwordFailures.forget(token.userId);
    },
  };
}
