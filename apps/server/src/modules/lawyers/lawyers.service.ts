import { barAssociation as findBarAssociation } from '@l4l/shared/constants/bar-associations';
import { asProfessionalTitle } from '@l4l/shared/constants/categories';
import { LIMITS } from '@l4l/shared/constants/limits';
import { LAWYER_PAGES_PATH } from '@l4l/shared/constants/pages';
import { ALL_SPAIN } from '@l4l/shared/constants/provinces';
import type { PageEnvelope } from '@l4l/shared/envelope';
import { usernameOf } from '@l4l/shared/schemas/auth';
import { centsToEuros, eurosToCents, firstVisitOf } from '@l4l/shared/schemas/common';
import {
  type AcademicEntry,
  type AcademicEntryInput,
  EXPERIENCE_MAX_ENTRIES,
  type LawyerDetail,
  type LawyerListItem,
  type LawyerPrices,
  type LawyerProfileUpdate,
  type LawyerSheet,
  type LawyersQuery,
  type WorkEntry,
  type WorkEntryInput,
} from '@l4l/shared/schemas/lawyers';
import { searchableText, searchWords } from '@l4l/shared/search';
import { es } from '@l4l/shared/texts/es';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import { academicExperiences, workExperiences } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { MicroCache } from '../../lib/micro-cache.ts';
import type { RenderedJson } from '../../lib/rendered-json.ts';
import { directoryPageJson, listItemsOf, toListItem } from './lawyer-cards.ts';
import {
  createLawyersRepository,
  type DirectoryFilter,
  type DirectorySearch,
  type LawyersRepository,
} from './lawyers.repository.ts';
import { createProfileRepository, type EntryTable } from './profile.repository.ts';

export function directoryFilter(
  query: Pick<
    LawyersQuery,
    'search' | 'categories' | 'province' | 'minPrice' | 'maxPrice' | 'firstVisitFree'
  >,
): DirectoryFilter {
  return {
    terms: searchWords(query.search),
    categories: query.categories ?? [],
    // a lawyer whose zone of action is all of Spain acts in every province too
    provinces: query.province ? [query.province, ALL_SPAIN] : [],
    minPriceCents: query.minPrice === undefined ? undefined : eurosToCents(query.minPrice),
    maxPriceCents: query.maxPrice === undefined ? undefined : eurosToCents(query.maxPrice),
    firstVisitFree: query.firstVisitFree === true,
  };
}

/** docs/domain.md, Colegiación: what the lawyer gave, or null (older free text not on the list counts as not given). */
function colegiacionOf(row: { lawyerAssociation: string; membershipNumber: string }) {
  return {
    barNumber: row.membershipNumber || null,
    barAssociation: findBarAssociation(row.lawyerAssociation)?.id ?? null,
  };
}

/** Public directory listings kept at once (a listing is a few kilobytes). */
const DIRECTORY_CACHE_ENTRIES = 500;
/** API directory pages kept at once: each its bytes (lib/rendered-json.ts), ~15 kB outside the collector's heap. */
const DIRECTORY_PAGES_KEPT = 4_000;
/** Public lawyer pages kept at once (docs/domain.md, Public lawyer pages). */
const PUBLIC_PAGE_CACHE_ENTRIES = 500;

type ListedRow = NonNullable<Awaited<ReturnType<LawyersRepository['findListed']>>>;

/** docs/domain.md, Public lawyer pages: a listed lawyer's profile as /abogados/{slug} shows it. */
export type PublicLawyerPage = LawyerDetail & { slug: string; firstName: string; updatedAt: Date };

/** docs/domain.md, Public directory pages: one page of a category's (and province's) listed lawyers. */
/** `totalIsExact` false: more than `total` lawyers are listed (the count stops there). */
export type PublicListing = {
  lawyers: Array<LawyerListItem & { slug: string }>;
  total: number;
  totalIsExact: boolean;
};

/** A category and a province with at least one listed lawyer, and the newest change among them. */
export type DirectoryCombination = { category: string; province: string; updatedAt: Date };

type Deps = {
  db: Db;
  /** the ratings feature's reader, composed in app.ts (features never import each other) */
  ratings: FastifyInstance['ratings'];
  /** how long a directory page may be served again before it is read anew; 0: never cached */
  directoryCacheMs: number;
  /** a lawyer's change: clears the directory on every process (this one's `forgetDirectory` included) */
  announceChange?: () => void;
  /** how the directory is searched (ADR 0023's seam): the index in memory (ADR 0042); the plain SQL when absent */
  search?: DirectorySearch;
};

