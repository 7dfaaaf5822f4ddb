import { ALERT_LIMITS } from '@l4l/shared/constants/alerts';
import type { SavedSearch, SavedSearchInput } from '@l4l/shared/schemas/alerts';
import { es } from '@l4l/shared/texts/es';
import type { Db } from '../../db/database.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { withTransaction } from '../../lib/transaction.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { createAlertsRepository, type SavedSearchRow } from './alerts.repository.ts';

const t = es.alerts;

export function toSavedSearch(row: SavedSearchRow): SavedSearch {
  return {
    id: row.id,
    name: row.name,
    search: row.search,
    category: row.category,
    frequency: row.frequency,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A lawyer's saved board searches (docs/alerts.md): at most 20, each the lawyer's own. */
export function createSavedSearchesService(db: Db) {
  const repository = createAlertsRepository(db);
  return {
    async list(actor: AuthUser): Promise<SavedSearch[]> {
      return (await repository.list(actor.id)).map(toSavedSearch);
    },

    /** The count and the insert under one lock: two requests at once never make a 21st. */
    async create(actor: AuthUser, input: SavedSearchInput): Promise<SavedSearch> {
      return withTransaction(db, async (tx) => {
        const repo = createAlertsRepository(tx);
        if ((await repo.countLocked(actor.id)) >= ALERT_LIMITS.savedSearchesMax) {
          throw new AppError('CONFLICT', { message: t.tooMany(ALERT_LIMITS.savedSearchesMax) });
        }
        return toSavedSearch(await repo.insert(actor.id, input));
      });
    },

    /** Another lawyer's search is 404, as if it did not exist. */
    async update(actor: AuthUser, id: string, input: SavedSearchInput): Promise<SavedSearch> {
      const row = await repository.update(actor.id, id, input);
      if (!row) throw notFound(t.notFound);
      return toSavedSearch(row);
    },

    async remove(actor: AuthUser, id: string): Promise<void> {
      if (!(await repository.remove(actor.id, id))) throw notFound(t.notFound);
    },
  };
}

export type SavedSearchesService = ReturnType<typeof createSavedSearchesService>;
