import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AeatStandIn, startAeatStandIn } from '../../../test/aeat-stand-in.ts';
import { buildTestApp } from '../../../test/app.ts';
import { createFiscalProfile } from '../../../test/factories.ts';
import { moneyHelpers, type Person } from '../../../test/money.ts';
import { schemaErrors, soapBody, validatesXml } from '../../../test/xsd.ts';
import { invoices, verifactuRecords } from '../../db/schema/index.ts';
import { withTransaction } from '../../lib/transaction.ts';
import { AeatSubmissionError, createAeatSubmitter, parseAeatAnswer } from './aeat-submitter.ts';
import { createInvoicesService } from './invoices.service.ts';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

/**
 * The AEAT's VERI*FACTU web service as the submitter (docs/invoices.md, Submission), switched on by
 * VERIFACTU_ENDPOINT, against a local stand-in that checks what is sent and answers as the AEAT does.
 */
describe('VERI*FACTU submission to the AEAT', () => {
  let t: TestApp;
  let standIn: AeatStandIn;
  let admin: Person;
  let client: Person;
  let lawyer: Person;
  const h = moneyHelpers(() => t);

  const recordsOf = async (caseId: string) => {
    const ids = (
      await t.app.db.select({ id: invoices.id }).from(invoices).where(eq(invoices.caseId, caseId))
    ).map((row) => row.id);
    return t.app.db.select().from(verifactuRecords).where(inArray(verifactuRecords.invoiceId, ids));
  };
  /** A case paid: its two invoices are issued in the payment's transaction, submitted after the commit. */
  const paid = async (price: number) => (await h.paidCase(client, lawyer, admin, price)).caseId;
  /** Another invoices service on the same database with its own AEAT submitter (quick retries, a clock). */
  const submitterService = (options: { now?: () => number } = {}) =>
    createInvoicesService({
      db: t.app.db,
      config: t.config,
      log: t.app.log,
      submitter: createAeatSubmitter({
        endpoint: standIn.url,
        platform: t.config.platform,
        log: t.app.log,
        retryDelayMs: 1,
        ...options,
      }),
    });

  beforeAll(async () => {
    standIn = await startAeatStandIn();
    t = await buildTestApp({}, { VERIFACTU_ENDPOINT: standIn.url }, { money: { sweepIntervalMs: 0 } });
    admin = await h.person('admin');
    client = await h.person('client');
    lawyer = await h.person('lawyer');
    await createFiscalProfile(t.app, client.id, { nif: '00000001R', name: 'Cliente de prueba' });
    await createFiscalProfile(t.app, lawyer.id, {
      nif: '12345678Z',
      name: 'Lucía García Pérez',
      irpfRate: 15,
      invoicingConsent: true,
    });
  });
  afterAll(async () => {
    await t.close();
    await standIn.close();
  });

  it('sends each issuer its own submission after the payment and stores the AEAT’s answer per record', async () => {
    expect(t.config.verifactu?.endpoint).toBe(standIn.url);
    const caseId = await paid(121);
    await expect
      .poll(async () => (await recordsOf(caseId)).map((r) => r.submission))
      .toEqual(['ACEPTADO', 'ACEPTADO']);
    const sent = standIn.requests.filter((r) => r.lines.length > 0);
    // the lawyer's invoice goes in the lawyer's submission, the platform representing them; the fee in the platform's own
    expect(sent.map((r) => [r.issuerNif, r.representativeNif]).sort()).toEqual(
      [
        ['12345678Z', t.config.platform.nif],
        [t.config.platform.nif, null],
      ].sort(),
    );
    expect(sent.every((r) => r.lines.every((line) => line.state === 'Correcto'))).toBe(true);
    expect(sent[0]?.headers['content-type']).toBe('text/xml; charset=utf-8');
    for (const record of await recordsOf(caseId)) {
      const request = sent.find((r) => r.issuerNif === record.issuerNif);
      expect(record).toMatchObject({ submissionCsv: request?.csv, submissionCode: null });
      expect(record.submittedAt).toBeInstanceOf(Date);
    }
  });

  it('keeps "accepted with errors" with the AEAT’s code and description', async () => {
    standIn.acceptWithErrors((numSerie) => numSerie.startsWith('A'));
    const caseId = await paid(60);
    await expect
      .poll(async () => (await recordsOf(caseId)).map((r) => r.submission).sort())
      .toEqual(['ACEPTADO', 'ACEPTADO_CON_ERRORES']);
    standIn.acceptWithErrors(undefined);
    const withErrors = (await recordsOf(caseId)).find((r) => r.submission === 'ACEPTADO_CON_ERRORES');
    expect(withErrors).toMatchObject({ issuerNif: '12345678Z', submissionCode: '2004' });
    expect(withErrors?.submissionMessage).toContain('FechaHoraHusoGenRegistro');
  });

  it('tries again after a fault or an outage, and leaves the records pending when the AEAT stays down', async () => {
    const service = submitterService();
    const [invoice] = await t.app.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.issuerNif, '12345678Z'), eq(invoices.kind, 'service')));
    if (!invoice) throw new Error('no invoice');
    await withTransaction(t.app.db, (tx) => service.annul(tx, invoice.id));
    const before = standIn.requests.length;
    standIn.failNext(2, 'fault');
    expect(await service.submitPending()).toBe(1);
    // two faults, then the answer: three requests for one submission
    expect(standIn.requests.length - before).toBe(3);
    const [annulled] = await t.app.db
      .select()
      .from(verifactuRecords)
      .where(and(eq(verifactuRecords.invoiceId, invoice.id), eq(verifactuRecords.kind, 'anulacion')));
    expect(annulled?.submission).toBe('ACEPTADO');

    await withTransaction(t.app.db, (tx) => service.annul(tx, invoice.id));
    standIn.failNext(3, 'outage');
    expect(await service.submitPending()).toBe(0);
    const pending = await t.app.db
      .select()
      .from(verifactuRecords)
      .where(eq(verifactuRecords.submission, 'PENDIENTE'));
    expect(pending).toHaveLength(1);
    // the next round (the timer) sends it
    expect(await service.submitPending()).toBe(1);
  });

  it('records a refusal with its code, and a record sent twice as the accepted one it is', async () => {
    const service = submitterService();
    const caseId = await submitted();
    // a record whose stored date was damaged (the schema's shape, a day no calendar has): the AEAT
    // refuses it, naming the field
    const [record] = (await recordsOf(caseId)).filter((r) => r.issuerNif === '12345678Z');
    if (!record) throw new Error('no record');
    await t.app.db
      .update(verifactuRecords)
      .set({ submission: 'PENDIENTE', issueDate: '31-02-2026' })
      .where(eq(verifactuRecords.id, record.id));
    await service.submitPending();
    const [refused] = await t.app.db
      .select()
      .from(verifactuRecords)
      .where(eq(verifactuRecords.id, record.id));
    expect(refused).toMatchObject({ submission: 'RECHAZADO', submissionCode: '1100' });
    expect(refused?.submissionMessage).toContain('FechaExpedicionFactura');

    // the platform's record sent again (its answer was lost): registered already, so it stands
    const [fee] = (await recordsOf(caseId)).filter((r) => r.issuerNif !== '12345678Z');
    if (!fee) throw new Error('no fee record');
    await t.app.db
      .update(verifactuRecords)
      .set({ submission: 'PENDIENTE' })
      .where(eq(verifactuRecords.id, fee.id));
    expect(await service.submitPending()).toBe(1);
    const [again] = await t.app.db.select().from(verifactuRecords).where(eq(verifactuRecords.id, fee.id));
    expect(again).toMatchObject({ submission: 'ACEPTADO', submissionCode: '3000' });
  });

  it('waits the TiempoEsperaEnvio the AEAT asks before an issuer’s next submission', async () => {
    let clock = Date.now();
    const service = submitterService({ now: () => clock });
    const caseId = await submitted();
    const ids = (await recordsOf(caseId)).map((r) => r.id);
    const again = () =>
      t.app.db
        .update(verifactuRecords)
        .set({ submission: 'PENDIENTE' })
        .where(inArray(verifactuRecords.id, ids));
    standIn.setWait(60);
    await again();
    // sent (registered already: answered 3000, so accepted), and the AEAT asks for 60 s before the next
    expect(await service.submitPending()).toBe(2);
    await again();
    expect(await service.submitPending()).toBe(0);
    expect((await recordsOf(caseId)).map((r) => r.submission)).toEqual(['PENDIENTE', 'PENDIENTE']);
    clock += 61_000;
    expect(await service.submitPending()).toBe(2);
    standIn.setWait(0);
  });

  it.skipIf(!validatesXml)(
    'submits altas, rectifying altas and anulaciones the AEAT’s schema accepts, the platform as the system’s producer',
    async () => {
      const service = submitterService();
      const caseId = await submitted();
      const [payment] = await t.app.db
        .select({ id: invoices.paymentId })
        .from(invoices)
        .where(eq(invoices.caseId, caseId));
      await withTransaction(t.app.db, (tx) => service.rectifyPayment(tx, payment?.id ?? ''));
      expect(await service.submitPending()).toBe(2);
      const sent = standIn.requests.filter((r) => r.body.includes('RegFactuSistemaFacturacion'));
      const bodies = sent.map((r) => r.body).join('');
      for (const kind of ['RegistroAlta', 'RegistroAnulacion', 'TipoRectificativa']) {
        expect(bodies).toContain(`<sum1:${kind}>`);
      }
      // every submission of this file, as the stand-in received it, against SuministroLR.xsd
      for (const request of sent) {
        expect(request.schemaErrors).toEqual([]);
        expect(schemaErrors('submission', soapBody(request.body))).toEqual([]);
      }
      const lawyers = sent.filter((r) => r.issuerNif === '12345678Z');
      expect(lawyers.length).toBeGreaterThan(0);
      for (const request of lawyers) {
        expect(request.body).toContain(
          `<sum1:SistemaInformatico><sum1:NombreRazon>${t.config.platform.name}</sum1:NombreRazon><sum1:NIF>${t.config.platform.nif}</sum1:NIF>`,
        );
        expect(request.body).not.toMatch(
          /<sum1:SistemaInformatico><sum1:NombreRazon>[^<]*<\/sum1:NombreRazon><sum1:NIF>12345678Z</,
        );
      }
    },
  );

  it('reads a SOAP Fault as a failed submission', () => {
    expect(() =>
      parseAeatAnswer(
        '<env:Envelope xmlns:env="x"><env:Body><env:Fault><faultcode>env:Client</faultcode><faultstring>Codigo[4102].El XML no cumple el esquema.</faultstring></env:Fault></env:Body></env:Envelope>',
      ),
    ).toThrow(AeatSubmissionError);
  });

  /** A case paid, its records submitted by the app's own submitter. */
  async function submitted() {
    const caseId = await paid(30);
    await expect
      .poll(async () => (await recordsOf(caseId)).every((r) => r.submission !== 'PENDIENTE'))
      .toBe(true);
    return caseId;
  }
});