/** docs/api/http.md, Lawyers. Who may call is checked by the routes' guards. */
export function createLawyersService(deps: Deps) {
  const { db, ratings, directoryCacheMs, announceChange } = deps;
  const repository = createLawyersRepository(db);
  const search = deps.search ?? repository;
  const profiles = createProfileRepository(db);
  // docs/decisions/0005: identical directory pages asked within a few seconds share one query
  // (pages asked for all the time are read again in the background before they expire: no caller waits)
  const directoryCache = new MicroCache<RenderedJson<PageEnvelope<LawyerListItem>>>(
    directoryCacheMs,
    DIRECTORY_PAGES_KEPT,
    { refreshAheadMs: directoryCacheMs / 2 },
  );
  const featuredCache = new MicroCache<LawyerListItem[]>(directoryCacheMs, 1);
  const publicPageCache = new MicroCache<PublicLawyerPage | null>(
    directoryCacheMs,
    PUBLIC_PAGE_CACHE_ENTRIES,
  );
  const listedPagesCache = new MicroCache<Array<{ slug: string; updatedAt: Date }>>(directoryCacheMs, 1);
  const listingCache = new MicroCache<PublicListing>(directoryCacheMs, DIRECTORY_CACHE_ENTRIES);
  const combinationsCache = new MicroCache<DirectoryCombination[]>(directoryCacheMs, 1);
  /** A lawyer's own change shows at once on every process; other changes within `directoryCacheMs`. */
  const forgetDirectory = () => {
    directoryCache.clear();
    featuredCache.clear();
    publicPageCache.clear();
    listedPagesCache.clear();
    listingCache.clear();
    combinationsCache.clear();
  };
  const changed = announceChange ?? forgetDirectory;

  async function detailOf(row: ListedRow): Promise<LawyerDetail> {
    const id = row.id;
    const [latestRatings, academic, work] = await Promise.all([
      ratings.ofLawyer(id, { page: 1, pageSize: LIMITS.defaultPageSize }),
      profiles.academicEntries(id),
      profiles.workEntries(id),
    ]);
    const card = toListItem(row);
    return {
      lawyer: {
        id: card.id,
        name: card.fullName,
        lawyerPhoto: card.lawyerPhoto,
        ...colegiacionOf(row),
        categories: card.categories,
        province: card.province,
        priceFirstVisit: card.priceFirstVisit,
        price: card.price,
        description: card.description,
        rating: card.rating,
        totalRatings: card.totalRatings,
        responseTime: card.responseTime,
        firstVisitFree: card.firstVisitFree,
        professionalTitle: card.professionalTitle,
        publicPath: row.slug ? `${LAWYER_PAGES_PATH}/${row.slug}` : null,
      },
      lawyerRatings: latestRatings.data,
      activeCases: card.activeCases,
      finishedCases: card.finishedCases,
      academicExperiences: academic,
      workExperiences: work,
    };
  }

  async function sheet(id: string): Promise<LawyerSheet> {
    const row = await profiles.findSheet(id);
    if (!row) throw notFound();
    const {
      priceHourCents,
      priceFirstVisitCents,
      firstVisitFree,
      lawyerAssociation,
      membershipNumber,
      responseMinutes,
      professionalTitle,
      ...fields
    } = row;
    return {
      ...fields,
      professionalTitle: asProfessionalTitle(professionalTitle),
      ...colegiacionOf({ lawyerAssociation, membershipNumber }),
      responseTime: responseMinutes,
      priceHour: centsToEuros(priceHourCents),
      priceFirstVisit: priceFirstVisitCents === null ? null : centsToEuros(priceFirstVisitCents),
      isFirstVisitFree: firstVisitFree,
    };
  }

  /** No id creates an entry (up to the limit); an id updates it when it is the lawyer's own, else 404. */
  async function saveEntry<T extends EntryTable>(
    table: T,
    lawyerId: string,
    { id, ...values }: { id?: string | undefined } & Omit<T['$inferInsert'], 'id' | 'lawyerId'>,
  ) {
    if (id) {
      const row = await profiles.updateEntry(table, lawyerId, id, values as Partial<T['$inferInsert']>);
      if (!row) throw notFound();
      return row;
    }
    if ((await profiles.countEntries(table, lawyerId)) >= EXPERIENCE_MAX_ENTRIES) {
      throw new AppError('CONFLICT', { message: es.validation.experienceLimit(EXPERIENCE_MAX_ENTRIES) });
    }
    return profiles.insertEntry(table, { ...values, lawyerId } as T['$inferInsert']);
  }

  async function deleteEntry(table: EntryTable, lawyerId: string, entryId: string): Promise<void> {
    if (!(await profiles.deleteEntry(table, lawyerId, entryId))) throw notFound();
  }

  return {
    /** Clears this process's directory pages (the app calls it on every process after a change). */
    forgetDirectory,

    /** The directory: verified, unbanned lawyers, filtered, sorted and paged. */
    async directory(query: LawyersQuery): Promise<RenderedJson<PageEnvelope<LawyerListItem>>> {
      const filter = directoryFilter(query);
      const { page, pageSize, sort } = query;
      const key = JSON.stringify([
        filter.terms,
        [...filter.categories].sort(),
        filter.provinces,
        filter.minPriceCents,
        filter.maxPriceCents,
        filter.firstVisitFree,
        sort,
        page,
        pageSize,
      ]);
      return directoryCache.get(key, async () => {
        const range = { limit: pageSize, offset: (page - 1) * pageSize };
        const found = await search.directory(filter, sort, range);
        const meta = { total: found.total, totalIsExact: found.exact, page, pageSize };
        return directoryPageJson(found, meta);
      });
    },

    /** The landing page's lawyers: featured ones, filled up with the best rated. */
    featured(limit: number): Promise<LawyerListItem[]> {
      return featuredCache.get(String(limit), async () => (await repository.featured(limit)).map(toListItem));
    },

    /** docs/api/http.md, Lawyers (the public profile); unknown, unverified or banned lawyers are 404. */
    async detail(id: string): Promise<LawyerDetail> {
      const row = await repository.findListed(id);
      if (!row) throw notFound();
      return detailOf(row);
    },

    /**
     * docs/domain.md, Public lawyer pages: what /abogados/{slug} shows, or null for an unknown slug or a
     * lawyer who is not listed. Cached like the directory, and cleared with it.
     */
    publicPage(slug: string): Promise<PublicLawyerPage | null> {
      return publicPageCache.get(slug, async () => {
        const row = await repository.findListedBySlug(slug);
        if (!row) return null;
        return { slug, firstName: row.name, updatedAt: row.updatedAt, ...(await detailOf(row)) };
      });
    },

    /** Every listed lawyer's slug and last change, for the sitemap. */
    listedPages(): Promise<Array<{ slug: string; updatedAt: Date }>> {
      return listedPagesCache.get('all', async () =>
        (await repository.listedPages()).flatMap(({ slug, updatedAt }) =>
          slug ? [{ slug, updatedAt }] : [],
        ),
      );
    },

    /**
     * docs/domain.md, Public directory pages: the listed lawyers of a category, in a province (with those
     * who work in all of Spain, as the directory's filter) or anywhere, best rated first.
     */
    publicListing(
      category: string,
      province: string | null,
      range: { page: number; pageSize: number },
    ): Promise<PublicListing> {
      const filter: DirectoryFilter = {
        terms: [],
        categories: [category],
        provinces: province ? [province, ALL_SPAIN] : [],
      };
      const { page, pageSize } = range;
      return listingCache.get(JSON.stringify([category, province, page, pageSize]), async () => {
        const found = await search.directory(filter, 'rating', {
          limit: pageSize,
          offset: (page - 1) * pageSize,
        });
        // the index gives its cards rendered, without the public page's slug: read apart, one statement
        const items = listItemsOf(found);
        const slugs = await repository.slugsOf(items.map((item) => item.id));
        const lawyers = items.flatMap((item) => {
          const slug = slugs.get(item.id);
          return slug ? [{ ...item, slug }] : [];
        });
        return { lawyers, total: found.total, totalIsExact: found.exact };
      });
    },

    /** Every category and province with a listed lawyer: the directory pages worth a link. */
    directoryCombinations(): Promise<DirectoryCombination[]> {
      return combinationsCache.get('all', () => repository.directoryCombinations());
    },

    sheet,

    /** docs/domain.md, Validation rules: the username and the search text follow the name; a mail already taken is 409. */
    async updateProfile(id: string, input: LawyerProfileUpdate): Promise<LawyerSheet> {
      const { description, categories, province, barNumber, barAssociation, professionalTitle, ...account } =
        input;
      const before = await profiles.findSheet(id);
      // a changed colegiación has not been checked against the census yet
      const recheck =
        before && (before.membershipNumber !== barNumber || before.lawyerAssociation !== barAssociation);
      try {
        const updated = await profiles.updateProfile(
          id,
          { ...account, username: usernameOf(account.name, account.surname) },
          {
            description,
            categories,
            province,
            lawyerAssociation: barAssociation,
            membershipNumber: barNumber,
            ...(professionalTitle ? { professionalTitle } : {}),
            ...(recheck ? { barCheckedAt: null } : {}),
            searchText: searchableText(account.name, account.surname),
          },
        );
        if (!updated) throw notFound();
        changed();
      } catch (err) {
        if (isUniqueViolation(err)) {
          throw new AppError('USER_EXISTS', { fields: { mail: es.validation.userExists } });
        }
        throw err;
      }
      return sheet(id);
    },

    /** A free first visit keeps the first-visit price it was given, or none (docs/domain.md, Lawyers' prices). */
    async updatePrices(id: string, input: LawyerPrices): Promise<LawyerSheet> {
      const firstVisit = firstVisitOf(input.isFirstVisitFree, input.priceFirstVisit);
      const updated = await profiles.updatePrices(id, {
        priceHourCents: eurosToCents(input.priceHour),
        priceFirstVisitCents: firstVisit.priceCents,
        firstVisitFree: firstVisit.free,
      });
      if (!updated) throw notFound();
      changed();
      return sheet(id);
    },

    saveAcademic: (lawyerId: string, input: AcademicEntryInput): Promise<AcademicEntry> =>
      saveEntry(academicExperiences, lawyerId, input),
    saveWork: (lawyerId: string, input: WorkEntryInput): Promise<WorkEntry> =>
      saveEntry(workExperiences, lawyerId, input),
    deleteAcademic: (lawyerId: string, entryId: string) =>
      deleteEntry(academicExperiences, lawyerId, entryId),
    deleteWork: (lawyerId: string, entryId: string) => deleteEntry(workExperiences, lawyerId, entryId),
  };
}

export type LawyersService = ReturnType<typeof createLawyersService>;
