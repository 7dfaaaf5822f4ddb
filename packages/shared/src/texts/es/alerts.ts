/** Saved board searches and new-case alerts (docs/alerts.md): the board's panel, the server's answers, the digest. */
export const alertsEs = {
  frequencies: {
    instant: 'Al momento (un correo por caso)',
    daily: 'Un resumen al día',
    off: 'Sin avisos',
  } as Record<string, string>,
  // the board's panel
  saveSearch: 'Guardar esta búsqueda',
  savedSearches: 'Mis búsquedas guardadas',
  savedSearchesHint:
    'Te avisamos cuando se publique un caso que encaje con alguna. Sin búsquedas guardadas, te avisamos de los casos de tus especialidades.',
  noSavedSearches: 'Todavía no has guardado ninguna búsqueda.',
  nameLabel: 'Nombre de la búsqueda',
  frequencyLabel: 'Avisos',
  wordsLabel: 'Palabras',
  categoryLabel: 'Categoría',
  anyCategory: 'Todas las categorías',
  anyWords: 'Cualquier título',
  save: 'Guardar',
  cancel: 'Cancelar',
  rename: 'Cambiar nombre',
  remove: 'Eliminar',
  removeConfirm: (name: string) => `¿Eliminar la búsqueda «${name}»?`,
  saved: 'Búsqueda guardada.',
  updated: 'Búsqueda actualizada.',
  removed: 'Búsqueda eliminada.',
  failed: 'No se pudo guardar la búsqueda. Inténtalo de nuevo.',
  defaultName: (search: string, category: string | undefined) =>
    [search, category].filter(Boolean).join(' · ') || 'Todos los casos',
  pickedCase: 'Este es el caso del aviso',
  // the server's answers
  nameRequired: 'Escribe un nombre para la búsqueda.',
  nameTooLong: (max: number) => `El nombre no puede superar los ${max} caracteres.`,
  searchTooLong: (max: number) => `Las palabras no pueden superar los ${max} caracteres.`,
  unknownCategory: 'Esa categoría no existe: elige una de la lista o ninguna.',
  badFrequency: 'Elige cuándo avisarte: al momento, un resumen al día o sin avisos.',
  tooMany: (max: number) =>
    `Ya tienes ${max} búsquedas guardadas, el máximo. Elimina alguna para guardar otra.`,
  notFound: 'Búsqueda guardada no encontrada',
  // the daily digest mail
  digest: {
    subject: (count: number) =>
      count === 1 ? 'Un caso nuevo para ti en L4L' : `${count} casos nuevos para ti en L4L`,
    intro: (count: number) =>
      count === 1
        ? 'Desde el último resumen se ha publicado en el tablón un caso que encaja con tus búsquedas:'
        : `Desde el último resumen se han publicado en el tablón ${count} casos que encajan con tus búsquedas:`,
    line: (title: string, category: string, code: string) => `«${title}» · ${category} · caso #${code}`,
    more: (count: number) => `y ${count} más`,
    action: 'Ver el tablón',
  },
} as const;
