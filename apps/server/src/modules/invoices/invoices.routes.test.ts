import { es } from '@l4l/shared/texts/es';
import { invoicesEs } from '@l4l/shared/texts/invoices';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import { bearer, createAdmin, createLawyer, createUser, signIn } from '../../../test/factories.ts';
import { postgresPass } from '../../../test/passes.ts';
import { schemaErrors, validatesXml } from '../../../test/xsd.ts';
import { oneProcessAtATime } from '../../db/one-at-a-time.ts';
import { invoices, payments, verifactuRecords } from '../../db/schema/index.ts';
import { withTransaction } from '../../lib/transaction.ts';
import { createInvoicesService } from './invoices.service.ts';
import { checkChain } from './verifactu.ts';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>;
type Person = { id: string; headers: { authorization: string } };

const address = { street: 'Calle Mayor, 1, 2.º B', postalCode: '28013', city: 'Madrid', province: 'Madrid' };

/**
 * Invoices issued with a payment's completion (docs/invoices.md): fiscal profiles, the two invoices of a
 * payment, numbering without gaps under concurrent payments, the record chain and its check, the book.
 */
describe('invoices', () => {
  let t: TestApp;
  let consumer: Person;
  let business: Person;
  let lawyer: Person;
  let stranger: Person;
  let admin: Person;
  /** the consumer's first invoice */
  let serviceId: string;

  async function person(kind: 'client' | 'lawyer' | 'admin'): Promise<Person> {
    const user =
      kind === 'client'
        ? await createUser(t.app)
        : kind === 'lawyer'
          ? await createLawyer(t.app)
          : await createAdmin(t.app);
    return { id: user.id, headers: bearer(await signIn(t.app, user)) };
  }

  /** A published case of `client` with a proposal of `lawyer` at `price` euros: answers the proposal's id. */
  async function proposalOf(client: Person, price: number, by: Person = lawyer): Promise<string> {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/cases/new-case',
      headers: client.headers,
      payload: { title: 'Reclamación de una fianza', description: 'El casero no devuelve la fianza.' },
    });
    const caseId = created.json().data.id as string;
    await t.app.inject({
      method: 'POST',
      url: `/api/admin/cases/${caseId}/approve`,
      headers: admin.headers,
      payload: { category: 'Abogado Civil' },
    });
    const proposal = await t.app.inject({
      method: 'POST',
      url: `/api/proposal/create-proposal-to-case/${caseId}`,
      headers: by.headers,
      payload: { price, message: 'Me encargo yo.' },
    });
    return proposal.json().data.id as string;
  }

  /** The same, accepted by the client: answers its checkout session. */
  async function checkout(client: Person, price: number, by: Person = lawyer): Promise<string> {
    const accepted = await t.app.inject({
      method: 'POST',
      url: `/api/proposal/accept-proposal/${await proposalOf(client, price, by)}`,
      headers: client.headers,
    });
    return new URL(accepted.json().data).pathname.split('/').pop() as string;
  }

  const pay = (sessionId: string) => t.app.payments.complete({ provider: 'sandbox', sessionId });

  beforeAll(async () => {
    // The 50 payments of one lawyer below commit one after another (the lawyer's row and the invoice series
    // are locked in turn), and on PostgreSQL the last of them wait for a pooled connection meanwhile: on a
    // busy machine longer than the production default of 5 s, which would end them. What is tested here is
    // the numbering, so the wait is allowed a minute.
    t = await buildTestApp({}, { DB_CONNECT_TIMEOUT_MS: '60000' });
    consumer = await person('client');
    business = await person('client');
    lawyer = await person('lawyer');
    stranger = await person('client');
    admin = await person('admin');
  });
  afterAll(async () => t.close());

  describe('fiscal profiles', () => {
    it('answers null before any, stores a checked NIF and gives it back', async () => {
      const before = await t.app.inject({
        method: 'GET',
        url: '/api/billing/fiscal-profile',
        headers: business.headers,
      });
      expect(before.json()).toEqual({ data: null });
      const saved = await t.app.inject({
        method: 'PUT',
        url: '/api/billing/fiscal-profile',
        headers: business.headers,
        payload: { nif: 'b-12345674', name: 'Talleres Pérez, S.L.', address, isBusiness: true },
      });
      expect(saved.statusCode).toBe(200);
      expect(saved.json().data).toEqual({
        nif: 'B12345674',
        name: 'Talleres Pérez, S.L.',
        address,
        isBusiness: true,
      });
      const after = await t.app.inject({
        method: 'GET',
        url: '/api/billing/fiscal-profile',
        headers: business.headers,
      });
      expect(after.json().data.nif).toBe('B12345674');
    });

    it('gives lawyers their IRPF rate and invoicing consent', async () => {
      const saved = await t.app.inject({
        method: 'PUT',
        url: '/api/billing/fiscal-profile',
        headers: lawyer.headers,
        payload: {
          nif: '12345678Z',
          name: 'Lucía García Pérez',
          address,
          isBusiness: false,
          irpfRate: 15,
          invoicingConsent: true,
        },
      });
      expect(saved.statusCode).toBe(200);
      expect(saved.json().data).toMatchObject({ nif: '12345678Z', irpfRate: 15, invoicingConsent: true });
    });

    it('refuses a wrong control character with a message naming it (400 with fields)', async () => {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/billing/fiscal-profile',
        headers: consumer.headers,
        payload: { nif: '12345678A', name: 'Ana', address, isBusiness: false },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({
        code: 'VALIDATION_ERROR',
        fields: { nif: 'La letra del NIF no corresponde a sus cifras: revisa la letra y los números.' },
      });
      const cif = await t.app.inject({
        method: 'PUT',
        url: '/api/billing/fiscal-profile',
        headers: consumer.headers,
        payload: {
          nif: 'B12345675',
          name: 'Ana',
          address: { ...address, postalCode: '99000' },
          isBusiness: false,
        },
      });
      expect(cif.statusCode).toBe(400);
      expect(Object.keys(cif.json().error.fields).sort()).toEqual(['address.postalCode', 'nif']);
    });

    it('refuses an IRPF rate from a client', async () => {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/billing/fiscal-profile',
        headers: stranger.headers,
        payload: { nif: '00000000T', name: 'Otro', address, isBusiness: false, irpfRate: 15 },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toHaveProperty('irpfRate');
    });
  });

  describe('issued with the payment', () => {
    it('a consumer without NIF gets a simplified F2 from the lawyer; the lawyer an F1 for the fee', async () => {
      const session = await checkout(consumer, 121);
      expect((await pay(session)).status).toBe('completed');
      const mine = await t.app.inject({ method: 'GET', url: '/api/invoices', headers: consumer.headers });
      expect(mine.statusCode).toBe(200);
      expect(mine.json().meta).toEqual({ total: 1, page: 1, pageSize: 20 });
      const service = mine.json().data[0];
      serviceId = service.id;
      const year = new Date().getFullYear();
      expect(service).toMatchObject({
        series: `A${year}`,
        number: 1,
        type: 'F2',
        issuer: { nif: '12345678Z', name: 'Lucía García Pérez' },
        recipient: { name: expect.any(String) },
        lines: [{ description: expect.stringContaining('Servicios jurídicos del caso #'), base: 100 }],
        base: 100,
        vatRate: 21,
        vat: 21,
        irpfRate: 0,
        irpf: 0,
        total: 121,
      });
      expect(service.recipient.nif).toBeUndefined();
      expect(service.verifactu.huella).toMatch(/^[0-9A-F]{64}$/);
      expect(service.verifactu.generatedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/);
      const day = service.verifactu.generatedAt.slice(0, 10).split('-').reverse().join('-');
      expect(service.verifactu.qrUrl).toBe(
        `https://prewww2.aeat.es/wlpl/TIKE-CONT/ValidarQR?nif=12345678Z&numserie=A${year}-000001&fecha=${day}&importe=121.00`,
      );

      const lawyers = await t.app.inject({ method: 'GET', url: '/api/invoices', headers: lawyer.headers });
      const kinds = lawyers
        .json()
        .data.map((i: { series: string }) => i.series)
        .sort();
      expect(kinds).toEqual([`A${year}`, `C${year}`]);
      const fee = lawyers.json().data.find((i: { series: string }) => i.series === `C${year}`);
      // PLATFORM_FEE_PERCENT 10 % of 121 € = 12,10 €, plus 21 % IVA = 2,54 € (2,541)
      expect(fee).toMatchObject({
        type: 'F1',
        number: 1,
        issuer: { nif: 'B19874361', name: 'L4L Plataforma Legal, S.L.' },
        recipient: { nif: '12345678Z', name: 'Lucía García Pérez' },
        base: 12.1,
        vat: 2.54,
        total: 14.64,
      });
    });

    it('a business client gets an F1 with its NIF and the IRPF withheld', async () => {
      const session = await checkout(business, 33.33);
      await pay(session);
      const [invoice] = (
        await t.app.inject({ method: 'GET', url: '/api/invoices', headers: business.headers })
      ).json().data;
      expect(invoice).toMatchObject({
        type: 'F1',
        number: 2,
        recipient: { nif: 'B12345674', name: 'Talleres Pérez, S.L.' },
        base: 27.55,
        vat: 5.78,
        irpfRate: 15,
        irpf: 4.13,
        total: 29.2,
      });
    });

    it('gives the PDF to the issuer, the recipient and an admin; 404 to anyone else', async () => {
      for (const who of [consumer, lawyer, admin]) {
        const res = await t.app.inject({
          method: 'GET',
          url: `/api/invoices/${serviceId}/pdf`,
          headers: who.headers,
        });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('application/pdf');
        expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      }
      const other = await t.app.inject({
        method: 'GET',
        url: `/api/invoices/${serviceId}/pdf`,
        headers: stranger.headers,
      });
      expect(other.statusCode).toBe(404);
      const anonymous = await t.app.inject({ method: 'GET', url: `/api/invoices/${serviceId}/pdf` });
      expect(anonymous.statusCode).toBe(401);
    });

    it('above 400 € the checkout waits for the client’s fiscal data (409 naming what to do)', async () => {
      const newcomer = await person('client');
      const refused = await t.app.inject({
        method: 'POST',
        url: `/api/proposal/accept-proposal/${await proposalOf(newcomer, 400.01)}`,
        headers: newcomer.headers,
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toEqual({
        code: 'CONFLICT',
        message: invoicesEs.fiscalProfile.neededToPay,
      });
      // at 400 € a simplified invoice will do
      const atLimit = await t.app.inject({
        method: 'POST',
        url: `/api/proposal/accept-proposal/${await proposalOf(newcomer, 400)}`,
        headers: newcomer.headers,
      });
      expect(atLimit.statusCode).toBe(200);
    });

    it('a repeated completion issues nothing more', async () => {
      const before = await t.app.db.select({ n: sql<number>`count(*)::int` }).from(invoices);
      const [payment] = await t.app.db
        .select()
        .from(payments)
        .where(eq(payments.status, 'COMPLETADO'))
        .limit(1);
      await pay(payment?.providerSessionId ?? '');
      const after = await t.app.db.select({ n: sql<number>`count(*)::int` }).from(invoices);
      expect(after[0]?.n).toBe(before[0]?.n);
    });
  });

  describe('under concurrent payments', () => {
    it('50 payments of one lawyer give 50 invoices numbered without gaps or repeats and chains that verify', async () => {
      const clients = await Promise.all(Array.from({ length: 5 }, () => person('client')));
      const sessions: string[] = [];
      for (let i = 0; i < 50; i++) sessions.push(await checkout(clients[i % 5] as Person, 50 + i));
      const results = await Promise.all(sessions.map(pay));
      expect(results.every((r) => r.status === 'completed')).toBe(true);

      const year = String(new Date().getFullYear());
      for (const [issuerNif, series] of [
        ['12345678Z', `A${year}`],
        ['B19874361', `C${year}`],
      ] as const) {
        const numbers = (
          await t.app.db
            .select({ number: invoices.number })
            .from(invoices)
            .where(and(eq(invoices.issuerNif, issuerNif), eq(invoices.series, series)))
            .orderBy(asc(invoices.number))
        ).map((r) => r.number);
        // two paid before this test
        expect(numbers).toEqual(Array.from({ length: 52 }, (_, i) => i + 1));
        const chain = await t.app.db
          .select()
          .from(verifactuRecords)
          .where(eq(verifactuRecords.issuerNif, issuerNif))
          .orderBy(asc(verifactuRecords.position));
        expect(chain).toHaveLength(52);
        expect(checkChain(chain)).toEqual({ ok: true, records: 52 });
      }
      expect(await t.app.invoices.checkChains()).toEqual([
        { issuerNif: '12345678Z', ok: true, records: 52 },
        { issuerNif: 'B19874361', ok: true, records: 52 },
      ]);
      // 50 payments, their invoices and their chains: more than the default 30 s on a busy machine
    }, 120_000);

    it('tampering with any stored field of a record makes the chain check fail', async () => {
      const [target] = await t.app.db
        .select()
        .from(verifactuRecords)
        .where(and(eq(verifactuRecords.issuerNif, '12345678Z'), eq(verifactuRecords.position, 10)));
      if (!target) throw new Error('record 10 not found');
      const changes: Partial<typeof verifactuRecords.$inferInsert>[] = [
        { numSerie: `${target.numSerie}X` },
        { issueDate: '01-01-2020' },
        { invoiceType: 'F1' === target.invoiceType ? 'F2' : 'F1' },
        { cuotaTotal: '0.01' },
        { importeTotal: '9999.99' },
        { previousHuella: target.huella },
        { huella: target.previousHuella },
        { generatedAt: '2020-01-01T00:00:00+01:00' },
        { position: 1000 },
      ];
      for (const change of changes) {
        await t.app.db.update(verifactuRecords).set(change).where(eq(verifactuRecords.id, target.id));
        const [result] = await t.app.invoices.checkChains('12345678Z');
        expect(result, JSON.stringify(change)).toMatchObject({ ok: false });
        await t.app.db.update(verifactuRecords).set(target).where(eq(verifactuRecords.id, target.id));
      }
      expect((await t.app.invoices.checkChains('12345678Z'))[0]).toMatchObject({ ok: true });
    });
  });

  describe('administration', () => {
    it('exports the book of issued invoices as CSV', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/admin/invoices?format=csv',
        headers: admin.headers,
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      // the Spanish dialect by default (lib/csv.ts): a BOM, `;` between cells
      expect(res.body.startsWith('\uFEFF')).toBe(true);
      const lines = res.body.slice(1).trim().split('\r\n');
      expect(lines).toHaveLength(1 + 104);
      expect(lines[0]?.split(';')[0]).toBe('NumSerieFactura');
      expect(lines[1]?.split(';')).toContain('12345678Z');
      const refused = await t.app.inject({
        method: 'GET',
        url: '/api/admin/invoices?format=csv',
        headers: lawyer.headers,
      });
      expect(refused.statusCode).toBe(403);
    });

    it('lists the records of an issuer in chain order, as JSON and as AEAT XML', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/admin/verifactu/records?issuerNif=12345678Z',
        headers: admin.headers,
      });
      expect(res.statusCode).toBe(200);
      const { records } = res.json().data;
      expect(records).toHaveLength(52);
      expect(records[0]).toMatchObject({ kind: 'alta', IDEmisorFactura: '12345678Z', HuellaAnterior: '' });
      expect(records[1].HuellaAnterior).toBe(records[0].Huella);
      const xml = await t.app.inject({
        method: 'GET',
        url: '/api/admin/verifactu/records?issuerNif=12345678Z&format=xml',
        headers: admin.headers,
      });
      expect(xml.headers['content-type']).toBe('application/xml; charset=utf-8');
      expect(xml.body.match(/<sum1:RegistroAlta>/g)).toHaveLength(52);
      expect(xml.body).toContain('<sum1:PrimerRegistro>S</sum1:PrimerRegistro>');
      expect(xml.body).toContain(`<sum1:Huella>${records[0].Huella}</sum1:Huella></sum1:RegistroAnterior>`);
      expect(xml.body).toContain(
        '<sum1:EmitidaPorTerceroODestinatario>T</sum1:EmitidaPorTerceroODestinatario>',
      );
      // the lawyer's records name the platform twice: the third party that issues, and the producer of the system
      const { nif, name } = t.config.platform;
      expect(xml.body.match(/<sum1:Tercero>[\s\S]*?<\/sum1:Tercero>/)?.[0]).toContain(
        `<sum1:NIF>${nif}</sum1:NIF>`,
      );
      const systems = xml.body.match(/<sum1:SistemaInformatico>[\s\S]*?<\/sum1:SistemaInformatico>/g) ?? [];
      expect(systems).toHaveLength(52);
      for (const system of systems) {
        expect(system).toContain(`<sum1:NombreRazon>${name}</sum1:NombreRazon><sum1:NIF>${nif}</sum1:NIF>`);
      }
      if (validatesXml) expect(schemaErrors('export', xml.body)).toEqual([]);
    });
  });

  describe('rectifying and cancelling', () => {
    it('a refund gives each invoice of the payment its R1 with the amounts negated, chained, once', async () => {
      const session = await checkout(business, 242);
      await pay(session);
      const [payment] = await t.app.db.select().from(payments).where(eq(payments.providerSessionId, session));
      const paymentId = payment?.id ?? '';
      const issued = await withTransaction(t.app.db, (tx) => t.app.invoices.rectifyPayment(tx, paymentId));
      expect(issued).toHaveLength(2);
      const again = await withTransaction(t.app.db, (tx) => t.app.invoices.rectifyPayment(tx, paymentId));
      expect(again).toEqual([]);

      const year = new Date().getFullYear();
      const [service] = (
        await t.app.inject({ method: 'GET', url: '/api/invoices', headers: business.headers })
      )
        .json()
        .data.filter((i: { type: string }) => i.type === 'R1');
      expect(service).toMatchObject({
        series: `R${year}`,
        number: 1,
        issuer: { nif: '12345678Z' },
        recipient: { nif: 'B12345674' },
        base: -200,
        vat: -42,
        irpf: -30,
        total: -212,
        rectifies: expect.any(String),
      });
      expect(service.lines[0].description).toContain(`Rectificación de la factura A${year}-`);
      expect(service.verifactu.qrUrl).toContain('importe=-242.00');
      const pdf = await t.app.inject({
        method: 'GET',
        url: `/api/invoices/${service.id}/pdf`,
        headers: business.headers,
      });
      expect(pdf.statusCode).toBe(200);
      for (const result of await t.app.invoices.checkChains()) expect(result).toMatchObject({ ok: true });
      const xml = await t.app.inject({
        method: 'GET',
        url: '/api/admin/verifactu/records?issuerNif=12345678Z&format=xml',
        headers: admin.headers,
      });
      // by difference, naming the invoice it rectifies (the AEAT requires TipoRectificativa on an R1)
      expect(xml.body).toContain(
        `<sum1:TipoFactura>R1</sum1:TipoFactura><sum1:TipoRectificativa>I</sum1:TipoRectificativa><sum1:FacturasRectificadas><sum1:IDFacturaRectificada><sum1:IDEmisorFactura>12345678Z</sum1:IDEmisorFactura><sum1:NumSerieFactura>A${year}-`,
      );
      if (validatesXml) expect(schemaErrors('export', xml.body)).toEqual([]);
    });

    it('an anulación is chained after the issuer’s last record and the chain still verifies', async () => {
      const [target] = await t.app.db
        .select()
        .from(invoices)
        .where(and(eq(invoices.issuerNif, 'B19874361'), eq(invoices.number, 3)));
      await withTransaction(t.app.db, (tx) => t.app.invoices.annul(tx, target?.id ?? ''));
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/admin/verifactu/records?issuerNif=B19874361',
        headers: admin.headers,
      });
      const { records } = res.json().data;
      const last = records[records.length - 1];
      expect(last).toMatchObject({
        kind: 'anulacion',
        NumSerieFactura: target?.numSerie,
        HuellaAnterior: records[records.length - 2].Huella,
      });
      expect((await t.app.invoices.checkChains('B19874361'))[0]).toMatchObject({ ok: true });
      const xml = await t.app.inject({
        method: 'GET',
        url: '/api/admin/verifactu/records?issuerNif=B19874361&format=xml',
        headers: admin.headers,
      });
      expect(xml.body).toContain(
        `<sum1:NumSerieFacturaAnulada>${target?.numSerie}</sum1:NumSerieFacturaAnulada>`,
      );
      if (validatesXml) expect(schemaErrors('export', xml.body)).toEqual([]);
    });

    it.skipIf(!validatesXml)(
      'exports every record of every issuer as XML the AEAT’s schema accepts',
      async () => {
        const xml = await t.app.inject({
          method: 'GET',
          url: '/api/admin/verifactu/records?format=xml',
          headers: admin.headers,
        });
        for (const kind of ['RegistroAlta', 'RegistroAnulacion', 'TipoRectificativa']) {
          expect(xml.body).toContain(`<sum1:${kind}>`);
        }
        expect(schemaErrors('export', xml.body)).toEqual([]);
        // and the schema is strict: a record without its fields is rejected
        const broken = xml.body.replace(/<sum1:IDVersion>1.0<\/sum1:IDVersion>/, '');
        expect(schemaErrors('export', broken).join(' ')).toContain('IDVersion');
      },
    );
  });

  describe('submission', () => {
    it('every record was sent to the sandbox submitter after its commit and accepted', async () => {
      const pending = await t.app.db
        .select({ id: verifactuRecords.id })
        .from(verifactuRecords)
        .where(eq(verifactuRecords.submission, 'PENDIENTE'));
      // the anulación and the rectifying records were written outside a payment: the next call sends them
      expect(await t.app.invoices.submitPending()).toBe(pending.length);
      const states = await t.app.db.select({ s: verifactuRecords.submission }).from(verifactuRecords);
      expect(new Set(states.map((r) => r.s))).toEqual(new Set(['ACEPTADO']));
    });

    it('a failing submitter leaves the records pending, and the next attempt sends them', async () => {
      let up = false;
      const flaky = createInvoicesService({
        db: t.app.db,
        config: t.config,
        log: t.app.log,
        submitter: {
          name: 'sandbox',
          async submit(records) {
            if (!up) throw new Error('AEAT no disponible');
            return new Map(records.map((r) => [r.record.id, { status: 'ACEPTADO' as const }]));
          },
        },
      });
      await withTransaction(t.app.db, (tx) => flaky.annul(tx, serviceId));
      expect(await flaky.submitPending()).toBe(0);
      const [waiting] = await t.app.db
        .select({ s: verifactuRecords.submission })
        .from(verifactuRecords)
        .where(and(eq(verifactuRecords.invoiceId, serviceId), eq(verifactuRecords.kind, 'anulacion')));
      expect(waiting?.s).toBe('PENDIENTE');
      up = true;
      expect(await flaky.submitPending()).toBe(1);
      expect(await flaky.submitPending()).toBe(0);
    });
  });

  describe('submission from several processes', () => {
    it.skipIf(!postgresPass())(
      'two processes on one PostgreSQL send each pending record once, one submission after the other',
      async () => {
        const sent = new Map<string, number>();
        let sending = 0;
        let overlapped = false;
        // each "process": its own service and its own section connection, as two server processes have
        const sections = [1, 2].map(() =>
          oneProcessAtATime(t.app.database.statements, 'verifactuSubmission'),
        );
        const services = sections.map((section) =>
          createInvoicesService({
            db: t.app.db,
            config: t.config,
            log: t.app.log,
            exclusive: (work) => section.run(work),
            submitter: {
              name: 'sandbox',
              async submit(records) {
                sending += 1;
                overlapped ||= sending > 1;
                await new Promise((resolve) => setTimeout(resolve, 50));
                for (const { record } of records) sent.set(record.id, (sent.get(record.id) ?? 0) + 1);
                sending -= 1;
                return new Map(records.map((r) => [r.record.id, { status: 'ACEPTADO' as const }]));
              },
            },
          }),
        );
        try {
          const again = await t.app.db
            .update(verifactuRecords)
            .set({ submission: 'PENDIENTE' })
            .returning({ id: verifactuRecords.id });
          // the payments above wrote them (without the section, each was sent twice here)
          expect(again.length).toBeGreaterThan(100);
          const accepted = await Promise.all(services.map((service) => service.submitPending()));
          expect(accepted.reduce((sum, n) => sum + n, 0)).toBe(again.length);
          expect([...sent.values()].every((times) => times === 1)).toBe(true);
          expect(sent.size).toBe(again.length);
          expect(overlapped).toBe(false);
        } finally {
          for (const section of sections) await section.close();
        }
      },
    );
  });

  // runs last: the numbering and chain counts above do not include these payments
  describe('IRPF withheld by a business client', () => {
    it('charges a business client the price less the IRPF it withholds, and the invoice says so', async () => {
      const session = await checkout(business, 1210);
      const page = await t.app.inject({
        method: 'GET',
        url: `/payment/sandbox/${session}`,
        headers: business.headers,
      });
      // the sandbox checkout shows what the card pays and what the client withholds
      expect(page.body).toContain(`${es.payment.sandboxWithheld} (15 %)`);
      await pay(session);
      const [payment] = await t.app.db.select().from(payments).where(eq(payments.providerSessionId, session));
      // base 1000 €, IVA 210 €, IRPF 15 % of the base 150 €: the card pays 1060 €; the fee is 10 % of the price
      expect(payment).toMatchObject({
        amountCents: 106_000,
        withheldCents: 15_000,
        irpfRate: 15,
        feeCents: 12_100,
      });
      const [invoice] = (
        await t.app.inject({ method: 'GET', url: '/api/invoices', headers: business.headers })
      ).json().data;
      expect(invoice).toMatchObject({ base: 1000, vat: 210, irpfRate: 15, irpf: 150, total: 1060 });
    });

    it('withholds 7 % for a lawyer in the first years, nothing for a law firm nor for a private client', async () => {
      const newcomer = await person('lawyer');
      const firm = await person('lawyer');
      const profile = (nif: string, irpfRate: 15 | 7, name: string) => ({
        nif,
        name,
        address,
        isBusiness: nif.startsWith('B'),
        irpfRate,
        invoicingConsent: true,
      });
      for (const [who, payload] of [
        [newcomer, profile('X1234567L', 7, 'Nuevo Letrado')],
        [firm, profile('B12345674', 15, 'Bufete Pérez, S.L.P.')],
      ] as const) {
        const saved = await t.app.inject({
          method: 'PUT',
          url: '/api/billing/fiscal-profile',
          headers: who.headers,
          payload,
        });
        expect(saved.statusCode, saved.body).toBe(200);
      }
      const charged = async (client: Person, by: Person) => {
        const session = await checkout(client, 121, by);
        await pay(session);
        const [row] = await t.app.db.select().from(payments).where(eq(payments.providerSessionId, session));
        return (
          row && { amountCents: row.amountCents, withheldCents: row.withheldCents, irpfRate: row.irpfRate }
        );
      };
      // 7 % of the 100 € base
      expect(await charged(business, newcomer)).toEqual({
        amountCents: 11_400,
        withheldCents: 700,
        irpfRate: 7,
      });
      // a company pays corporate tax: nothing is withheld from its invoices
      expect(await charged(business, firm)).toEqual({ amountCents: 12_100, withheldCents: 0, irpfRate: 0 });
      // a private person withholds nothing
      expect(await charged(consumer, newcomer)).toEqual({
        amountCents: 12_100,
        withheldCents: 0,
        irpfRate: 0,
      });
      const newcomers = (
        await t.app.inject({ method: 'GET', url: '/api/invoices', headers: newcomer.headers })
      ).json().data as Array<{ irpfRate: number; irpf: number; total: number; recipient: { nif?: string } }>;
      expect(newcomers.find((i) => i.recipient.nif === 'B12345674')).toMatchObject({
        irpfRate: 7,
        irpf: 7,
        total: 114,
      });
    });
  });
});
