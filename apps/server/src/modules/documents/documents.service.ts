import { randomUUID } from 'node:crypto';
import type { DocumentMime } from '@l4l/shared/constants/documents';
import { LIMITS } from '@l4l/shared/constants/limits';
import { MESSAGE_TYPE } from '@l4l/shared/constants/messages';
import type { PageEnvelope } from '@l4l/shared/envelope';
import type { CaseDocument } from '@l4l/shared/schemas/documents';
import { es } from '@l4l/shared/texts/es';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import { AppError, forbidden, notFound } from '../../lib/app-error.ts';
import { documentImage } from '../../lib/image-processing.ts';
import { RateLimiter } from '../../lib/rate-limiter.ts';
import { type Keyring, SealError } from '../../lib/storage/envelope.ts';
import type { Storage } from '../../lib/storage/index.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { sharesDocuments } from '../cases/index.ts';
import { createDocumentsRepository, type DocumentRow } from './documents.repository.ts';
import { documentKindOf, sanitizeName } from './file-check.ts';

/** (+) Abuse limit on documents: per user, 60 every 10 minutes. */
const DOCUMENTS_PER_USER = { max: 60, windowMs: 10 * 60 * 1000 };

/** Where a document's sealed bytes live in the storage. */
export const documentKey = (id: string) => `documents/${id}`;

type Deps = {
  db: Db;
  storage: Storage;
  keyring: Keyring;
  cases: FastifyInstance['cases'];
  chat: FastifyInstance['chat'];
  log: FastifyBaseLogger;
};

