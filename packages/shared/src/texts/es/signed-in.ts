import { plural } from '../../wording.ts';
import { es as accountTexts } from './account.ts';

/**
 * What every signed-in screen may show, the administration console's too: the lists (the directory, the
 * board and their pager) and the words that stand in for a missing value. Split by audience so a page's
 * bundle carries the texts its screens read, not all of them (the landing page reads none of these); es.ts
 * composes every audience for the server and the tests.
 */
export const es = {
  ...accountTexts,
  dashboard: {
    userHomeTitle: '¿Qué tipo de abogado estás buscando?',
    lawyerHomeTitle: 'Tablón de casos Generales',
    searchByName: 'Buscar abogado por nombre',
    searchCases: 'Buscar casos',
    sortBy: 'Ordenar por',
    free: 'Gratuita',
    firstConsultation: 'Primera consulta',
    noLawyers: 'No hay abogados disponibles en este momento.',
    noLawyersMatch: 'Ningún abogado coincide con tu búsqueda o tus filtros.',
    noLawyersMatchHelp: 'Prueba con otro nombre, otra especialidad u otra provincia, o borra los filtros.',
    clearFilters: 'Borrar filtros',
    lawyerCategories: 'Especialidades',
    matchesFilter: 'coincide con tu filtro',
    loadError: 'Ocurrió un error al cargar los datos.',
    loadingLawyers: 'Cargando abogados…',
    greeting: (name: string) => `Hola, ${name}`,
    userHomeLead:
      'Encuentra al abogado que necesitas entre profesionales verificados, o cuéntanos tu caso y deja que ellos te envíen su propuesta con precio cerrado.',
    lawyerHomeLead:
      'Aquí encontrarás los casos generales que la plataforma ha revisado y publicado. Envía una propuesta con tu precio cerrado; si el cliente la acepta y paga, el caso pasa a ser tuyo.',
    adminHomeTitle: 'Panel de administración',
    adminHomeLead: 'Verifica a los abogados y valida los casos antes de que se publiquen.',
    startCaseTitle: '¿Prefieres que los abogados vengan a ti?',
    lawyerProfileTitle: 'Tu perfil es tu carta de presentación',
    lawyerProfileText: 'Mantén tus datos de contacto al día para que los clientes puedan confiar en ti.',
    filterCategories: 'Especialidad',
    filterProvince: 'Provincia',
    filterPrice: 'Precio por hora',
    priceFrom: 'Desde (€)',
    priceTo: 'Hasta (€)',
    firstVisitFreeFilter: 'Primera consulta gratis',
    allCategories: 'Todas las especialidades',
    /** the lawyer's price is an hourly rate (docs/domain.md, Lawyers' prices) */
    pricePerHour: (price: string) => `${price} €/hora`,
    activeCases: 'Casos activos',
    finishedCases: 'Casos finalizados',
    ratingOf: (score: string, count: number) =>
      `${score} de 5 (${plural(count, 'valoración', 'valoraciones')})`,
    previousPage: 'Anterior',
    nextPage: 'Siguiente',
    pageOf: (page: number, pages: number) => `Página ${page} de ${pages}`,
    /** `exact` false: the directory stopped counting at `total` ('Más de 1000 abogados') */
    resultsCount: (total: number, exact = true) =>
      `${exact ? '' : 'Más de '}${plural(total, 'abogado', 'abogados')}`,
    // the lawyers' board of general cases (docs/product.md, Home, lawyer role)
    boardEmpty: 'No hay casos publicados en este momento.',
    boardNoMatch: 'Ningún caso coincide con tu búsqueda.',
    /** `exact` false: the board stopped counting at `total` ('Más de 1000 casos') */
    boardCount: (total: number, exact = true) => `${exact ? '' : 'Más de '}${plural(total, 'caso', 'casos')}`,
  },
  defaults: {
    noDescription: 'Descripción no disponible',
    noCategory: 'Sin categoría',
    noPrice: 'Precio sin definir',
    noLawyer: 'Abogado no asignado',
    caseInProgress: 'Caso en curso',
    noMessages: 'Sin mensajes disponibles',
    noDate: 'Fecha no disponible',
  },
} as const;
