import type { CsvValue } from '../../lib/csv.ts';
import type { InvoiceWithAlta } from './invoices.repository.ts';
import { recordAmount } from './verifactu.ts';

export const BOOK_HEADER = [
  'NumSerieFactura',
  'Serie',
  'Numero',
  'Tipo',
  'FechaExpedicion',
  'EmisorNIF',
  'EmisorNombre',
  'DestinatarioNIF',
  'DestinatarioNombre',
  'BaseImponible',
  'TipoIVA',
  'CuotaIVA',
  'TipoIRPF',
  'RetencionIRPF',
  'Total',
  'FacturacionPorTercero',
  'Rectifica',
  'Huella',
];

/** The book of issued invoices as CSV rows (lib/csv.ts writes them), one per invoice in the order issued. */
export function bookRows(rows: InvoiceWithAlta[]): CsvValue[][] {
  const euros = (cents: number) => ({ euros: cents / 100 });
  return rows.map(({ invoice: i, record }) => [
    i.numSerie,
    i.series,
    i.number,
    i.type,
    { day: record.issueDate },
    i.issuerNif,
    i.issuerName,
    i.recipientNif,
    i.recipientName,
    euros(i.baseCents),
    i.vatRate,
    euros(i.vatCents),
    i.irpfRate,
    euros(i.irpfCents),
    euros(i.totalCents),
    i.issuedByThirdParty,
    i.rectifiesId,
    record.huella,
  ]);
}

/** Text for an XML element or attribute: the five characters XML reserves escaped. */
export const xmlText = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const el = (name: string, value: string) => `<sum1:${name}>${xmlText(value)}</sum1:${name}>`;

/** The AEAT's namespace of the records (SuministroInformacion.xsd). */
export const SUM1 =
  'https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/SuministroInformacion.xsd';

/** The record a record chains after: its issuer, number, date and huella (null for an issuer's first). */
export type PreviousRecord = Pick<
  InvoiceWithAlta['record'],
  'issuerNif' | 'numSerie' | 'issueDate' | 'huella'
>;

/**
 * One record as the AEAT's RegistroAlta or RegistroAnulacion element (SuministroInformacion.xsd, prefix
 * `sum1`), chained to `before` (`PrimerRegistro` when there is none).
 */
export function recordXml({ invoice, record }: InvoiceWithAlta, before: PreviousRecord | null): string {
  const chain = before
    ? `<sum1:Encadenamiento><sum1:RegistroAnterior>${el('IDEmisorFactura', before.issuerNif)}${el('NumSerieFactura', before.numSerie)}${el('FechaExpedicionFactura', before.issueDate)}${el('Huella', before.huella)}</sum1:RegistroAnterior></sum1:Encadenamiento>`
    : `<sum1:Encadenamiento>${el('PrimerRegistro', 'S')}</sum1:Encadenamiento>`;
  const system = `<sum1:SistemaInformatico>${el('NombreRazon', invoice.issuedByThirdParty ? 'L4L Plataforma Legal' : record.issuerName)}${el('NIF', record.issuerNif)}${el('NombreSistemaInformatico', 'L4L')}${el('IdSistemaInformatico', '01')}${el('Version', '1.0')}${el('NumeroInstalacion', '1')}${el('TipoUsoPosibleSoloVerifactu', 'S')}${el('TipoUsoPosibleMultiOT', 'S')}${el('IndicadorMultiplesOT', 'S')}</sum1:SistemaInformatico>`;
  const tail = `${el('FechaHoraHusoGenRegistro', record.generatedAt)}${el('TipoHuella', '01')}${el('Huella', record.huella)}`;
  if (record.kind === 'anulacion') {
    return `<sum1:RegistroAnulacion>${el('IDVersion', '1.0')}<sum1:IDFactura>${el('IDEmisorFacturaAnulada', record.issuerNif)}${el('NumSerieFacturaAnulada', record.numSerie)}${el('FechaExpedicionFacturaAnulada', record.issueDate)}</sum1:IDFactura>${chain}${system}${tail}</sum1:RegistroAnulacion>`;
  }
  const recipient = invoice.recipientNif
    ? `<sum1:Destinatarios><sum1:IDDestinatario>${el('NombreRazon', invoice.recipientName)}${el('NIF', invoice.recipientNif)}</sum1:IDDestinatario></sum1:Destinatarios>`
    : '';
  const breakdown = `<sum1:Desglose><sum1:DetalleDesglose>${el('Impuesto', '01')}${el('ClaveRegimen', '01')}${el('CalificacionOperacion', 'S1')}${el('TipoImpositivo', `${invoice.vatRate}.00`)}${el('BaseImponibleOimporteNoSujeto', recordAmount(invoice.baseCents))}${el('CuotaRepercutida', recordAmount(invoice.vatCents))}</sum1:DetalleDesglose></sum1:Desglose>`;
  return `<sum1:RegistroAlta>${el('IDVersion', '1.0')}<sum1:IDFactura>${el('IDEmisorFactura', record.issuerNif)}${el('NumSerieFactura', record.numSerie)}${el('FechaExpedicionFactura', record.issueDate)}</sum1:IDFactura>${el('NombreRazonEmisor', record.issuerName)}${el('TipoFactura', record.invoiceType)}${el('DescripcionOperacion', invoice.lines[0]?.description.slice(0, 500) ?? '')}${invoice.issuedByThirdParty ? el('EmitidaPorTerceroODestinatario', 'T') : ''}${recipient}${breakdown}${el('CuotaTotal', record.cuotaTotal)}${el('ImporteTotal', record.importeTotal)}${chain}${system}${tail}</sum1:RegistroAlta>`;
}

/**
 * The records as the AEAT's RegistroAlta / RegistroAnulacion elements (SuministroInformacion.xsd), each
 * chained to the record before it of the same issuer.
 */
export function recordsXml(rows: InvoiceWithAlta[]): string {
  const previous = new Map<string, InvoiceWithAlta['record']>();
  const parts: string[] = [];
  for (const row of rows) {
    parts.push(recordXml(row, previous.get(row.record.issuerNif) ?? null));
    previous.set(row.record.issuerNif, row.record);
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sum1:RegistrosFacturacion xmlns:sum1="${SUM1}">\n${parts.join('\n')}\n</sum1:RegistrosFacturacion>\n`;
}
