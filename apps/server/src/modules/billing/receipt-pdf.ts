import { caseCode } from '@l4l/shared/constants/cases';
import { feeBreakdown } from '@l4l/shared/fiscal/fee';
import { formatEuros } from '@l4l/shared/format';
import { centsToEuros } from '@l4l/shared/schemas/common';
import { es } from '@l4l/shared/texts/es';
import { madridText } from '../../lib/consultation-slots.ts';
import { createPdf, PDF_FONT } from '../../lib/pdf.ts';
import type { ReceiptRow } from './billing.repository.ts';

/** Whose copy: the client sees what they paid; the lawyer (and an admin) also the fee and the net. */
export type ReceiptCopy = 'client' | 'lawyer';

const INK = '#1b1b1b';
const MUTED = '#5b6475';
const BRAND = '#1d3557';
const RULE = '#d5dae3';

/**
 * The platform's details exactly as the legal notice shows them (its section
 * 'Titular de la plataforma'), so the receipt and the notice never disagree.
 */
export function issuerLines(): string[] {
  const holder = es.legal.notice.sections.find((section) => section.id === 'titular');
  const lines = holder?.blocks.flatMap((block) => ('list' in block && block.list ? block.list : [])) ?? [];
  if (lines.length === 0) throw new Error('the legal notice lost its "titular" section');
  return lines;
}

const madridDate = new Intl.DateTimeFormat('es-ES', {
  timeZone: 'Europe/Madrid',
  dateStyle: 'long',
  timeStyle: 'short',
});

function percentOf(feeCents: number, amountCents: number): string {
  const percent = amountCents === 0 ? 0 : (feeCents * 100) / amountCents;
  return `${new Intl.NumberFormat('es-ES', { maximumFractionDigits: 2 }).format(percent)} %`;
}

/** The receipt's facts, in order: label and value. */
export function receiptFacts(row: ReceiptRow, copy: ReceiptCopy): [string, string][] {
  const euros = (cents: number) => formatEuros(centsToEuros(cents));
  const facts: [string, string][] = [
    [es.billing.receiptPaymentId, row.id],
    [es.billing.receiptDate, row.completedAt ? madridDate.format(row.completedAt) : es.defaults.noDate],
    row.caseId
      ? [es.billing.receiptCase, `#${caseCode(row.caseId)} · ${row.caseTitle ?? ''}`]
      : [
          es.billing.receiptConsultation,
          row.consultationStart ? madridText(row.consultationStart) : es.defaults.noDate,
        ],
    [es.billing.receiptClient, `${row.clientName} ${row.clientSurname} (${row.clientMail})`],
    [es.billing.receiptLawyer, `${row.lawyerName} ${row.lawyerSurname} (${row.lawyerMail})`],
    [
      es.billing.receiptMethod,
      row.provider === 'stripe' ? es.billing.receiptMethodStripe : es.billing.receiptMethodSandbox,
    ],
    [es.billing.receiptAmount, euros(row.amountCents)],
  ];
  if (copy === 'lawyer') {
    const fee = feeBreakdown(row.amountCents, row.feeCents);
    facts.push(
      [es.billing.receiptFee(percentOf(row.feeCents, row.amountCents)), `− ${euros(fee.feeCents)}`],
      [es.billing.receiptFeeVat, `− ${euros(fee.vatCents)}`],
      [es.billing.receiptNet, euros(fee.lawyerCents)],
    );
  }
  return facts;
}

/**
 * 'Justificante de pago' as an A4 PDF, in the embedded fonts of lib/pdf.ts, so every Spanish letter, '€'
 * and the minus sign of the fee print as written.
 */
export function renderReceipt(row: ReceiptRow, copy: ReceiptCopy): Promise<Buffer> {
  const { doc, done } = createPdf({
    margin: 56,
    info: {
      Title: `${es.billing.receiptTitle} ${row.id}`,
      Author: issuerLines()[0]?.replace(/^[^:]*:\s*/, '') ?? es.brand.name,
      Subject: row.caseId
        ? `${es.billing.receiptCase} #${caseCode(row.caseId)}`
        : es.billing.receiptConsultation,
    },
  });
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;

  doc.font(PDF_FONT.bold).fontSize(26).fillColor(BRAND).text(es.brand.name, left, 56);
  doc.font(PDF_FONT.bold).fontSize(18).fillColor(INK).text(es.billing.receiptTitle, left, 62, {
    width,
    align: 'right',
  });
  doc.moveDown(1.2);
  doc
    .moveTo(left, doc.y)
    .lineTo(left + width, doc.y)
    .strokeColor(RULE)
    .stroke();
  doc.moveDown(0.8);

  doc.font(PDF_FONT.bold).fontSize(10).fillColor(MUTED).text(es.billing.receiptIssuer.toUpperCase(), left);
  doc.moveDown(0.3);
  doc.font(PDF_FONT.regular).fontSize(10).fillColor(INK);
  for (const line of issuerLines()) doc.text(line, left, doc.y, { width });
  doc.moveDown(1.2);

  doc.font(PDF_FONT.bold).fontSize(10).fillColor(MUTED).text(es.billing.receiptPayment.toUpperCase(), left);
  doc.moveDown(0.5);
  const labelWidth = 190;
  const facts = receiptFacts(row, copy);
  facts.forEach(([label, value], index) => {
    const top = doc.y;
    const last = index === facts.length - 1;
    doc
      .font(PDF_FONT.regular)
      .fontSize(10.5)
      .fillColor(MUTED)
      .text(label, left, top, { width: labelWidth - 12 });
    const labelBottom = doc.y;
    doc
      .font(last ? PDF_FONT.bold : PDF_FONT.regular)
      .fontSize(last ? 13 : 10.5)
      .fillColor(last ? BRAND : INK)
      .text(value, left + labelWidth, top, { width: width - labelWidth });
    doc.y = Math.max(doc.y, labelBottom) + 6;
    doc
      .moveTo(left, doc.y)
      .lineTo(left + width, doc.y)
      .strokeColor(RULE)
      .lineWidth(0.5)
      .stroke();
    doc.y += 6;
  });

  doc.moveDown(1.5);
  doc
    .font(PDF_FONT.italic)
    .fontSize(9)
    .fillColor(MUTED)
    .text(es.billing.receiptFooter, left, doc.y, { width });
  doc.end();
  return done;
}
