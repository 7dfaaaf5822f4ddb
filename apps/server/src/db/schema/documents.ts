import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { cases } from './cases.ts';
import { createdAt, id } from './columns.ts';
import { users } from './users.ts';

/**
 * (+) A case document (docs/decisions/0013-documents-storage-encryption.md): the file is sealed in the
 * storage under `documents/<id>`; this row keeps its facts and the seal: the data key wrapped by the files
 * key `key_id`. Never the bytes.
 */
export const documents = pgTable(
  'documents',
  {
    id: id(),
    caseId: uuid('case_id')
      .notNull()
      .references(() => cases.id, { onDelete: 'cascade' }),
    uploaderId: uuid('uploader_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    keyId: text('key_id').notNull(),
    wrappedKey: text('wrapped_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('documents_case_idx').on(t.caseId, t.createdAt), index('documents_key_idx').on(t.keyId)],
);
