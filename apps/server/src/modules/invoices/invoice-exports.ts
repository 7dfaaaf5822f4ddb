import type { CsvValue } from '../../lib/csv.ts';
import type { InvoiceWithAlta, RecordWithInvoice } from './invoices.repository.ts';
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
 * Who produced the invoicing system (the AEAT's `SistemaInformatico`): the platform, PLATFORM_NIF and
 * PLATFORM_NAME, on every record, also those issued in a lawyer's name (docs/invoices.md, The records as the AEAT reads them).
 */
export type SystemProducer = { nif: string; name: string };

/** The namespace of the export's container, L4L's own (docs/invoices.md, The AEAT's schema). */
export const EXPORT_NS = 'urn:l4l:verifactu:export';

/** A person or firm as the AEAT names one: `NombreRazon` and `NIF` inside `tag`. */
export const party = (tag: string, p: SystemProducer) =>
  `<sum1:${tag}>${el('NombreRazon', p.name)}${el('NIF', p.nif)}</sum1:${tag}>`;

function chainXml(before: PreviousRecord | null): string {
  return before
    ? `<sum1:Encadenamiento><sum1:RegistroAnterior>${el('IDEmisorFactura', before.issuerNif)}${el('NumSerieFactura', before.numSerie)}${el('FechaExpedicionFactura', before.issueDate)}${el('Huella', before.huella)}</sum1:RegistroAnterior></sum1:Encadenamiento>`
    : `<sum1:Encadenamiento>${el('PrimerRegistro', 'S')}</sum1:Encadenamiento>`;
}

function systemXml(producer: SystemProducer): string {
  return `<sum1:SistemaInformatico>${el('NombreRazon', producer.name)}${el('NIF', producer.nif)}${el('NombreSistemaInformatico', 'L4L')}${el('IdSistemaInformatico', '01')}${el('Version', '1.0')}${el('NumeroInstalacion', '1')}${el('TipoUsoPosibleSoloVerifactu', 'S')}${el('TipoUsoPosibleMultiOT', 'S')}${el('IndicadorMultiplesOT', 'S')}</sum1:SistemaInformatico>`;
}

/**
 * A rectifying invoice's kind and what it rectifies: by difference ('I', Ley 37/1992 art. 80), naming the
 * rectified invoice; the AEAT requires `TipoRectificativa` on every R1–R5.
 */
function rectifiesXml({ record, rectified }: RecordWithInvoice): string {
  if (!record.invoiceType.startsWith('R')) return '';
  const which = rectified
    ? `<sum1:FacturasRectificadas><sum1:IDFacturaRectificada>${el('IDEmisorFactura', rectified.issuerNif)}${el('NumSerieFactura', rectified.numSerie)}${el('FechaExpedicionFactura', rectified.issueDate)}</sum1:IDFacturaRectificada></sum1:FacturasRectificadas>`
    : '';
  return `${el('TipoRectificativa', 'I')}${which}`;
}

function altaBody(row: RecordWithInvoice, producer: SystemProducer): string {
  const { invoice, record } = row;
  // issued by the platform in the lawyer's name: the third party that issues it is named (AEAT: 'T' needs Tercero)
  const thirdParty = invoice.issuedByThirdParty
    ? `${el('EmitidaPorTerceroODestinatario', 'T')}${party('Tercero', producer)}`
    : '';
  const recipient = invoice.recipientNif
    ? `<sum1:Destinatarios>${party('IDDestinatario', { name: invoice.recipientName, nif: invoice.recipientNif })}</sum1:Destinatarios>`
    : '';
  const breakdown = `<sum1:Desglose><sum1:DetalleDesglose>${el('Impuesto', '01')}${el('ClaveRegimen', '01')}${el('CalificacionOperacion', 'S1')}${el('TipoImpositivo', `${invoice.vatRate}.00`)}${el('BaseImponibleOimporteNoSujeto', recordAmount(invoice.baseCents))}${el('CuotaRepercutida', recordAmount(invoice.vatCents))}</sum1:DetalleDesglose></sum1:Desglose>`;
  return `<sum1:IDFactura>${el('IDEmisorFactura', record.issuerNif)}${el('NumSerieFactura', record.numSerie)}${el('FechaExpedicionFactura', record.issueDate)}</sum1:IDFactura>${el('NombreRazonEmisor', record.issuerName)}${el('TipoFactura', record.invoiceType)}${rectifiesXml(row)}${el('DescripcionOperacion', invoice.lines[0]?.description.slice(0, 500) ?? '')}${thirdParty}${recipient}${breakdown}${el('CuotaTotal', record.cuotaTotal)}${el('ImporteTotal', record.importeTotal)}`;
}

/**
 * One record as the AEAT's RegistroAlta or RegistroAnulacion element (SuministroInformacion.xsd, prefix
 * `sum1`), chained to `before` (`PrimerRegistro` when there is none), `producer` named as the producer of
 * the invoicing system.
 */
export function recordXml(
  row: RecordWithInvoice,
  before: PreviousRecord | null,
  producer: SystemProducer,
): string {
  const { record } = row;
  const tail = `${chainXml(before)}${systemXml(producer)}${el('FechaHoraHusoGenRegistro', record.generatedAt)}${el('TipoHuella', '01')}${el('Huella', record.huella)}`;
  if (record.kind === 'anulacion') {
    return `<sum1:RegistroAnulacion>${el('IDVersion', '1.0')}<sum1:IDFactura>${el('IDEmisorFacturaAnulada', record.issuerNif)}${el('NumSerieFacturaAnulada', record.numSerie)}${el('FechaExpedicionFacturaAnulada', record.issueDate)}</sum1:IDFactura>${tail}</sum1:RegistroAnulacion>`;
  }
  return `<sum1:RegistroAlta>${el('IDVersion', '1.0')}${altaBody(row, producer)}${tail}</sum1:RegistroAlta>`;
}

/**
 * The records as the AEAT's RegistroAlta / RegistroAnulacion elements (SuministroInformacion.xsd), each
 * chained to the record before it of the same issuer, in L4L's container `RegistrosFacturacion`
 * (namespace EXPORT_NS: the AEAT defines none for an export).
 */
export function recordsXml(rows: RecordWithInvoice[], producer: SystemProducer): string {
  const previous = new Map<string, InvoiceWithAlta['record']>();
  const parts: string[] = [];
  for (const row of rows) {
    parts.push(recordXml(row, previous.get(row.record.issuerNif) ?? null, producer));
    previous.set(row.record.issuerNif, row.record);
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<l4l:RegistrosFacturacion xmlns:l4l="${EXPORT_NS}" xmlns:sum1="${SUM1}">\n${parts.join('\n')}\n</l4l:RegistrosFacturacion>\n`;
}
