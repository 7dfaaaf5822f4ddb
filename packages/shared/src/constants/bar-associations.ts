import type { Province } from './provinces.ts';

/**
 * docs/domain.md, Colegiación: the 83 Colegios de la Abogacía of Spain, one per province capital (52, with
 * Ceuta and Melilla) and 31 more in towns that kept their own since 1978. `id` is what the database and the
 * wire keep (`barAssociation`); `name` is the place the colegio is named after; `province` is where it sits.
 */
export const BAR_ASSOCIATIONS = [
  { id: 'alava', name: 'Álava', province: 'Álava' },
  { id: 'albacete', name: 'Albacete', province: 'Albacete' },
  { id: 'alcala-de-henares', name: 'Alcalá de Henares', province: 'Madrid' },
  { id: 'alcoy', name: 'Alcoy', province: 'Alicante' },
  { id: 'alicante', name: 'Alicante', province: 'Alicante' },
  { id: 'almeria', name: 'Almería', province: 'Almería' },
  { id: 'alzira', name: 'Alzira', province: 'Valencia' },
  { id: 'antequera', name: 'Antequera', province: 'Málaga' },
  { id: 'avila', name: 'Ávila', province: 'Ávila' },
  { id: 'badajoz', name: 'Badajoz', province: 'Badajoz' },
  { id: 'barcelona', name: 'Barcelona', province: 'Barcelona' },
  { id: 'bizkaia', name: 'Bizkaia', province: 'Vizcaya' },
  { id: 'burgos', name: 'Burgos', province: 'Burgos' },
  { id: 'caceres', name: 'Cáceres', province: 'Cáceres' },
  { id: 'cadiz', name: 'Cádiz', province: 'Cádiz' },
  { id: 'cantabria', name: 'Cantabria', province: 'Cantabria' },
  { id: 'cartagena', name: 'Cartagena', province: 'Murcia' },
  { id: 'castellon', name: 'Castellón', province: 'Castellón' },
  { id: 'ceuta', name: 'Ceuta', province: 'Ceuta' },
  { id: 'ciudad-real', name: 'Ciudad Real', province: 'Ciudad Real' },
  { id: 'cordoba', name: 'Córdoba', province: 'Córdoba' },
  { id: 'a-coruna', name: 'A Coruña', province: 'La Coruña' },
  { id: 'cuenca', name: 'Cuenca', province: 'Cuenca' },
  { id: 'elche', name: 'Elche', province: 'Alicante' },
  { id: 'estella', name: 'Estella', province: 'Navarra' },
  { id: 'ferrol', name: 'Ferrol', province: 'La Coruña' },
  { id: 'figueres', name: 'Figueres', province: 'Girona' },
  { id: 'gijon', name: 'Gijón', province: 'Asturias' },
  { id: 'gipuzkoa', name: 'Gipuzkoa', province: 'Guipúzcoa' },
  { id: 'girona', name: 'Girona', province: 'Girona' },
  { id: 'granada', name: 'Granada', province: 'Granada' },
  { id: 'granollers', name: 'Granollers', province: 'Barcelona' },
  { id: 'guadalajara', name: 'Guadalajara', province: 'Guadalajara' },
  { id: 'huelva', name: 'Huelva', province: 'Huelva' },
  { id: 'huesca', name: 'Huesca', province: 'Huesca' },
  { id: 'illes-balears', name: 'Illes Balears', province: 'Islas Baleares' },
  { id: 'jaen', name: 'Jaén', province: 'Jaén' },
  { id: 'jerez-de-la-frontera', name: 'Jerez de la Frontera', province: 'Cádiz' },
  { id: 'la-rioja', name: 'La Rioja', province: 'La Rioja' },
  { id: 'lanzarote', name: 'Lanzarote', province: 'Las Palmas' },
  { id: 'las-palmas', name: 'Las Palmas', province: 'Las Palmas' },
  { id: 'leon', name: 'León', province: 'León' },
  { id: 'lleida', name: 'Lleida', province: 'Lleida' },
  { id: 'lorca', name: 'Lorca', province: 'Murcia' },
  { id: 'lucena', name: 'Lucena', province: 'Córdoba' },
  { id: 'lugo', name: 'Lugo', province: 'Lugo' },
  { id: 'madrid', name: 'Madrid', province: 'Madrid' },
  { id: 'malaga', name: 'Málaga', province: 'Málaga' },
  { id: 'manresa', name: 'Manresa', province: 'Barcelona' },
  { id: 'mataro', name: 'Mataró', province: 'Barcelona' },
  { id: 'melilla', name: 'Melilla', province: 'Melilla' },
  { id: 'murcia', name: 'Murcia', province: 'Murcia' },
  { id: 'orihuela', name: 'Orihuela', province: 'Alicante' },
  { id: 'ourense', name: 'Ourense', province: 'Ourense' },
  { id: 'oviedo', name: 'Oviedo', province: 'Asturias' },
  { id: 'palencia', name: 'Palencia', province: 'Palencia' },
  { id: 'pamplona', name: 'Pamplona', province: 'Navarra' },
  { id: 'pontevedra', name: 'Pontevedra', province: 'Pontevedra' },
  { id: 'reus', name: 'Reus', province: 'Tarragona' },
  { id: 'sabadell', name: 'Sabadell', province: 'Barcelona' },
  { id: 'salamanca', name: 'Salamanca', province: 'Salamanca' },
  { id: 'sant-feliu-de-llobregat', name: 'Sant Feliu de Llobregat', province: 'Barcelona' },
  { id: 'santa-cruz-de-la-palma', name: 'Santa Cruz de La Palma', province: 'Santa Cruz de Tenerife' },
  { id: 'santa-cruz-de-tenerife', name: 'Santa Cruz de Tenerife', province: 'Santa Cruz de Tenerife' },
  { id: 'santiago-de-compostela', name: 'Santiago de Compostela', province: 'La Coruña' },
  { id: 'segovia', name: 'Segovia', province: 'Segovia' },
  { id: 'sevilla', name: 'Sevilla', province: 'Sevilla' },
  { id: 'soria', name: 'Soria', province: 'Soria' },
  { id: 'sueca', name: 'Sueca', province: 'Valencia' },
  { id: 'tafalla', name: 'Tafalla', province: 'Navarra' },
  { id: 'talavera-de-la-reina', name: 'Talavera de la Reina', province: 'Toledo' },
  { id: 'tarragona', name: 'Tarragona', province: 'Tarragona' },
  { id: 'terrassa', name: 'Terrassa', province: 'Barcelona' },
  { id: 'teruel', name: 'Teruel', province: 'Teruel' },
  { id: 'toledo', name: 'Toledo', province: 'Toledo' },
  { id: 'tortosa', name: 'Tortosa', province: 'Tarragona' },
  { id: 'tudela', name: 'Tudela', province: 'Navarra' },
  { id: 'valencia', name: 'Valencia', province: 'Valencia' },
  { id: 'valladolid', name: 'Valladolid', province: 'Valladolid' },
  { id: 'vic', name: 'Vic', province: 'Barcelona' },
  { id: 'vigo', name: 'Vigo', province: 'Pontevedra' },
  { id: 'zamora', name: 'Zamora', province: 'Zamora' },
  { id: 'zaragoza', name: 'Zaragoza', province: 'Zaragoza' },
] as const satisfies readonly { id: string; name: string; province: Province }[];

export type BarAssociationId = (typeof BAR_ASSOCIATIONS)[number]['id'];

export const BAR_ASSOCIATION_IDS = BAR_ASSOCIATIONS.map((colegio) => colegio.id) as [
  BarAssociationId,
  ...BarAssociationId[],
];

const BY_ID = new Map<string, (typeof BAR_ASSOCIATIONS)[number]>(BAR_ASSOCIATIONS.map((c) => [c.id, c]));

/** The colegio of an id, or undefined for anything not on the list (older free-text values). */
export function barAssociation(id: string | null | undefined) {
  return id ? BY_ID.get(id) : undefined;
}

/** 'Colegio de la Abogacía de Madrid': how screens name a colegio. */
export function barAssociationName(id: string | null | undefined): string | undefined {
  const colegio = barAssociation(id);
  return colegio ? `Colegio de la Abogacía de ${colegio.name}` : undefined;
}

/**
 * The Abogacía's public census of lawyers, where anyone may check a colegiado by name, colegio and number
 * (the Consejo General de la Abogacía Española keeps it).
 */
export const BAR_CENSUS_URL = 'https://www.abogacia.es/servicios/ciudadanos/censo-de-letrados/';
