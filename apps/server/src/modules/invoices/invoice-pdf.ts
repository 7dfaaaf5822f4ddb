import { spanishNumber } from '@l4l/shared/format';
import { centsToEuros } from '@l4l/shared/schemas/common';
import { invoicesEs } from '@l4l/shared/texts/invoices';
import QRCode from 'qrcode';
import { createPdf, PDF_FONT } from '../../lib/pdf.ts';
import type { InvoiceWithAlta } from './invoices.repository.ts';

const t = invoicesEs.invoice;
const INK = '#1b1b1b';
const MUTED = '#5b6475';
const BRAND = '#1d3557';
const RULE = '#d5dae3';
/** PDF points per millimetre */
const MM = 72 / 25.4;
/** The QR's side on paper: the AEAT asks for 30–40 mm. */
export const QR_SIDE_MM = 35;

/** Always with cents on an invoice: '7,00 €', not '7 €'. */
const euros = (cents: number) =>
  `${cents < 0 ? '\u2212' : ''}${spanishNumber(centsToEuros(Math.abs(cents)), 2, 2)} €`;

function titleOf(type: string): string {
  if (type === 'F2') return t.titleSimplified;
  if (type.startsWith('R')) return t.titleRectifying;
  return t.titleComplete;
}

/** The QR code (ISO/IEC 18004, error correction M) drawn as vector squares, `side` points wide. */
function drawQr(doc: PDFKit.PDFDocument, text: string, x: number, y: number, side: number) {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const cell = side / modules.size;
  doc.save().fillColor('#000000');
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (modules.get(row, col)) doc.rect(x + col * cell, y + row * cell, cell, cell);
    }
  }
  doc.fill().restore();
}

type Invoice = InvoiceWithAlta['invoice'];
type AltaRecord = InvoiceWithAlta['record'];
/** The page being drawn and its printable band: the left margin and the width inside the margins. */
type Sheet = { doc: PDFKit.PDFDocument; left: number; width: number };

/** A thin rule across the printable width at `y`, between two sections. */
function rule({ doc, left, width }: Sheet, y: number) {
  doc
    .moveTo(left, y)
    .lineTo(left + width, y)
    .lineWidth(0.5)
    .strokeColor(RULE)
    .stroke();
}

/** The heading: the kind of invoice, then number, series and date; answers where the parties start. */
function drawHeading(sheet: Sheet, invoice: Invoice, record: AltaRecord): number {
  const { doc, left, width } = sheet;
  doc.font(PDF_FONT.bold).fontSize(22).fillColor(BRAND).text(titleOf(invoice.type), left, 48);
  doc.font(PDF_FONT.regular).fontSize(10).fillColor(INK);
  const meta: [string, string][] = [
    [t.number, invoice.numSerie],
    [t.series, invoice.series],
    [t.date, record.issueDate.replace(/-/g, '/')],
  ];
  let y = 50;
  for (const [label, value] of meta) {
    doc.fillColor(MUTED).text(label, left + width - 250, y, { width: 110 });
    doc
      .fillColor(INK)
      .font(PDF_FONT.bold)
      .text(value, left + width - 140, y, { width: 140, align: 'right' });
    doc.font(PDF_FONT.regular);
    y += 15;
  }
  y = Math.max(y, 90) + 10;
  rule(sheet, y);
  return y + 12;
}

/** Issuer and recipient side by side, each with its NIF and address; answers where the lines start. */
function drawParties(sheet: Sheet, invoice: Invoice, y: number): number {
  const { doc, left, width } = sheet;
  const column = (width - 24) / 2;
  const party = (x: number, heading: string, name: string, nif: string | null, address: string | null) => {
    doc.font(PDF_FONT.bold).fontSize(9).fillColor(MUTED).text(heading.toUpperCase(), x, y, { width: column });
    doc
      .font(PDF_FONT.bold)
      .fontSize(11)
      .fillColor(INK)
      .text(name, x, doc.y + 3, { width: column });
    doc.font(PDF_FONT.regular).fontSize(10);
    doc.text(`${t.nif}: ${nif ?? t.noRecipientNif}`, x, doc.y + 2, { width: column });
    if (address) doc.text(`${t.address}: ${address}`, x, doc.y + 2, { width: column });
    return doc.y;
  };
  const bottom = Math.max(
    party(left, t.issuer, invoice.issuerName, invoice.issuerNif, invoice.issuerAddress),
    party(
      left + column + 24,
      t.recipient,
      invoice.recipientName,
      invoice.recipientNif,
      invoice.recipientAddress,
    ),
  );
  const ruleAt = bottom + 16;
  rule(sheet, ruleAt);
  return ruleAt + 10;
}

