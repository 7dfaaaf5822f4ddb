import type { Db } from '../../db/database.ts';
import type { AppError } from '../../lib/app-error.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { withTransaction } from '../../lib/transaction.ts';
import { composeMail, type MailOutbox } from '../../plugins/mailer.ts';
import { accountMailContents } from './account-mails.ts';
import type { AuthLimits } from './auth.limits.ts';
import type { Account, AuthRepository } from './auth.repository.ts';

/**
 * The password of an account, tried from a source and slowed like a login (ADR 0004), with the mail that
 * warns the owner of an episode of wrong passwords.
 */
export function createPasswordCheck({
  db,
  repository,
  limits,
  outbox,
  publicUrl,
}: {
  db: Db;
  repository: AuthRepository;
  limits: AuthLimits;
  outbox: MailOutbox;
  publicUrl: string;
}) {
  /** Once per episode of wrong passwords: the owner hears of it, and may choose a new password. */
  async function warnOwner(account: Account): Promise<void> {
    await withTransaction(db, (tx, afterCommit) =>
      outbox.queue(tx, afterCommit, { kind: 'sign-in-attempts', userId: account.id }),
    );
  }

  outbox.define('sign-in-attempts', async ({ userId }) => {
    const account = await repository.findById(userId);
    if (!account) return null;
    const content = accountMailContents['sign-in-attempts'](account.name, `${publicUrl}/login`);
    return { to: account.mail, ...(await composeMail(content)) };
  });

  /**
   * The password of the account, tried from `source` (the caller's IP): a source that failed too often on
   * this account waits first (429); a wrong password counts for that pair only (ADR 0004).
   */
  return async function checkPassword(
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
  };
}
