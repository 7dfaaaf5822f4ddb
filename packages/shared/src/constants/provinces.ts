/** docs/domain.md, Categories and provinces: 'Toda España' means the whole country. */
export const ALL_SPAIN = 'Toda España';

/**
 * docs/domain.md, Categories and provinces: 'Toda España' plus the 52 provinces, alphabetical from Álava, with the two autonomous
 * cities Ceuta and Melilla closing the list.
 */
export const PROVINCES = [
  ALL_SPAIN,
  'Álava',
  'Albacete',
  'Alicante',
  'Almería',
  'Asturias',
  'Ávila',
  'Badajoz',
  'Barcelona',
  'Burgos',
  'Cáceres',
  'Cádiz',
  'Cantabria',
  'Castellón',
  'Ciudad Real',
  'Córdoba',
  'Cuenca',
  'Girona',
  'Granada',
  'Guadalajara',
  'Guipúzcoa',
  'Huelva',
  'Huesca',
  'Islas Baleares',
  'Jaén',
  'La Coruña',
  'La Rioja',
  'Las Palmas',
  'León',
  'Lleida',
  'Lugo',
  'Madrid',
  'Málaga',
  'Murcia',
  'Navarra',
  'Ourense',
  'Palencia',
  'Pontevedra',
  'Salamanca',
  'Santa Cruz de Tenerife',
  'Segovia',
  'Sevilla',
  'Soria',
  'Tarragona',
  'Teruel',
  'Toledo',
  'Valencia',
  'Valladolid',
  'Vizcaya',
  'Zamora',
  'Zaragoza',
  'Ceuta',
  'Melilla',
] as const;

export type Province = (typeof PROVINCES)[number];

export function isProvince(value: string): value is Province {
  return (PROVINCES as readonly string[]).includes(value);
}
