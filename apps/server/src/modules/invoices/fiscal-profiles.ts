import { ROLE } from '@l4l/shared/constants/roles';
import { checkFiscalId } from '@l4l/shared/fiscal/fiscal-id';
import type { FiscalProfile, FiscalProfileInput } from '@l4l/shared/schemas/invoices';
import { invoicesEs } from '@l4l/shared/texts/invoices';
import { validationError } from '../../lib/app-error.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import type { FiscalProfileRow, InvoicesRepository } from './invoices.repository.ts';

/**
 * The IRPF rate a client withholds from the lawyer's fee (docs/invoices.md, IRPF): only a business client
 * (`isBusiness`: a company or a self-employed professional; a private person withholds nothing), only
 * from a lawyer who is a person (a DNI, NIE or K/L/M NIF: a firm with a CIF pays corporate tax, not
 * IRPF), only when L4L issues the lawyer's invoice (fiscal data and consent), at the lawyer's rate: 15 %,
 * or 7 % in the year the lawyer started practising and the two after (the lawyer says so).
 */
export function withholdingRate(
  client: Pick<FiscalProfileRow, 'isBusiness'> | undefined | null,
  lawyer: Pick<FiscalProfileRow, 'nif' | 'irpfRate' | 'invoicingConsent'> | undefined | null,
): number {
  if (!client?.isBusiness || !lawyer?.invoicingConsent) return 0;
  const id = checkFiscalId(lawyer.nif);
  if (!id.ok || id.kind === 'CIF') return 0;
  return lawyer.irpfRate === 7 ? 7 : 15;
}

/** The address as one line, the way the invoice prints it. */
export const addressLine = (p: Pick<FiscalProfileRow, 'street' | 'postalCode' | 'city' | 'province'>) =>
  `${p.street}, ${p.postalCode} ${p.city} (${p.province})`;

function toProfile(row: FiscalProfileRow, role: string): FiscalProfile {
  return {
    nif: row.nif,
    name: row.name,
    address: { street: row.street, postalCode: row.postalCode, city: row.city, province: row.province },
    isBusiness: row.isBusiness,
    ...(role === ROLE.ABOGADO
      ? {
          irpfRate: (row.irpfRate === 7 ? 7 : 15) as 15 | 7,
          invoicingConsent: row.invoicingConsent ?? false,
        }
      : {}),
  };
}

/**
 * Fiscal profiles (docs/invoices.md, Fiscal profiles): each person's own, and what they decide before a
 * checkout opens (a complete invoice above 400 €, the IRPF a business client withholds).
 */
export function createFiscalProfiles(read: InvoicesRepository) {
  return {
    async fiscalProfile(caller: AuthUser): Promise<FiscalProfile | null> {
      const row = await read.profile(caller.id);
      return row ? toProfile(row, caller.role) : null;
    },

    async saveFiscalProfile(caller: AuthUser, input: FiscalProfileInput & { nif: string }) {
      const lawyer = caller.role === ROLE.ABOGADO;
      if (!lawyer && (input.irpfRate !== undefined || input.invoicingConsent !== undefined)) {
        const field = input.irpfRate !== undefined ? 'irpfRate' : 'invoicingConsent';
        throw validationError({ [field]: invoicesEs.fiscalProfile.lawyerOnly });
      }
      const row = await read.saveProfile({
        userId: caller.id,
        nif: input.nif,
        name: input.name,
        street: input.address.street,
        postalCode: input.address.postalCode,
        city: input.address.city,
        province: input.address.province,
        isBusiness: input.isBusiness ?? false,
        irpfRate: lawyer ? (input.irpfRate ?? 15) : null,
        invoicingConsent: lawyer ? (input.invoicingConsent ?? false) : null,
      });
      return toProfile(row, caller.role);
    },
  };
}
