import type { PageMeta } from '@l4l/shared/envelope';
import type { z } from 'zod';
import { getCheckedPage } from '../../../lib/parse-answer.ts';

/** The console's tables: one page of rows and the meta to page through them. */
export type Page<T> = { rows: T[]; meta: PageMeta };

export const ADMIN_PAGE_SIZE = 20;

/** A paged admin list, each row checked against its shared schema. */
export async function getPage<T>(
  path: string,
  item: z.ZodType<T>,
  query: Record<string, string | number | undefined>,
  signal?: AbortSignal,
): Promise<Page<T>> {
  const { items, meta } = await getCheckedPage(path, { pageSize: ADMIN_PAGE_SIZE, ...query }, item, signal);
  return { rows: items, meta };
}

/** The prefix of every console query: an admin action refreshes whatever the console shows. */
export const ADMIN_QUERY_KEY = ['admin'] as const;
