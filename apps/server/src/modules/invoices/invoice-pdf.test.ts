import jsQR from 'jsqr';
import { describe, expect, it } from 'vitest';
import { hasPoppler, pdfFonts, pdfPage, pdfText } from '../../../test/poppler.ts';
import { feeAmounts, serviceAmounts } from './invoice-amounts.ts';
import { renderInvoice } from './invoice-pdf.ts';
import type { InvoiceWithAlta } from './invoices.repository.ts';
import { qrUrl, recordAmount } from './verifactu.ts';

const PLATFORM = 'L4L Plataforma Legal, S.L.';
const QR_BASE = 'https://prewww2.aeat.es/wlpl/TIKE-CONT/ValidarQR';
const issuedAt = new Date('2026-11-25T10:30:00Z');

function invoiceRow(kind: 'service' | 'fee', options: { business?: boolean } = {}): InvoiceWithAlta {
  const amounts = kind === 'service' ? serviceAmounts(33_333, options.business ? 15 : 0) : feeAmounts(3_333);
  const series = kind === 'service' ? 'A2026' : 'C2026';
  const numSerie = `${series}-000042`;
  const lawyer = {
    nif: '12345678Z',
    name: 'Lucía García Pérez',
    address: 'Calle Mayor, 1, 28013 Madrid (Madrid)',
  };
  const platform = {
    nif: 'B19874361',
    name: 'L4L Plataforma Legal, S.L.',
    address: 'Calle de Serrano, 41, 28001 Madrid',
  };
  const client = options.business
    ? {
        nif: 'B12345674',
        name: 'Talleres Pérez, S.L.',
        address: 'Avenida de la Libertad, 7, 30009 Murcia (Murcia)',
      }
    : { nif: null, name: 'Carmen Cliente', address: null };
  const issuer = kind === 'service' ? lawyer : platform;
  const recipient = kind === 'service' ? client : lawyer;
  const type = kind === 'service' && !options.business ? 'F2' : 'F1';
  return {
    invoice: {
      id: '3b241101-e2bb-4255-8caf-4136c566a962',
      kind,
      type,
      series,
      number: 42,
      numSerie,
      issuedAt,
      issuerUserId: null,
      issuerNif: issuer.nif,
      issuerName: issuer.name,
      issuerAddress: issuer.address,
      recipientUserId: null,
      recipientNif: recipient.nif,
      recipientName: recipient.name,
      recipientAddress: recipient.address,
      issuedByThirdParty: kind === 'service',
      lines: [
        {
          description:
            kind === 'service'
              ? 'Servicios jurídicos del caso #AB12CD34: Reclamación de una fianza'
              : 'Comisión de intermediación de la plataforma L4L por el caso #AB12CD34',
          baseCents: amounts.baseCents,
        },
      ],
      baseCents: amounts.baseCents,
      vatRate: amounts.vatRate,
      vatCents: amounts.vatCents,
      irpfRate: amounts.irpfRate,
      irpfCents: amounts.irpfCents,
      totalCents: amounts.totalCents,
      rectifiesId: null,
      caseId: '3b241101-e2bb-4255-8caf-4136c566a963',
      consultationId: null,
      paymentId: '3b241101-e2bb-4255-8caf-4136c566a964',
      createdAt: issuedAt,
    },
    record: {
      id: '3b241101-e2bb-4255-8caf-4136c566a965',
      issuerNif: issuer.nif,
      position: 42,
      kind: 'alta',
      invoiceId: '3b241101-e2bb-4255-8caf-4136c566a962',
      issuerName: issuer.name,
      numSerie,
      issueDate: '25-11-2026',
      invoiceType: type,
      cuotaTotal: recordAmount(amounts.vatCents),
      importeTotal: recordAmount(amounts.baseCents + amounts.vatCents),
      previousHuella: 'F7B94CFD8924EDFF273501B01EE5153E4CE8F259766F88CF6ACB8935802A2B97',
      huella: '3C464DAF61ACB827C65FDA19F352A4E3BDC2C640E9E9FC4CC058073F38F12F60',
      generatedAt: '2026-11-25T11:30:02+01:00',
      submission: 'ACEPTADO',
      submissionCode: null,
      submissionMessage: null,
      submittedAt: null,
      submissionCsv: null,
      createdAt: issuedAt,
    },
  };
}

const urlOf = (row: InvoiceWithAlta) =>
  qrUrl(QR_BASE, {
    nif: row.record.issuerNif,
    numSerie: row.record.numSerie,
    issueDate: row.record.issueDate,
    importeTotal: row.record.importeTotal,
  });

/** Where the rendered pages go for a person to look at (unset: nowhere). */
const PNG_DIR = process.env.INVOICE_PNG_DIR;

