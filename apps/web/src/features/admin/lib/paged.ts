import type { PageMeta } from '@l4l/shared/envelope';
import type { z } from 'zod';
import { apiClient } from '../../../lib/api-client.ts';
import { parseAnswer } from '../../../lib/parse-answer.ts';

/** The console's tables: one page of rows and the meta to page through them. */
export type Page<T> = { rows: T[]; meta: PageMeta };

export const ADMIN_PAGE_SIZE = 20;

type Query = Record<string, string | number | undefined>;

/** A paged admin list, each row checked against its shared schema. */
export async function getPage<T>(
  path: string,
  item: z.ZodType<T>,
  query: Query,
  signal?: AbortSignal,
): Promise<Page<T>> {
  const answer = await apiClient.getPage<unknown>(path, {
    signal,
    query: { pageSize: ADMIN_PAGE_SIZE, ...query },
  });
  const rows = (answer?.data ?? []).map((row) => parseAnswer(item, row));
  return { rows, meta: answer?.meta ?? { total: rows.length, page: 1, pageSize: ADMIN_PAGE_SIZE } };
}

/** The prefix of every console query: an admin action refreshes whatever the console shows. */
export const ADMIN_QUERY_KEY = ['admin'] as const;
