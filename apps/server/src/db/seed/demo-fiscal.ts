import type { Province } from '@l4l/shared/constants/provinces';
import { dniLetter } from '@l4l/shared/fiscal/fiscal-id';
import type { fiscalProfiles } from '../schema/index.ts';

/** The capital and first postal code of each province a demo lawyer practises in. */
const OFFICES: Partial<Record<Province, [city: string, postalCode: string]>> = {
  Alicante: ['Alicante', '03001'],
  Asturias: ['Oviedo', '33001'],
  Barcelona: ['Barcelona', '08001'],
  Cantabria: ['Santander', '39001'],
  Cádiz: ['Cádiz', '11001'],
  Girona: ['Girona', '17001'],
  Granada: ['Granada', '18001'],
  Guipúzcoa: ['San Sebastián', '20001'],
  'Islas Baleares': ['Palma', '07001'],
  'La Coruña': ['A Coruña', '15001'],
  'Las Palmas': ['Las Palmas de Gran Canaria', '35001'],
  Madrid: ['Madrid', '28001'],
  Murcia: ['Murcia', '30001'],
  Málaga: ['Málaga', '29001'],
  Navarra: ['Pamplona', '31001'],
  Salamanca: ['Salamanca', '37001'],
  Sevilla: ['Sevilla', '41001'],
  Toledo: ['Toledo', '45001'],
  Valencia: ['Valencia', '46001'],
  Valladolid: ['Valladolid', '47001'],
  Vizcaya: ['Bilbao', '48001'],
  Zaragoza: ['Zaragoza', '50001'],
};

/** A valid, made-up DNI: 8 digits from `seed` and their control letter. */
const demoDni = (seed: number) => {
  const digits = String(10_000_000 + ((seed * 7_919_113) % 89_999_999)).padStart(8, '0');
  return `${digits}${dniLetter(digits)}`;
};

type Person = { id: string; name: string; surname: string };

/**
 * Fiscal data of the demo (docs/invoices.md): every verified lawyer invoices through the platform (IRPF
 * 15 %, or 7 % for the newest), and one client gives a NIF, so a payment of theirs gets a complete invoice.
 */
export function demoFiscalProfiles(
  lawyers: Array<Person & { province: Province; recent: boolean }>,
  client: Person,
): (typeof fiscalProfiles.$inferInsert)[] {
  const rows: (typeof fiscalProfiles.$inferInsert)[] = lawyers.map((lawyer, i) => {
    const [city, postalCode] = OFFICES[lawyer.province] ?? ['Madrid', '28001'];
    return {
      userId: lawyer.id,
      nif: demoDni(i + 1),
      name: `${lawyer.name} ${lawyer.surname}`,
      street: `Calle Mayor, ${i + 3}, despacho ${(i % 4) + 1}`,
      postalCode,
      city,
      province: OFFICES[lawyer.province] ? lawyer.province : 'Madrid',
      isBusiness: false,
      irpfRate: lawyer.recent ? 7 : 15,
      invoicingConsent: true,
    };
  });
  rows.push({
    userId: client.id,
    nif: demoDni(1_000),
    name: `${client.name} ${client.surname}`,
    street: 'Calle de Alcalá, 120, 3.º A',
    postalCode: '28009',
    city: 'Madrid',
    province: 'Madrid',
    isBusiness: false,
  });
  return rows;
}
