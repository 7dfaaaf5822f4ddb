import type { Readable } from 'node:stream';
import { exportFileName } from '@l4l/shared/constants/privacy';
import { ROLE } from '@l4l/shared/constants/roles';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { removeAvatar } from '../../lib/image-processing.ts';
import { keyOfUploadUrl } from '../../lib/images.ts';
import type { Limiter } from '../../lib/rate-limiter.ts';
import type { Keyring } from '../../lib/storage/envelope.ts';
import type { Storage } from '../../lib/storage/index.ts';
import { withTransaction } from '../../lib/transaction.ts';
import type { AuthUser, Sessions } from '../../plugins/auth.ts';
import { casesPrivacy } from '../cases/index.ts';
import { chatPrivacy } from '../chat/index.ts';
import { consultationsPrivacy } from '../consultations/index.ts';
import { documentKey, documentsPrivacy } from '../documents/index.ts';
import { type InvoicesService, invoicesPrivacy } from '../invoices/index.ts';
import { lawyersPrivacy } from '../lawyers/index.ts';
import { moneyPrivacy } from '../money/index.ts';
import { notificationsPrivacy } from '../notifications/index.ts';
import { paymentsPrivacy } from '../payments/index.ts';
import { proposalsPrivacy } from '../proposals/index.ts';
import { ratingsPrivacy } from '../ratings/index.ts';
import { uploadsPrivacy } from '../uploads/index.ts';
import { usersPrivacy } from '../users/index.ts';
import { eraseInTransaction } from './erasure.ts';
import { type ZipEntry, zipStream } from './zip-stream.ts';

/** docs/domain.md, Privacy rights: an export is costly (every file read, documents opened), 5 an hour. */
export const EXPORTS_PER_USER = { max: 5, windowMs: 60 * 60 * 1000 };

type Deps = {
  db: Db;
  storage: Storage;
  keyring: Keyring;
  sessions: Sessions;
  accounts: FastifyInstance['accounts'];
  invoices: Pick<InvoicesService, 'pdf'>;
  /** closes the person's chat sockets on every process, as a ban does */
  closeChats: FastifyInstance['chat']['disconnectUser'];
  /** the copies kept of the mails sent to an address (app.mailer) */
  forgetMails: FastifyInstance['mailer']['forget'];
  limiter: (name: string, max: number, windowMs: number) => Limiter;
  log: FastifyBaseLogger;
};

const lastSegment = (path: string) => path.split('/').pop() ?? path;

/**
 * docs/domain.md, Privacy rights: the export of everything the platform holds about the caller, and the
 * erasure of the caller's account (docs/decisions/0015-privacy-rights.md).
 */
