import { isCategory } from '@l4l/shared/constants/categories';
import { PROVINCES } from '@l4l/shared/constants/provinces';
import { LAWYER_SORTS, type LawyerSort } from '@l4l/shared/constants/sort';
import { PRICE_TEXT } from '@l4l/shared/format';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { DEFAULT_SORT, type LawyerFilters } from '../api/get-lawyers.ts';

const isSort = (value: string | null): value is LawyerSort =>
  LAWYER_SORTS.some((sort) => sort.value === value);

/** A price bound as the server takes it ('40', '45,50'), or '' when absent or malformed. */
const priceParam = (value: string | null) => (value && PRICE_TEXT.test(value) ? value : '');
export const euros = (price: string) => Number(price.replace(',', '.'));

/** Both bounds, dropping the maximum when a hand-edited URL puts it under the minimum. */
function priceRange(params: URLSearchParams) {
  const minPrice = priceParam(params.get('minPrice'));
  const maxPrice = priceParam(params.get('maxPrice'));
  const reversed = minPrice !== '' && maxPrice !== '' && euros(maxPrice) < euros(minPrice);
  return { minPrice, maxPrice: reversed ? '' : maxPrice };
}

/**
 * The directory's filters live in the URL query (?search&categories&province&minPrice&maxPrice
 * &firstVisitFree&sort&page), so a search can be shared and survives a reload. Unknown values in a
 * hand-edited URL are ignored, not sent.
 */
export function useLawyerFilters() {
  const [params, setParams] = useSearchParams();

  const filters = useMemo<LawyerFilters>(() => {
    const sort = params.get('sort');
    const province = params.get('province') ?? '';
    const page = Number(params.get('page'));
    return {
      search: params.get('search') ?? '',
      categories: (params.get('categories') ?? '').split(',').filter(isCategory),
      province: (PROVINCES as readonly string[]).includes(province) ? province : '',
      ...priceRange(params),
      firstVisitFree: params.get('firstVisitFree') === 'true',
      sort: isSort(sort) ? sort : DEFAULT_SORT,
      page: Number.isInteger(page) && page > 0 ? page : 1,
    };
  }, [params]);

  /** Any change of filter goes back to the first page; only a page change keeps the others. */
  const update = useCallback(
    (changes: Partial<LawyerFilters>) => {
      // from the address as it is now, not as this render saw it: a change made from a handler or a timer
      // set up before the last one landed (a price written after a pause, then the free-visit box) keeps it
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          const set = (key: string, value: string) => (value ? next.set(key, value) : next.delete(key));
          if (changes.search !== undefined) set('search', changes.search.trim());
          if (changes.categories !== undefined) set('categories', changes.categories.join(','));
          if (changes.province !== undefined) set('province', changes.province);
          if (changes.minPrice !== undefined) set('minPrice', changes.minPrice.trim());
          if (changes.maxPrice !== undefined) set('maxPrice', changes.maxPrice.trim());
          if (changes.firstVisitFree !== undefined)
            set('firstVisitFree', changes.firstVisitFree ? 'true' : '');
          if (changes.sort !== undefined) set('sort', changes.sort === DEFAULT_SORT ? '' : changes.sort);
          const page = changes.page ?? 1;
          set('page', page > 1 ? String(page) : '');
          return next;
        },
        { replace: changes.page === undefined },
      );
    },
    [setParams],
  );

  return { filters, update };
}
