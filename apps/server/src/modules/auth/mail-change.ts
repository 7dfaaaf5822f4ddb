import { randomUUID } from 'node:crypto';
import { es } from '@l4l/shared/texts/es';
import { AppError } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import type { transactional } from '../../lib/transaction.ts';
import { composeMail, type MailOutbox } from '../../plugins/mailer.ts';
import { accountMailContents } from './account-mails.ts';
import type { Account, AuthRepository } from './auth.repository.ts';
import { derivedLinkTokens, tokenHash } from './link-tokens.ts';

/** A mail-change link lives a day: long enough to open a mailbox not read every hour. */
const MAIL_CHANGE_TTL_MS = 24 * 60 * 60 * 1000;

/** The sign-in mail after a profile edit: still the old one, and the new one while it waits. */
export type MailInForce = { mail: string; pendingMail: string | null };

const userExists = () => new AppError('USER_EXISTS');

/**
 * Changing the sign-in mail (docs/decisions/0004-accounts-and-rate-limits.md): the current password
 * first, then a single-use link to the new address, stored hashed; the old address is told. Both mails
 * go through the outbox (docs/notifications.md, Account mails), written with the link: the link's token
 * is derived from its row id with a key of the app's secret, so the mail rebuilds it when it leaves.
 */
export function createMailChange({
  repository,
  transaction,
  checkPassword,
  outbox,
  secret,
  publicUrl,
}: {
  repository: AuthRepository;
  transaction: ReturnType<typeof transactional<AuthRepository>>;
  /** the account's password tried from a source, slowed like a login (password-check.ts) */
  checkPassword: (account: Account, password: string, source: string, wrong: () => AppError) => Promise<void>;
  outbox: MailOutbox;
  /** the app's secret (JWT_SECRET), from which the links' key is derived */
  secret: string;
  publicUrl: string;
}) {
  const tokenOf = derivedLinkTokens(secret, 'mail-change');

  /** The link to the new address; null once it is used, replaced or expired. */
  outbox.define('mail-change-confirm', async ({ subjectId }) => {
    const change = subjectId ? await repository.findUsableMailChangeToken(subjectId) : undefined;
    if (!subjectId || !change) return null;
    const url = `${publicUrl}/confirmar-correo?token=${tokenOf(subjectId)}`;
    const content = accountMailContents['mail-change-confirm'](change.name, url);
    return { to: change.newMail, ...(await composeMail(content)) };
  });

  /** The notice to the address the account had when the change was asked, whatever happened since. */
  outbox.define('mail-change-notice', async ({ userId, params }) => {
    const account = await repository.findById(userId);
    if (!account || !params?.oldMail || !params.newMail) return null;
    const content = accountMailContents['mail-change-notice'](account.name, params.newMail);
    return { to: params.oldMail, ...(await composeMail(content)) };
  });

  return {
    /**
     * A profile edit's `mail`: the same one stays; a different one needs the current password and takes
     * effect only once the link mailed to it is opened (the old address is told). Answers the mail in
     * force and the one waiting. Checks come before the caller changes anything else.
     */
    async requestMailChange(
      userId: string,
      input: { mail: string; currentPassword?: string | undefined },
      source: string,
    ): Promise<MailInForce> {
      const account = await repository.findById(userId);
      if (!account) throw new AppError('UNAUTHENTICATED');
      if (input.mail === account.mail) return { mail: account.mail, pendingMail: null };
      if (!input.currentPassword) {
        throw new AppError('VALIDATION_ERROR', {
          message: es.validation.currentPasswordForMail,
          fields: { currentPassword: es.validation.currentPasswordForMail },
        });
      }
      await checkPassword(account, input.currentPassword, source, () => {
        const message = es.validation.currentPasswordWrong;
        return new AppError('BAD_CREDENTIALS', { message, fields: { currentPassword: message } });
      });
      if (await repository.mailTaken(input.mail)) {
        throw new AppError('USER_EXISTS', { fields: { mail: es.validation.userExists } });
      }
      const id = randomUUID();
      await transaction(async (tx, txDb, afterCommit) => {
        await tx.useAllMailChangeTokens(userId);
        await tx.insertMailChangeToken({
          id,
          userId,
          newMail: input.mail,
          tokenHash: tokenHash(tokenOf(id)),
          expiresAt: new Date(Date.now() + MAIL_CHANGE_TTL_MS),
        });
        await outbox.queue(txDb, afterCommit, { kind: 'mail-change-confirm', userId, subjectId: id });
        await outbox.queue(txDb, afterCommit, {
          kind: 'mail-change-notice',
          userId,
          subjectId: id,
          params: { oldMail: account.mail, newMail: input.mail },
        });
      });
      return { mail: account.mail, pendingMail: input.mail };
    },

    /** The link mailed to a new address: it becomes the sign-in mail, once, unless taken meanwhile. */
    async confirmMailChange(token: string): Promise<{ mail: string }> {
      try {
        return await transaction(async (tx) => {
          const change = await tx.consumeMailChangeToken(tokenHash(token));
          if (!change) throw new AppError('INVALID_TOKEN', { message: es.validation.mailChangeLinkInvalid });
          if (await tx.mailTaken(change.newMail)) throw userExists();
          await tx.setMail(change.userId, change.newMail);
          await tx.useAllMailChangeTokens(change.userId);
          return { mail: change.newMail };
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw userExists();
        throw err;
      }
    },
  };
}