export function createPrivacyService(deps: Deps) {
  const { db, storage, keyring, sessions, accounts, invoices, closeChats, forgetMails, log } = deps;
  const exportsPerUser = deps.limiter(
    'privacy:export-by-user',
    EXPORTS_PER_USER.max,
    EXPORTS_PER_USER.windowMs,
  );

  /**
   * datos.json: the caller's rows, each list as the caller took part in it, each asked of the module that
   * holds it (through its public entry).
   */
  async function gather(caller: AuthUser) {
    const userId = caller.id;
    const profile = await usersPrivacy.exportFor(userId, db);
    if (!profile) throw new AppError('UNAUTHENTICATED');
    const isLawyer = profile.role === ROLE.ABOGADO;
    const invoicing = await invoicesPrivacy.exportFor(userId, db);
    const consulting = await consultationsPrivacy.exportFor(userId, db);
    const money = await moneyPrivacy.exportFor(userId, db);
    const notified = await notificationsPrivacy.exportFor(userId, db);
    const documents = await documentsPrivacy.exportFor(userId, db);
    return {
      profile,
      lawyerSheet: isLawyer ? await lawyersPrivacy.exportFor(userId, db) : null,
      fiscalProfile: invoicing.fiscalProfile,
      cases: await casesPrivacy.exportFor(userId, db),
      proposals: await proposalsPrivacy.exportFor(userId, db),
      chats: await chatPrivacy.exportFor(userId, db),
      ratings: await ratingsPrivacy.exportFor(userId, db),
      consultations: consulting.consultations,
      availability: isLawyer ? consulting.availability : null,
      payments: await paymentsPrivacy.exportFor(userId, db),
      payoutAccount: money.payoutAccount,
      transfers: money.transfers,
      invoices: invoicing.invoices,
      notifications: notified.notifications,
      notificationPreferences: notified.notificationPreferences,
      documents: documents.map(({ keyId: _k, wrappedKey: _w, ...facts }) => facts),
      uploads: await uploadsPrivacy.exportFor(userId, db),
      seals: documents,
    };
  }

  return {
    /**
     * GET /api/me/export: a ZIP with datos.json and the caller's files (pictures, the case documents they
     * uploaded opened from their seal, the PDFs of their invoices). Written as it is sent; datos.json goes
     * last and names every file the archive holds, and any that could not be read.
     */
    async exportData(caller: AuthUser): Promise<{ fileName: string; stream: Readable }> {
      await exportsPerUser.consume(caller.id);
      const { seals, ...data } = await gather(caller);
      const files: string[] = [];
      const unavailable: string[] = [];
      const now = new Date();

      function* entries(): Generator<ZipEntry> {
        for (const upload of data.uploads) {
          const key = keyOfUploadUrl(upload.url);
          if (!key) continue;
          const path = `archivos/imagenes/${lastSegment(key)}`;
          files.push(path);
          yield { path, compress: false, bytes: () => storage.get(key) };
        }
        for (const document of seals) {
          const path = `archivos/documentos/${document.id}-${document.name}`;
          files.push(path);
          yield {
            path,
            compress: false,
            bytes: async () => {
              const sealed = await storage.get(documentKey(document.id));
              return sealed ? keyring.decrypt(sealed, document) : null;
            },
          };
        }
        for (const invoice of data.invoices) {
          const path = `archivos/facturas/factura-${invoice.numSerie.replace(/[^\w.-]/g, '-')}.pdf`;
          files.push(path);
          yield { path, compress: false, bytes: async () => (await invoices.pdf(caller, invoice.id)).pdf };
        }
        const json = {
          generatedAt: now,
          ...data,
          files: files.filter((path) => !unavailable.includes(path)),
        };
        yield {
          path: 'datos.json',
          compress: true,
          bytes: async () =>
            new TextEncoder().encode(
              JSON.stringify(unavailable.length ? { ...json, unavailableFiles: unavailable } : json, null, 2),
            ),
        };
      }

      const stream = zipStream(entries(), (path, error) => {
        unavailable.push(path);
        log.error({ err: error, userId: caller.id, path }, 'a file of a data export could not be read');
      });
      return { fileName: exportFileName(now), stream };
    },

    /**
     * DELETE /api/me (docs/domain.md, Privacy rights): the password first; refused (409) while a case, a
     * dispute or money still binds the person; then, in one transaction, the account is pseudonymised and
     * closed, what is personal goes and what the law keeps stays. Files and sockets follow the commit.
     */
    async erase(caller: AuthUser, password: string, source: string): Promise<void> {
      await accounts.confirmPassword(caller.id, password, source);
      const removed = await withTransaction(db, (tx) => eraseInTransaction(caller.id, tx, sessions), log);
      // once committed: a socket closed earlier could reconnect with a session not yet revoked
      await closeChats(caller.id);
      for (const key of removed.avatarKeys) {
        await removeAvatar(storage, key).catch((err: unknown) =>
          log.error({ err, key }, 'an erased account’s avatar could not be removed'),
        );
      }
      await forgetMails(removed.mail).catch((err: unknown) =>
        log.error({ err }, 'the kept copies of an erased account’s mails could not be removed'),
      );
      for (const id of removed.documentIds) {
        await storage
          .remove(documentKey(id))
          .catch((err: unknown) => log.error({ err, documentId: id }, 'an erased account’s document stayed'));
      }
    },
  };
}

export type PrivacyService = ReturnType<typeof createPrivacyService>;
