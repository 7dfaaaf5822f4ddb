import { existsSync } from 'node:fs';
import { checkFiscalId } from '@l4l/shared/fiscal/fiscal-id';
import { z } from 'zod';
import { ConfigError, type SectionInput, url } from './fields.ts';

/** Who invoices the platform's fee, and where its invoicing records go (docs/invoices.md). */

/** Outside production only: the fictitious company of the legal notice, so invoices work out of the box. */
export const DEMO_PLATFORM = {
  nif: 'B19874361',
  name: 'L4L Plataforma Legal, S.L.',
  address: 'Calle de Serrano, 41, 4.ª planta, 28001 Madrid',
};

export const fiscalShape = {
  PLATFORM_NIF: z
    .string()
    .trim()
    .refine((v) => checkFiscalId(v).ok, { error: 'PLATFORM_NIF debe ser un NIF o CIF válido' })
    .transform((v) => (checkFiscalId(v) as { value: string }).value)
    .optional(),
  PLATFORM_NAME: z
    .string()
    .trim()
    .min(2)
    .max(120, { error: 'PLATFORM_NAME admite hasta 120 caracteres' })
    .optional(),
  PLATFORM_ADDRESS: z
    .string()
    .trim()
    .min(5, { error: 'PLATFORM_ADDRESS debe ser el domicilio fiscal completo' })
    .max(300, { error: 'PLATFORM_ADDRESS admite hasta 300 caracteres' })
    .optional(),
  AEAT_QR_BASE: url('AEAT_QR_BASE', ['https:']).default('https://prewww2.aeat.es/wlpl/TIKE-CONT/ValidarQR'),
  // docs/invoices.md, Submission: the AEAT's VERI*FACTU web service instead of the sandbox submitter
  VERIFACTU_ENDPOINT: url('VERIFACTU_ENDPOINT', ['https:', 'http:']).optional(),
  VERIFACTU_CERT_PATH: z.string().trim().min(1).optional(),
  VERIFACTU_CERT_PASSWORD: z.string().optional(),
};

export type FiscalConfig = {
  /** who invoices the platform's fee, and the QR's verification address (docs/invoices.md) */
  platform: { nif: string; name: string; address: string };
  aeatQrBase: string;
  /**
   * the AEAT's VERI*FACTU web service (VERIFACTU_ENDPOINT, the PKCS#12 certificate at VERIFACTU_CERT_PATH
   * and its password); undefined: the sandbox submitter keeps the records and accepts them
   */
  verifactu: { endpoint: string; certPath?: string; certPassword?: string } | undefined;
};

type FiscalEnv = z.infer<z.ZodObject<typeof fiscalShape>>;

export function fiscalSettings({ e, production }: SectionInput<FiscalEnv, unknown>): FiscalConfig {
  if (e.VERIFACTU_ENDPOINT?.startsWith('https:')) {
    // the AEAT identifies who submits by the TLS client certificate: without it every submission fails
    if (!e.VERIFACTU_CERT_PATH || !existsSync(e.VERIFACTU_CERT_PATH)) {
      throw new ConfigError(
        'Configuración no válida: VERIFACTU_ENDPOINT necesita VERIFACTU_CERT_PATH, la ruta del certificado (.p12 o .pfx) con el que se presentan los registros a la AEAT.',
      );
    }
  } else if (production && e.VERIFACTU_ENDPOINT) {
    throw new ConfigError(
      'Configuración no válida: con NODE_ENV=production VERIFACTU_ENDPOINT debe ser https.',
    );
  }
  const platformVars = ['PLATFORM_NIF', 'PLATFORM_NAME', 'PLATFORM_ADDRESS'] as const;
  const missingPlatform = platformVars.filter((name) => e[name] === undefined);
  if (production && missingPlatform.length > 0) {
    throw new ConfigError(
      `Configuración no válida: ${missingPlatform.join(', ')} ${missingPlatform.length > 1 ? 'son obligatorios' : 'es obligatorio'} con NODE_ENV=production (los datos fiscales de quien factura la comisión).`,
    );
  }
  return {
    platform: {
      nif: e.PLATFORM_NIF ?? DEMO_PLATFORM.nif,
      name: e.PLATFORM_NAME ?? DEMO_PLATFORM.name,
      address: e.PLATFORM_ADDRESS ?? DEMO_PLATFORM.address,
    },
    aeatQrBase: e.AEAT_QR_BASE,
    verifactu: e.VERIFACTU_ENDPOINT
      ? {
          endpoint: e.VERIFACTU_ENDPOINT,
          certPath: e.VERIFACTU_CERT_PATH,
          certPassword: e.VERIFACTU_CERT_PASSWORD,
        }
      : undefined,
  };
}