function toDocument(row: DocumentRow): CaseDocument {
  return {
    id: row.id,
    caseId: row.caseId,
    name: row.name,
    size: row.size,
    mime: row.mime as DocumentMime,
    uploadedBy: row.uploaderId ?? '',
    uploaderName: row.uploaderName,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Case documents (docs/decisions/0013-documents-storage-encryption.md): checked by their bytes, sealed per
 * file (lib/storage/envelope.ts) and kept in the storage; seen only by the case's parties as the case
 * machine says (`sharesDocuments`): everybody else gets 404, as for a case that does not exist.
 */
export function createDocumentsService({ db, storage, keyring, cases, chat, log }: Deps) {
  const repository = createDocumentsRepository(db);
  const perUser = new RateLimiter(DOCUMENTS_PER_USER.max, DOCUMENTS_PER_USER.windowMs);

  /** The case, when the caller shares its documents; 404 otherwise. */
  async function sharedCase(caller: AuthUser, caseId: string) {
    const row = await cases.findCase(caller, caseId);
    if (!row || !sharesDocuments(caller, row)) throw notFound(es.cases.notFound);
    return row;
  }

  /** The document, when the caller shares its case's documents; 404 otherwise. */
  async function sharedDocument(caller: AuthUser, id: string) {
    const row = await repository.find(id);
    if (!row) throw notFound(es.documents.notFound);
    const theCase = await cases.findCase(caller, row.caseId);
    if (!theCase || !sharesDocuments(caller, theCase)) throw notFound(es.documents.notFound);
    return { row, theCase };
  }

  /** The case's chat (client and assigned lawyer), or null while the case has no lawyer. */
  async function chatOf(theCase: { userId: string; lawyerId: string | null }) {
    return theCase.lawyerId ? chat.openChat(theCase.userId, theCase.lawyerId) : null;
  }

  return {
    /** 404 unless the caller shares the case's documents: checked before the body is read. */
    async assertShares(caller: AuthUser, caseId: string): Promise<void> {
      await sharedCase(caller, caseId);
    },

    async upload(caller: AuthUser, caseId: string, file: { bytes: Buffer; filename: string | undefined }) {
      const theCase = await sharedCase(caller, caseId);
      perUser.consume(caller.id);
      const kind = await documentKindOf(file.bytes);
      // pictures are drawn again, as every picture people send (lib/image-processing.ts)
      const bytes =
        kind.mime === 'image/png' || kind.mime === 'image/jpeg'
          ? await documentImage(file.bytes, kind.ext === 'png' ? 'png' : 'jpg')
          : file.bytes;
      const id = randomUUID();
      const name = sanitizeName(file.filename, kind.ext);
      const { object, seal } = keyring.encrypt(bytes);
      await storage.put(documentKey(id), object, 'application/octet-stream');
      try {
        await repository.insert({
          id,
          caseId,
          uploaderId: caller.id,
          name,
          mime: kind.mime,
          size: bytes.length,
          ...seal,
        });
      } catch (err) {
        await storage.remove(documentKey(id)).catch(() => {});
        throw err;
      }
      const stored = await repository.find(id);
      if (!stored) throw new Error('document not stored');
      const theChat = await chatOf(theCase);
      if (theChat) {
        await chat.postMessage({
          chatId: theChat.id,
          senderId: caller.id,
          type: MESSAGE_TYPE.DOCUMENT,
          text: name,
          caseId,
          documentId: id,
          documentSize: bytes.length,
        });
      }
      return toDocument(stored);
    },

    async list(
      caller: AuthUser,
      caseId: string,
      paging: { page: number; pageSize: number },
    ): Promise<PageEnvelope<CaseDocument>> {
      await sharedCase(caller, caseId);
      const { rows, total } = await repository.listOfCase(
        caseId,
        paging.pageSize,
        (paging.page - 1) * paging.pageSize,
      );
      return { data: rows.map(toDocument), meta: { total, page: paging.page, pageSize: paging.pageSize } };
    },

    /** The file as it was sealed, or a loud 500 when it cannot be opened (never other bytes). */
    async download(caller: AuthUser, id: string): Promise<{ document: CaseDocument; bytes: Buffer }> {
      const { row } = await sharedDocument(caller, id);
      const object = await storage.get(documentKey(id));
      if (!object) {
        log.error({ documentId: id }, 'document row without its stored object');
        throw new AppError('INTERNAL_ERROR', { message: es.documents.unreadable });
      }
      try {
        return { document: toDocument(row), bytes: keyring.decrypt(object, row) };
      } catch (err) {
        if (!(err instanceof SealError)) throw err;
        log.error({ documentId: id, keyId: row.keyId, err }, `document cannot be opened: ${err.message}`);
        throw new AppError('INTERNAL_ERROR', { message: es.documents.unreadable });
      }
    },

    /** Its uploader, within 24 hours: the row and the object go, and the chat says so. */
    async remove(caller: AuthUser, id: string): Promise<void> {
      const { row, theCase } = await sharedDocument(caller, id);
      if (row.uploaderId !== caller.id) throw forbidden(es.documents.notYours);
      if (Date.now() - row.createdAt.getTime() > LIMITS.documentDeleteWindowMs) {
        throw forbidden(es.documents.deleteExpired);
      }
      await repository.remove(id);
      await storage.remove(documentKey(id));
      const theChat = await chatOf(theCase);
      if (theChat) {
        await chat.forgetDocument(id);
        await chat.postMessage({
          chatId: theChat.id,
          senderId: null,
          type: MESSAGE_TYPE.NOTICE,
          text: es.documents.removedMessage(row.name),
          caseId: row.caseId,
        });
      }
    },

    /**
     * Rotation (docs/operations.md, Documents at rest and rotating FILES_KEY): every document sealed under a previous key is
     * sealed again under FILES_KEY; only the small wrapped keys change, never the stored files.
     */
    async resealAll(): Promise<number> {
      let done = 0;
      for (;;) {
        const page = await repository.sealsNotUnder(keyring.currentId, 200);
        let moved = 0;
        for (const one of page) {
          try {
            const seal = keyring.rewrap(one);
            if (seal) {
              await repository.reseal(one.id, one.keyId, seal);
              moved += 1;
            }
          } catch (err) {
            log.error({ documentId: one.id, keyId: one.keyId, err }, 'document key cannot be re-wrapped');
          }
        }
        done += moved;
        if (page.length < 200 || moved === 0) return done;
      }
    },
  };
}
export type DocumentsService = ReturnType<typeof createDocumentsService>;
