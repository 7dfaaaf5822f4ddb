import { ROLE } from '@l4l/shared/constants/roles';
import { es } from '@l4l/shared/texts/es';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { keyOfUploadUrl } from '../../lib/images.ts';
import type { Sessions } from '../../plugins/auth.ts';
import { recordAudit } from '../admin/index.ts';
import { authPrivacy } from '../auth/index.ts';
import { casesPrivacy, fullName } from '../cases/index.ts';
import { chatPrivacy } from '../chat/index.ts';
import { consultationsPrivacy } from '../consultations/index.ts';
import { documentsPrivacy } from '../documents/index.ts';
import { invoicesPrivacy } from '../invoices/index.ts';
import { lawyersPrivacy } from '../lawyers/index.ts';
import { moneyPrivacy } from '../money/index.ts';
import { notificationsPrivacy } from '../notifications/index.ts';
import { proposalsPrivacy } from '../proposals/index.ts';
import { uploadsPrivacy } from '../uploads/index.ts';
import { usersPrivacy } from '../users/index.ts';

/** What stops an erasure (docs/domain.md, Privacy rights), asked of the module that knows, in this order. */
const BLOCKERS = [
  ['activeCase', casesPrivacy.hasActiveCase],
  ['openDispute', moneyPrivacy.hasOpenDispute],
  ['paymentInProgress', proposalsPrivacy.hasCheckoutOpen],
  ['moneyHeld', moneyPrivacy.isOwedTransfer],
] as const;

/** What is removed from the storage and the mail copies once the erasure has committed. */
export type Erased = { avatarKeys: string[]; documentIds: string[]; mail: string };

/**
 * docs/domain.md, Privacy rights: the erasure inside its transaction. The account's row is locked and the
 * 409 rules read; then each module erases what it holds of the person, through its public entry: privacy
 * itself writes no other module's table. Answers what goes from the storage once committed.
 */
export async function eraseInTransaction(userId: string, tx: Db, sessions: Sessions): Promise<Erased> {
  const texts = es.privacy;
  // the cases first, then the account: the order an acceptance of a proposal locks in
  await casesPrivacy.lockForErasure(userId, tx);
  const account = await usersPrivacy.lockForErasure(userId, tx);
  if (!account || account.erasedAt) throw new AppError('UNAUTHENTICATED');
  for (const [blocker, binds] of BLOCKERS) {
    if (await binds(userId, tx)) throw new AppError('CONFLICT', { message: texts[blocker] });
  }
  await usersPrivacy.eraseFor(userId, tx);
  await authPrivacy.eraseFor(userId, tx);
  await sessions.revokeAll(userId, { db: tx });
  await invoicesPrivacy.eraseFor(userId, tx);
  await notificationsPrivacy.eraseFor(userId, tx);
  await consultationsPrivacy.eraseFor(userId, tx, texts.erasedCaseReason);
  if (account.role === ROLE.ABOGADO) await lawyersPrivacy.eraseFor(userId, tx, texts.erasedLawyerReason);
  const discarded = await casesPrivacy.eraseFor(userId, tx, texts.erasedCaseReason);
  await proposalsPrivacy.eraseFor(userId, tx, discarded);
  const names = { fullName: fullName(account.name, account.surname), pseudonym: texts.erasedName };
  await chatPrivacy.eraseFor(userId, tx, names);
  const avatarUrls = await uploadsPrivacy.eraseFor(userId, tx);
  // the chat keeps its document messages without the file, as when a document is deleted
  const documentIds = await documentsPrivacy.eraseFor(userId, tx);
  await chatPrivacy.forgetDocuments(documentIds, tx);
  const photoKey = account.photoUrl ? keyOfUploadUrl(account.photoUrl) : null;
  const avatarKeys = new Set(
    [...avatarUrls.map(keyOfUploadUrl), photoKey].filter((key): key is string => key !== null),
  );
  // the person did it themselves: no administrator
  await recordAudit(tx, {
    adminId: null,
    action: 'user.erase',
    targetType: 'user',
    targetId: userId,
    details: { role: account.role, documentsRemoved: documentIds.length, avatarsRemoved: avatarKeys.size },
  });
  return { avatarKeys: [...avatarKeys], documentIds, mail: account.mail };
}
