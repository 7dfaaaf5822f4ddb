import { caseCode } from '@l4l/shared/constants/cases';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import { bearer, createAdmin, createLawyer, createUser, signIn } from '../../../test/factories.ts';
import { hasPoppler, pdfFonts, pdfText } from '../../../test/poppler.ts';
import { cases, payments, proposals } from '../../db/schema/index.ts';
import { receiptFacts } from './receipt-pdf.ts';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>;
type Person = Awaited<ReturnType<typeof createUser>> & { headers: { authorization: string } };

/**
 * GET /api/transaccion/getUserTransaccion/{id}, getLawyerTransaccion/{id} and (+) the receipt
 * /api/transaccion/receipt/{paymentId} (docs/api/http.md, Billing).
 */
describe('billing', () => {
  let t: TestApp;
  let client: Person;
  let otherClient: Person;
  let lawyer: Person;
  let otherLawyer: Person;
  let admin: { headers: { authorization: string } };
  let adminToken: string;
  /** payment ids in the order they were completed (oldest first) */
  const paid: { id: string; caseId: string; amountCents: number; feeCents: number }[] = [];
  let pendingPaymentId: string;
  let sandboxPayment: { id: string; caseId: string };

  async function person(kind: 'client' | 'lawyer', name: string, surname: string): Promise<Person> {
    const user =
      kind === 'client'
        ? await createUser(t.app, { name, surname })
        : await createLawyer(t.app, { name, surname });
    return { ...user, headers: bearer(await signIn(t.app, user)) };
  }

  /** A case paid to `payer`'s lawyer on a given day, written straight into the tables. */
  async function payment(values: {
    payer: Person;
    payee: Person;
    amountCents: number;
    feeCents: number;
    day: string;
    status?: 'COMPLETADO' | 'PENDIENTE' | 'CANCELADO';
  }) {
    const [row] = await t.app.db
      .insert(cases)
      .values({
        userId: values.payer.id,
        lawyerId: values.payee.id,
        title: `Caso pagado el ${values.day}`,
        description: 'Un caso con su pago.',
        status: 'ACTIVO',
        progressStep: 2,
      })
      .returning({ id: cases.id });
    if (!row) throw new Error('case not created');
    const [proposal] = await t.app.db
      .insert(proposals)
      .values({
        caseId: row.id,
        lawyerId: values.payee.id,
        priceCents: values.amountCents,
        message: 'Propuesta',
        status: 'PAGADA',
      })
      .returning({ id: proposals.id });
    if (!proposal) throw new Error('proposal not created');
    const status = values.status ?? 'COMPLETADO';
    const [written] = await t.app.db
      .insert(payments)
      .values({
        caseId: row.id,
        proposalId: proposal.id,
        userId: values.payer.id,
        lawyerId: values.payee.id,
        provider: 'sandbox',
        providerSessionId: `sbx_test_${row.id}`,
        amountCents: values.amountCents,
        feeCents: values.feeCents,
        status,
        createdAt: new Date(`${values.day}T09:00:00Z`),
        completedAt: status === 'COMPLETADO' ? new Date(`${values.day}T10:30:00Z`) : null,
      })
      .returning({ id: payments.id });
    if (!written) throw new Error('payment not created');
    return { id: written.id, caseId: row.id, amountCents: values.amountCents, feeCents: values.feeCents };
  }

  beforeAll(async () => {
    t = await buildTestApp();
    client = await person('client', 'Carmen', 'Cliente');
    otherClient = await person('client', 'Otra', 'Persona');
    lawyer = await person('lawyer', 'Lucía', 'García');
    otherLawyer = await person('lawyer', 'José', 'Núñez');
    adminToken = await signIn(t.app, await createAdmin(t.app));
    admin = { headers: bearer(adminToken) };

    paid.push(
      await payment({
        payer: client,
        payee: lawyer,
        amountCents: 30_000,
        feeCents: 3_000,
        day: '2024-01-15',
      }),
    );
    paid.push(
      await payment({
        payer: client,
        payee: otherLawyer,
        amountCents: 123_450,
        feeCents: 12_345,
        day: '2024-03-07',
      }),
    );
    // a fee that does not divide evenly: 10 % of 455,55 € is 45,555 €, recorded as 45,56 €
    paid.push(
      await payment({
        payer: client,
        payee: lawyer,
        amountCents: 45_555,
        feeCents: 4_556,
        day: '2024-05-20',
      }),
    );
    paid.push(
      await payment({
        payer: otherClient,
        payee: lawyer,
        amountCents: 10_000,
        feeCents: 1_000,
        day: '2024-04-01',
      }),
    );
    pendingPaymentId = (
      await payment({
        payer: client,
        payee: lawyer,
        amountCents: 99_900,
        feeCents: 9_990,
        day: '2024-06-01',
        status: 'PENDIENTE',
      })
    ).id;
    await payment({
      payer: client,
      payee: lawyer,
      amountCents: 77_700,
      feeCents: 7_770,
      day: '2024-06-02',
      status: 'CANCELADO',
    });

    // and one paid the way a person pays: accept a proposal, then 'Pagar' on the sandbox checkout
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/cases/new-case',
      headers: otherClient.headers,
      payload: { title: 'Despido improcedente', description: 'Me despidieron sin preaviso.' },
    });
    const caseId = created.json().data.id as string;
    await t.app.inject({
      method: 'POST',
      url: `/api/admin/cases/${caseId}/approve`,
      headers: bearer(adminToken),
      payload: { category: 'Abogado Laboral' },
    });
    const proposal = await t.app.inject({
      method: 'POST',
      url: `/api/proposal/create-proposal-to-case/${caseId}`,
      headers: otherLawyer.headers,
      payload: { price: 250.5, message: 'Lo llevo yo.' },
    });
    const accepted = await t.app.inject({
      method: 'POST',
      url: `/api/proposal/accept-proposal/${proposal.json().data.id}`,
      headers: otherClient.headers,
    });
    const sessionId = new URL(accepted.json().data).pathname.split('/').pop();
    const pay = await t.app.inject({
      method: 'POST',
      url: `/payment/sandbox/${sessionId}/pay`,
      headers: otherClient.headers,
    });
    expect(pay.statusCode).toBe(303);
    const [row] = await t.app.db.select().from(payments).where(eq(payments.caseId, caseId));
    if (!row) throw new Error('sandbox payment not recorded');
    sandboxPayment = { id: row.id, caseId };
  });
  afterAll(async () => t.close());

  it('gives a client what they paid, newest first, only completed payments, in the billing row shape', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/transaccion/getUserTransaccion/${client.id}`,
      headers: client.headers,
    });
    expect(res.statusCode).toBe(200);
    const { data, meta } = res.json();
    expect(meta).toEqual({ total: 3, page: 1, pageSize: 20 });
    const newestFirst = [paid[2], paid[1], paid[0]];
    expect(data).toEqual(
      newestFirst.map((p) => ({
        id: p?.id,
        fecha: expect.any(String),
        caseCode: caseCode(p?.caseId ?? ''),
        coinType: 'EUR',
        precioBruto: (p?.amountCents ?? 0) / 100,
        receiptUrl: `/api/transaccion/receipt/${p?.id}`,
      })),
    );
    expect(data[0].fecha).toBe('2024-05-20T10:30:00.000Z');
    expect(data.map((row: { precioBruto: number }) => row.precioBruto)).toEqual([455.55, 1234.5, 300]);
    expect(data.map((row: { id: string }) => row.id)).not.toContain(pendingPaymentId);
  });

  it('gives a lawyer what they earn: the amount less the recorded fee and its IVA', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/transaccion/getLawyerTransaccion/${lawyer.id}`,
      headers: lawyer.headers,
    });
    expect(res.statusCode).toBe(200);
    const { data, meta } = res.json();
    expect(meta.total).toBe(3);
    // 455,55 − (45,56 + 9,57 IVA); 100 − (10 + 2,10); 300 − (30 + 6,30) (newest first, across both clients):
    // docs/money.md, The fee and its IVA
    expect(data.map((row: { precioBruto: number }) => row.precioBruto)).toEqual([400.42, 87.9, 263.7]);
    expect(data.map((row: { id: string }) => row.id)).toEqual([paid[2]?.id, paid[3]?.id, paid[0]?.id]);
  });

  it('records a sandbox payment with the platform fee and shows it on both sides', async () => {
    const asClient = await t.app.inject({
      method: 'GET',
      url: `/api/transaccion/getUserTransaccion/${otherClient.id}`,
      headers: otherClient.headers,
    });
    const row = asClient.json().data.find((r: { id: string }) => r.id === sandboxPayment.id);
    expect(row).toMatchObject({
      precioBruto: 250.5,
      caseCode: caseCode(sandboxPayment.caseId),
      coinType: 'EUR',
    });
    const asLawyer = await t.app.inject({
      method: 'GET',
      url: `/api/transaccion/getLawyerTransaccion/${otherLawyer.id}`,
      headers: otherLawyer.headers,
    });
    // PLATFORM_FEE_PERCENT defaults to 10: 250,50 € less 25,05 € and its IVA, 5,26 €
    expect(asLawyer.json().data.find((r: { id: string }) => r.id === sandboxPayment.id)?.precioBruto).toBe(
      220.19,
    );
  });

  it('pages with meta', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/transaccion/getUserTransaccion/${client.id}?page=2&pageSize=2`,
      headers: client.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().meta).toEqual({ total: 3, page: 2, pageSize: 2 });
    expect(res.json().data.map((row: { id: string }) => row.id)).toEqual([paid[0]?.id]);
  });

  it("refuses another user's history (403) and answers an admin", async () => {
    for (const url of [
      `/api/transaccion/getUserTransaccion/${client.id}`,
      `/api/transaccion/getLawyerTransaccion/${lawyer.id}`,
    ]) {
      const stranger = await t.app.inject({ method: 'GET', url, headers: otherClient.headers });
      expect(stranger.statusCode).toBe(403);
      expect(stranger.json().error.code).toBe('FORBIDDEN');
      const asAdmin = await t.app.inject({ method: 'GET', url, headers: admin.headers });
      expect(asAdmin.statusCode).toBe(200);
      expect(asAdmin.json().meta.total).toBe(3);
    }
    const anonymous = await t.app.inject({
      method: 'GET',
      url: `/api/transaccion/getUserTransaccion/${client.id}`,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers an empty page to someone with no payments', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/transaccion/getLawyerTransaccion/${client.id}`,
      headers: client.headers,
    });
    expect(res.json()).toEqual({ data: [], meta: { total: 0, page: 1, pageSize: 20 } });
  });

  it('gives the client, the lawyer and an admin the receipt as a PDF', async () => {
    const target = paid[1];
    for (const who of [client, otherLawyer, admin]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/transaccion/receipt/${target?.id}`,
        headers: who.headers,
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="justificante-${caseCode(target?.caseId ?? '')}-${target?.id.slice(0, 8)}.pdf"`,
      );
      expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(res.rawPayload.subarray(-6).toString('latin1')).toContain('%%EOF');
      expect(res.rawPayload.length).toBeGreaterThan(1500);
    }
  });

  it('hides a receipt from strangers, and pending or unknown payments (404)', async () => {
    const stranger = await t.app.inject({
      method: 'GET',
      url: `/api/transaccion/receipt/${paid[1]?.id}`,
      headers: otherClient.headers,
    });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().error.code).toBe('NOT_FOUND');
    const otherLawyersPayment = await t.app.inject({
      method: 'GET',
      url: `/api/transaccion/receipt/${paid[0]?.id}`,
      headers: otherLawyer.headers,
    });
    expect(otherLawyersPayment.statusCode).toBe(404);
    const pending = await t.app.inject({
      method: 'GET',
      url: `/api/transaccion/receipt/${pendingPaymentId}`,
      headers: client.headers,
    });
    expect(pending.statusCode).toBe(404);
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/transaccion/receipt/3b241101-e2bb-4255-8caf-4136c566a962',
      headers: client.headers,
    });
    expect(unknown.statusCode).toBe(404);
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/transaccion/receipt/${paid[1]?.id}` });
    expect(anonymous.statusCode).toBe(401);
  });

  it("shows the fee and the net only on the lawyer's copy", () => {
    const row = {
      id: paid[1]?.id ?? '',
      userId: client.id,
      lawyerId: otherLawyer.id,
      caseId: paid[1]?.caseId ?? '',
      caseTitle: 'Caso pagado el 2024-03-07',
      consultationId: null,
      consultationStart: null,
      provider: 'sandbox' as const,
      providerPaymentId: null,
      amountCents: 123_450,
      feeCents: 12_345,
      currency: 'EUR',
      completedAt: new Date('2024-03-07T10:30:00Z'),
      clientName: 'Carmen',
      clientSurname: 'Cliente',
      clientMail: 'carmen@l4l.test',
      lawyerName: 'José',
      lawyerSurname: 'Núñez',
      lawyerMail: 'jose@l4l.test',
    };
    const clientCopy = Object.fromEntries(receiptFacts(row, 'client'));
    expect(clientCopy['Importe pagado']).toBe('1.234,50 €');
    expect(clientCopy['Fecha del pago']).toBe('7 de marzo de 2024 a las 11:30');
    expect(Object.keys(clientCopy)).not.toContain('Importe para el abogado');
    const lawyerCopy = Object.fromEntries(receiptFacts(row, 'lawyer'));
    expect(lawyerCopy['Comisión de la plataforma (10 %)']).toBe('− 123,45 €');
    expect(lawyerCopy['IVA de la comisión (21 %)']).toBe('− 25,92 €');
    expect(lawyerCopy['Importe para el abogado']).toBe('1.085,13 €');
    expect(lawyerCopy.Caso).toBe(`#${caseCode(row.caseId)} · Caso pagado el 2024-03-07`);
  });

  it.skipIf(!hasPoppler)(
    'prints the minus sign and the euro in embedded fonts (read back with poppler)',
    async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/transaccion/receipt/${paid[1]?.id}`,
        headers: otherLawyer.headers,
      });
      const text = pdfText(res.rawPayload);
      expect(text).toContain('\u2212 123,45 €');
      expect(text).toContain('1.085,13 €');
      const fonts = pdfFonts(res.rawPayload);
      expect(fonts.length).toBeGreaterThan(0);
      expect(fonts.every((font) => font.embedded)).toBe(true);
    },
  );
});
