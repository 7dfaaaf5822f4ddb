import { createHash } from 'node:crypto';

/**
 * VERI*FACTU records (Real Decreto 1007/2023; Orden HAC/1177/2024; AEAT, 'Detalle de las especificaciones
 * técnicas para generación de la huella o hash de los registros de facturación'). See docs/invoices.md,
 * The huella.
 */

export type AltaFields = {
  IDEmisorFactura: string;
  NumSerieFactura: string;
  /** dd-mm-yyyy */
  FechaExpedicionFactura: string;
  TipoFactura: string;
  CuotaTotal: string;
  ImporteTotal: string;
  /** the previous record's huella of the same issuer; empty for the first */
  HuellaAnterior: string;
  /** ISO 8601 with offset, e.g. 2024-01-01T19:20:30+01:00 */
  FechaHoraHusoGenRegistro: string;
};

export type AnulacionFields = {
  IDEmisorFacturaAnulada: string;
  NumSerieFacturaAnulada: string;
  FechaExpedicionFacturaAnulada: string;
  HuellaAnterior: string;
  FechaHoraHusoGenRegistro: string;
};

const pairs = (entries: [string, string][]) =>
  entries.map(([name, value]) => `${name}=${value.trim()}`).join('&');

/** The exact text an alta's huella is the hash of: the fields in the AEAT's order, values trimmed. */
export function altaHashInput(f: AltaFields): string {
  return pairs([
    ['IDEmisorFactura', f.IDEmisorFactura],
    ['NumSerieFactura', f.NumSerieFactura],
    ['FechaExpedicionFactura', f.FechaExpedicionFactura],
    ['TipoFactura', f.TipoFactura],
    ['CuotaTotal', f.CuotaTotal],
    ['ImporteTotal', f.ImporteTotal],
    ['Huella', f.HuellaAnterior],
    ['FechaHoraHusoGenRegistro', f.FechaHoraHusoGenRegistro],
  ]);
}

export function anulacionHashInput(f: AnulacionFields): string {
  return pairs([
    ['IDEmisorFacturaAnulada', f.IDEmisorFacturaAnulada],
    ['NumSerieFacturaAnulada', f.NumSerieFacturaAnulada],
    ['FechaExpedicionFacturaAnulada', f.FechaExpedicionFacturaAnulada],
    ['Huella', f.HuellaAnterior],
    ['FechaHoraHusoGenRegistro', f.FechaHoraHusoGenRegistro],
  ]);
}

/** SHA-256 of the UTF-8 text, 64 upper-case hexadecimal characters. */
export const sha256Upper = (text: string) =>
  createHash('sha256').update(text, 'utf8').digest('hex').toUpperCase();

export const altaHuella = (f: AltaFields) => sha256Upper(altaHashInput(f));
export const anulacionHuella = (f: AnulacionFields) => sha256Upper(anulacionHashInput(f));

/** Cents as the record writes amounts: a dot, two decimals, no thousands separator ('12.35', '-0.50'). */
export function recordAmount(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

const madridParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Madrid',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** The wall clock in Madrid (peninsular time, where the platform is established) and its UTC offset. */
function madrid(instant: Date) {
  const parts = Object.fromEntries(madridParts.formatToParts(instant).map((p) => [p.type, p.value]));
  const wall = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  const offsetMinutes = Math.round((wall - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
  return { parts, offsetMinutes };
}

/** dd-mm-yyyy of the day in Madrid. */
export function recordDate(instant: Date): string {
  const { parts } = madrid(instant);
  return `${parts.day}-${parts.month}-${parts.year}`;
}

/** ISO 8601 to the second with Madrid's offset: 2024-01-01T19:20:30+01:00. */
export function recordTimestamp(instant: Date): string {
  const { parts, offsetMinutes } = madrid(instant);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  const offset = `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}${offset}`;
}

/**
 * The address the invoice's QR code encodes (AEAT, 'Características del QR y especificaciones del
 * servicio de cotejo'): the issuer's NIF, series and number, date and total.
 */
export function qrUrl(
  base: string,
  record: { nif: string; numSerie: string; issueDate: string; importeTotal: string },
): string {
  const query = [
    `nif=${encodeURIComponent(record.nif)}`,
    `numserie=${encodeURIComponent(record.numSerie)}`,
    `fecha=${encodeURIComponent(record.issueDate)}`,
    `importe=${encodeURIComponent(record.importeTotal)}`,
  ].join('&');
  return `${base}?${query}`;
}

/** A stored record, as the chain check reads it. */
export type ChainRecord = {
  kind: 'alta' | 'anulacion';
  position: number;
  issuerNif: string;
  numSerie: string;
  issueDate: string;
  invoiceType: string;
  cuotaTotal: string;
  importeTotal: string;
  previousHuella: string;
  huella: string;
  generatedAt: string;
};

export function huellaOf(record: ChainRecord): string {
  return record.kind === 'alta'
    ? altaHuella({
        IDEmisorFactura: record.issuerNif,
        NumSerieFactura: record.numSerie,
        FechaExpedicionFactura: record.issueDate,
        TipoFactura: record.invoiceType,
        CuotaTotal: record.cuotaTotal,
        ImporteTotal: record.importeTotal,
        HuellaAnterior: record.previousHuella,
        FechaHoraHusoGenRegistro: record.generatedAt,
      })
    : anulacionHuella({
        IDEmisorFacturaAnulada: record.issuerNif,
        NumSerieFacturaAnulada: record.numSerie,
        FechaExpedicionFacturaAnulada: record.issueDate,
        HuellaAnterior: record.previousHuella,
        FechaHoraHusoGenRegistro: record.generatedAt,
      });
}

export type ChainCheck = { ok: true; records: number } | { ok: false; position: number; reason: string };

/**
 * Walks one issuer's records in order: positions 1, 2, 3… without gaps, each one's huella recomputed from
 * its stored fields, each one's previous huella that of the record before (empty for the first).
 */
export function checkChain(records: ChainRecord[]): ChainCheck {
  let previous = '';
  for (const [index, record] of records.entries()) {
    if (record.position !== index + 1) return { ok: false, position: record.position, reason: 'position' };
    if (index > 0 && record.issuerNif !== records[0]?.issuerNif) {
      return { ok: false, position: record.position, reason: 'issuer' };
    }
    if (record.previousHuella !== previous) return { ok: false, position: record.position, reason: 'chain' };
    if (huellaOf(record) !== record.huella) return { ok: false, position: record.position, reason: 'huella' };
    previous = record.huella;
  }
  return { ok: true, records: records.length };
}