describe.skipIf(!hasPoppler)('the invoice PDF (read back with poppler)', () => {
  const DPI = 200;

  for (const [label, row] of [
    ['simplified invoice of the lawyer to a consumer', invoiceRow('service')],
    ['complete invoice of the lawyer to a business, with IRPF', invoiceRow('service', { business: true })],
    ["platform's fee invoice to the lawyer", invoiceRow('fee')],
  ] as const) {
    it(`${label}: the QR read back is the record's AEAT address, 30–40 mm wide`, async () => {
      const pdf = await renderInvoice(row, urlOf(row), PLATFORM);
      const page = pdfPage(
        pdf,
        DPI,
        PNG_DIR
          ? `${PNG_DIR}/${row.invoice.type}-${row.invoice.kind}${row.invoice.irpfCents ? '-irpf' : ''}.png`
          : undefined,
      );
      const code = jsQR(page.data, page.width, page.height);
      expect(code?.data).toBe(urlOf(row));
      const { topLeftCorner, topRightCorner } = code?.location ?? {};
      const sideMm = (((topRightCorner?.x ?? 0) - (topLeftCorner?.x ?? 0)) / DPI) * 25.4;
      expect(sideMm).toBeGreaterThanOrEqual(30);
      expect(sideMm).toBeLessThanOrEqual(40);
    });
  }

  it('prints every field the regulation asks for, the legend and the third-party mention', async () => {
    const row = invoiceRow('service', { business: true });
    const text = (await pdfText(await renderInvoice(row, urlOf(row), PLATFORM))).replace(/\s+/g, ' ');
    for (const expected of [
      'Factura',
      'A2026-000042',
      'A2026',
      '25/11/2026',
      'Lucía García Pérez',
      'NIF: 12345678Z',
      'Calle Mayor, 1, 28013 Madrid (Madrid)',
      'Talleres Pérez, S.L.',
      'NIF: B12345674',
      'Avenida de la Libertad, 7, 30009 Murcia (Murcia)',
      'Servicios jurídicos del caso #AB12CD34',
      'Base imponible 275,48 €',
      'IVA (21 %) 57,85 €',
      'Retención de IRPF (15 %) \u221241,32 €',
      'Total a pagar 292,01 €',
      'Facturación por tercero',
      'VERI*FACTU',
      '3C464DAF61ACB827C65FDA19F352A4E3BDC2C640E9E9FC4CC058073F38F12F60',
    ]) {
      expect(text).toContain(expected);
    }
    const fee = invoiceRow('fee');
    const feeText = (await pdfText(await renderInvoice(fee, urlOf(fee), PLATFORM))).replace(/\s+/g, ' ');
    expect(feeText).toContain('L4L Plataforma Legal, S.L.');
    expect(feeText).toContain('IVA (21 %) 7,00 €');
    expect(feeText).not.toContain('Facturación por tercero');
  });

  it('a rectifying invoice prints its negative amounts with a real minus sign', async () => {
    const original = invoiceRow('service', { business: true });
    const negate = (cents: number) => -cents;
    const i = original.invoice;
    const row: InvoiceWithAlta = {
      invoice: {
        ...i,
        kind: 'rectifying',
        type: 'R1',
        series: 'R2026',
        numSerie: 'R2026-000001',
        lines: [{ description: 'Rectificación de la factura A2026-000042', baseCents: negate(i.baseCents) }],
        baseCents: negate(i.baseCents),
        vatCents: negate(i.vatCents),
        irpfCents: negate(i.irpfCents),
        totalCents: negate(i.totalCents),
        rectifiesId: i.id,
      },
      record: {
        ...original.record,
        numSerie: 'R2026-000001',
        invoiceType: 'R1',
        cuotaTotal: recordAmount(negate(i.vatCents)),
        importeTotal: recordAmount(negate(i.baseCents + i.vatCents)),
      },
    };
    const pdf = await renderInvoice(row, urlOf(row), PLATFORM);
    const page = pdfPage(pdf, 200, PNG_DIR ? `${PNG_DIR}/R1-rectifying.png` : undefined);
    expect(jsQR(page.data, page.width, page.height)?.data).toBe(urlOf(row));
    expect(urlOf(row)).toContain('importe=-333.33');
    const text = pdfText(pdf).replace(/\s+/g, ' ');
    expect(text).toContain('Factura rectificativa');
    expect(text).toContain('Base imponible \u2212275,48 €');
    expect(text).toContain('IVA (21 %) \u221257,85 €');
    expect(text).toContain('Retención de IRPF (15 %) 41,32 €');
    expect(text).toContain('Total a pagar \u2212292,01 €');
    // no hyphen-minus before an amount (a hyphen is the series and number's separator)
    expect(text).not.toMatch(/(^|\s)-\d/);
  });

  it('embeds every font it uses', async () => {
    const row = invoiceRow('service');
    const fonts = pdfFonts(await renderInvoice(row, urlOf(row), PLATFORM));
    expect(fonts.length).toBeGreaterThan(0);
    expect(fonts.every((font) => font.embedded)).toBe(true);
  });
});
