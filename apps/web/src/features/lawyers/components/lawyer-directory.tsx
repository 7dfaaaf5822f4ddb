import { ALL_SPAIN } from '@l4l/shared/constants/provinces';
import { LAWYER_SORTS, type LawyerSort } from '@l4l/shared/constants/sort';
import { es } from '@l4l/shared/texts/es/signed-in';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Button } from '../../../components/button/button.tsx';
import { CategorySelect } from '../../../components/category-select/category-select.tsx';
import { Field, FormMessage } from '../../../components/form/field.tsx';
import { SearchIcon } from '../../../components/icons/icons.tsx';
import list from '../../../components/list-page/list-page.module.css';
import { Pager, pageCount } from '../../../components/list-page/pager.tsx';
import { ProvinceSelect } from '../../../components/province-select/province-select.tsx';
import { Spinner } from '../../../components/spinner/spinner.tsx';
import { isInvalidDataError } from '../../../lib/parse-answer.ts';
import { useLawyers } from '../api/get-lawyers.ts';
import { useLawyerFilters } from '../lib/use-lawyer-filters.ts';
import { LawyerCard } from './lawyer-card.tsx';
import styles from './lawyer-directory.module.css';
import { PriceFilter } from './price-filter.tsx';

/** The name search waits for a pause in typing before it asks the server. */
export const SEARCH_DEBOUNCE_MS = 300;

/** A search or a filter that matched nobody is not a directory without lawyers: say so and offer a way back. */
function isFiltered(filters: ReturnType<typeof useLawyerFilters>['filters']): boolean {
  return (
    filters.search !== '' ||
    filters.categories.length > 0 ||
    filters.province !== '' ||
    filters.minPrice !== '' ||
    filters.maxPrice !== '' ||
    filters.firstVisitFree
  );
}

/**
 * The name box: typing is reflected in the URL after a pause; a URL change (back button) is reflected in
 * the box. Only typing goes to the URL: a box emptied by 'Borrar filtros' must not later write its search
 * over a URL that has moved on (the pause's update would carry the filters it knew).
 */
function useTypedSearch(current: string, update: (change: { search: string }) => void) {
  const [search, setSearch] = useState(current);
  const typed = useRef(false);
  useEffect(() => {
    if (!typed.current || search.trim() === current) return;
    const timer = setTimeout(() => {
      typed.current = false;
      update({ search });
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search, current, update]);
  useEffect(() => {
    setSearch((shown) => (shown.trim() === current ? shown : current));
  }, [current]);
  return {
    search,
    type: (text: string) => {
      typed.current = true;
      setSearch(text);
    },
    clear: () => {
      typed.current = false;
      setSearch('');
    },
  };
}

/** docs/product.md, Home (client): search, sort, categories, province and the lawyer cards, page by page. */
export function LawyerDirectory() {
  const { filters, update } = useLawyerFilters();
  const lawyers = useLawyers(filters);
  const searchBox = useTypedSearch(filters.search, update);

  // a search or a filter that matched nobody is not a directory without lawyers: say so and offer a way back
  const filtered = isFiltered(filters);
  const clearFilters = () => {
    searchBox.clear();
    update({ search: '', categories: [], province: '', minPrice: '', maxPrice: '', firstVisitFree: false });
  };
  const priceRange = useMemo(
    () => ({ minPrice: filters.minPrice, maxPrice: filters.maxPrice }),
    [filters.minPrice, filters.maxPrice],
  );

  const meta = lawyers.data?.meta;
  const pages = pageCount(meta);

  return (
    <div className={list.page}>
      <search className={`${list.filters} ${styles.filters}`}>
        <Field label={es.dashboard.searchByName} className={styles.search}>
          {(control) => (
            <div className={list.searchBox}>
              <SearchIcon size={18} className={list.searchIcon} />
              <input
                {...control}
                type="search"
                className={list.searchInput}
                value={searchBox.search}
                onChange={(event) => searchBox.type(event.target.value)}
              />
            </div>
          )}
        </Field>
        <Field label={es.dashboard.sortBy}>
          {(control) => (
            <select
              {...control}
              className={list.select}
              value={filters.sort}
              onChange={(event) => update({ sort: event.target.value as LawyerSort })}
            >
              {LAWYER_SORTS.map((sort) => (
                <option key={sort.value} value={sort.value}>
                  {sort.label}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={es.dashboard.filterCategories}>
          {(control, labelId) => (
            <CategorySelect
              {...control}
              labelId={labelId}
              value={filters.categories}
              placeholder={es.dashboard.allCategories}
              onChange={(categories) => update({ categories })}
            />
          )}
        </Field>
        <Field label={es.dashboard.filterProvince}>
          {(control) => (
            <ProvinceSelect
              {...control}
              value={filters.province}
              placeholder={ALL_SPAIN}
              onChange={(province) => update({ province })}
            />
          )}
        </Field>
        <PriceFilter value={priceRange} onChange={update} />
        <label className={styles.freeFirst}>
          <input
            type="checkbox"
            checked={filters.firstVisitFree}
            onChange={(event) => update({ firstVisitFree: event.target.checked })}
          />
          <span>{es.dashboard.firstVisitFreeFilter}</span>
        </label>
      </search>

      {lawyers.isPending ? (
        <div className={list.state}>
          <Spinner label={es.dashboard.loadingLawyers} />
          <p>{es.dashboard.loadingLawyers}</p>
        </div>
      ) : lawyers.isError ? (
        <div className={list.state}>
          <FormMessage>
            {isInvalidDataError(lawyers.error) ? es.validation.invalidData : es.dashboard.loadError}
          </FormMessage>
          <Button variant="secondary" onClick={() => lawyers.refetch()}>
            {es.common.retry}
          </Button>
        </div>
      ) : lawyers.data.lawyers.length === 0 && filtered ? (
        <div className={list.state} role="status">
          <p className={styles.noMatch}>{es.dashboard.noLawyersMatch}</p>
          <p>{es.dashboard.noLawyersMatchHelp}</p>
          <Button variant="secondary" onClick={clearFilters}>
            {es.dashboard.clearFilters}
          </Button>
        </div>
      ) : lawyers.data.lawyers.length === 0 ? (
        <p className={list.state}>{es.dashboard.noLawyers}</p>
      ) : (
        <>
          <p className={list.count} aria-live="polite">
            {es.dashboard.resultsCount(meta?.total ?? lawyers.data.lawyers.length, meta?.totalIsExact)}
          </p>
          <ul className={list.list} aria-busy={lawyers.isPlaceholderData}>
            {lawyers.data.lawyers.map((lawyer, position) => (
              <li key={lawyer.id}>
                <LawyerCard lawyer={lawyer} position={position} matching={filters.categories} />
              </li>
            ))}
          </ul>
          <Pager page={filters.page} pages={pages} onPage={(page) => update({ page })} />
        </>
      )}
    </div>
  );
}
