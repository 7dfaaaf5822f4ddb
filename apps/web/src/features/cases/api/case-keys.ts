import type { CaseStatus } from '@l4l/shared/constants/cases';
import type { Role } from '@l4l/shared/constants/roles';
import type { BoardSort } from '@l4l/shared/constants/sort';

/** What the lawyers' board asks for (and the URL carries). */
export type BoardFilters = { search: string; sort: BoardSort; page: number };

/** What 'Mis casos' asks for. */
export type MyCasesFilters = { status: CaseStatus | null; page: number };

/**
 * Every query key of the cases feature, from the widest to the narrowest, so a mutation can refresh
 * exactly what it changed without typing a key by hand.
 */
export const caseKeys = {
  all: ['cases'] as const,
  boards: () => [...caseKeys.all, 'board'] as const,
  board: (filters: BoardFilters) => [...caseKeys.boards(), filters] as const,
  lists: () => [...caseKeys.all, 'mine'] as const,
  list: (userId: string, role: Role, filters: MyCasesFilters) =>
    [...caseKeys.lists(), userId, role, filters] as const,
  details: () => [...caseKeys.all, 'detail'] as const,
  detail: (caseId: string) => [...caseKeys.details(), caseId] as const,
};