/** The invoice's lines, each description with its base; answers where the totals start. */
function drawLines(sheet: Sheet, invoice: Invoice, top: number): number {
  const { doc, left, width } = sheet;
  doc.font(PDF_FONT.bold).fontSize(9).fillColor(MUTED);
  doc.text(t.description.toUpperCase(), left, top, { width: width - 130 });
  doc.text(t.base.toUpperCase(), left + width - 130, top, { width: 130, align: 'right' });
  let y = doc.y + 6;
  doc.font(PDF_FONT.regular).fontSize(10.5).fillColor(INK);
  for (const line of invoice.lines) {
    doc.text(line.description, left, y, { width: width - 140 });
    const after = doc.y;
    doc.text(euros(line.baseCents), left + width - 130, y, { width: 130, align: 'right' });
    y = Math.max(after, doc.y) + 6;
  }
  rule(sheet, y);
  return y + 10;
}

/**
 * Base, IVA, the IRPF withheld if any and the total, then the invoicing-by-third-party mention where it
 * applies; answers where the VERI*FACTU block may start.
 */
function drawTotals(sheet: Sheet, invoice: Invoice, platformName: string, top: number): number {
  const { doc, left, width } = sheet;
  const totals: [string, string, boolean][] = [
    [t.base, euros(invoice.baseCents), false],
    [t.vat(invoice.vatRate), euros(invoice.vatCents), false],
  ];
  // the withholding is subtracted: −41,32 € on an invoice, 41,32 € on the one rectifying it
  const withholds = invoice.irpfCents !== 0;
  if (withholds) totals.push([t.irpf(invoice.irpfRate), euros(-invoice.irpfCents), false]);
  totals.push([withholds ? t.totalToPay : t.total, euros(invoice.totalCents), true]);
  let y = top;
  for (const [label, value, strong] of totals) {
    doc
      .font(strong ? PDF_FONT.bold : PDF_FONT.regular)
      .fontSize(strong ? 13 : 10.5)
      .fillColor(strong ? BRAND : INK);
    doc.text(label, left + width - 300, y, { width: 170 });
    doc.text(value, left + width - 130, y, { width: 130, align: 'right' });
    y = doc.y + 5;
  }
  y += 10;
  if (invoice.issuedByThirdParty) {
    doc
      .font(PDF_FONT.italic)
      .fontSize(9.5)
      .fillColor(INK)
      .text(t.thirdParty(platformName), left, y, { width });
    y = doc.y + 8;
  }
  return y;
}

/** VERI*FACTU: the QR code, its legend and the record's huella, at the page's foot or below the content. */
function drawVerifactu(sheet: Sheet, record: AltaRecord, qrUrl: string, y: number) {
  const { doc, left, width } = sheet;
  const side = QR_SIDE_MM * MM;
  const qrTop = Math.max(y + 16, doc.page.height - doc.page.margins.bottom - side - 40);
  doc
    .font(PDF_FONT.bold)
    .fontSize(11)
    .fillColor(INK)
    .text(t.verifactu, left, qrTop - 16, { width: side, align: 'center' });
  drawQr(doc, qrUrl, left, qrTop, side);
  doc
    .font(PDF_FONT.regular)
    .fontSize(8.5)
    .fillColor(MUTED)
    .text(`${t.verifactuNote}: ${record.huella}`, left + side + 18, qrTop + 4, { width: width - side - 18 });
}

/**
 * An invoice as an A4 PDF with what RD 1619/2012 art. 6 (art. 7 for a simplified one) asks for: number
 * and series, date, both parties' names, NIFs and addresses, description, base, IVA rate and amount, IRPF,
 * total, the invoicing-by-third-party mention where it applies; and VERI*FACTU's QR and legend.
 */
export function renderInvoice(
  { invoice, record }: InvoiceWithAlta,
  qrUrl: string,
  platformName: string,
): Promise<Buffer> {
  const { doc, done } = createPdf({
    margin: 48,
    info: {
      Title: `${titleOf(invoice.type)} ${invoice.numSerie}`,
      Author: invoice.issuerName,
      Subject: invoice.lines[0]?.description ?? '',
    },
  });
  const left = doc.page.margins.left;
  const sheet: Sheet = { doc, left, width: doc.page.width - left - doc.page.margins.right };
  let y = drawHeading(sheet, invoice, record);
  y = drawParties(sheet, invoice, y);
  y = drawLines(sheet, invoice, y);
  y = drawTotals(sheet, invoice, platformName, y);
  drawVerifactu(sheet, record, qrUrl, y);
  doc.end();
  return done;
}
