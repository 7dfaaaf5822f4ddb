import { caseCode } from '@l4l/shared/constants/cases';
import { ROLE } from '@l4l/shared/constants/roles';
import type { PageEnvelope } from '@l4l/shared/envelope';
import { centsToEuros } from '@l4l/shared/schemas/common';
import {
  type FiscalProfile,
  type FiscalProfileInput,
  type Invoice,
  type InvoiceType,
  SIMPLIFIED_INVOICE_MAX_CENTS,
} from '@l4l/shared/schemas/invoices';
import { invoicesEs } from '@l4l/shared/texts/invoices';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { notFound, validationError } from '../../lib/app-error.ts';
import type { PaymentRecord } from '../../lib/events.ts';
import type { AfterCommit } from '../../lib/transaction.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { createAeatSubmitter } from './aeat-submitter.ts';
import { checkoutTerms } from './checkout-terms.ts';
import { feeAmounts, type InvoiceAmounts, serviceAmounts } from './invoice-amounts.ts';
import { bookRows, recordsXml } from './invoice-exports.ts';
import { renderInvoice } from './invoice-pdf.ts';
import {
  createInvoicesRepository,
  type FiscalProfileRow,
  type InvoiceRow,
  type InvoiceWithAlta,
  type SubmissionAnswer,
} from './invoices.repository.ts';
import {
  altaHuella,
  anulacionHuella,
  checkChain,
  qrUrl,
  recordAmount,
  recordDate,
  recordTimestamp,
} from './verifactu.ts';
import { SUBMISSION_BATCH, sandboxSubmitter, type VerifactuSubmitter } from './verifactu-submitter.ts';

export type Paging = { page: number; pageSize: number };

/** The address as one line, the way the invoice prints it. */
export const addressLine = (p: Pick<FiscalProfileRow, 'street' | 'postalCode' | 'city' | 'province'>) =>
  `${p.street}, ${p.postalCode} ${p.city} (${p.province})`;

/** Series per issuer and year (docs/invoices.md, Numbering): A for services, C for the fee, R rectifying. */
const seriesOf = (kind: InvoiceRow['kind'], year: string) =>
  `${kind === 'service' ? 'A' : kind === 'fee' ? 'C' : 'R'}${year}`;
const numSerieOf = (series: string, number: number) => `${series}-${String(number).padStart(6, '0')}`;

type Party = { userId: string | null; nif: string | null; name: string; address: string | null };

/**
 * Invoices and their VERI*FACTU records (docs/invoices.md): issued inside the payment's transaction,
 * numbered per issuer, series and year without gaps, chained per issuer, never changed afterwards.
 */
export function createInvoicesService(deps: {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
  submitter?: VerifactuSubmitter;
}) {
  const { config, log } = deps;
  // docs/invoices.md, Submission: the AEAT's web service when configured, the sandbox otherwise
  const submitter =
    deps.submitter ??
    (config.verifactu
      ? createAeatSubmitter({
          ...config.verifactu,
          platform: { nif: config.platform.nif, name: config.platform.name },
          log,
        })
      : sandboxSubmitter);
  const read = createInvoicesRepository(deps.db);
  const platform: Party = {
    userId: null,
    nif: config.platform.nif,
    name: config.platform.name,
    address: config.platform.address,
  };

  /** One invoice, its number and its alta record, inside `tx` (the chain head of its issuer is locked). */
  async function issue(
    tx: Db,
    input: {
      kind: InvoiceRow['kind'];
      type: InvoiceType;
      issuer: Party & { nif: string; address: string };
      recipient: Party;
      issuedByThirdParty: boolean;
      description: string;
      amounts: InvoiceAmounts;
      source: { caseId: string; paymentId: string };
      rectifiesId?: string;
      issuedAt: Date;
    },
  ) {
    const repository = createInvoicesRepository(tx);
    const head = await repository.lockChain(input.issuer.nif);
    const issueDate = recordDate(input.issuedAt);
    const series = seriesOf(input.kind, issueDate.slice(6));
    const number = await repository.nextNumber(input.issuer.nif, series);
    const numSerie = numSerieOf(series, number);
    const a = input.amounts;
    const invoice = await repository.insertInvoice({
      kind: input.kind,
      type: input.type,
      series,
      number,
      numSerie,
      issuedAt: input.issuedAt,
      issuerUserId: input.issuer.userId,
      issuerNif: input.issuer.nif,
      issuerName: input.issuer.name,
      issuerAddress: input.issuer.address,
      recipientUserId: input.recipient.userId,
      recipientNif: input.recipient.nif,
      recipientName: input.recipient.name,
      recipientAddress: input.recipient.address,
      issuedByThirdParty: input.issuedByThirdParty,
      lines: [{ description: input.description, baseCents: a.baseCents }],
      baseCents: a.baseCents,
      vatRate: a.vatRate,
      vatCents: a.vatCents,
      irpfRate: a.irpfRate,
      irpfCents: a.irpfCents,
      totalCents: a.totalCents,
      rectifiesId: input.rectifiesId ?? null,
      caseId: input.source.caseId,
      paymentId: input.source.paymentId,
    });
    // ImporteTotal is base + IVA: a withholding is not part of the invoice's total for the AEAT
    const fields = {
      IDEmisorFactura: input.issuer.nif,
      NumSerieFactura: numSerie,
      FechaExpedicionFactura: issueDate,
      TipoFactura: input.type,
      CuotaTotal: recordAmount(a.vatCents),
      ImporteTotal: recordAmount(a.baseCents + a.vatCents),
      HuellaAnterior: head.lastHuella,
      FechaHoraHusoGenRegistro: recordTimestamp(new Date()),
    };
    await repository.appendRecord({
      issuerNif: input.issuer.nif,
      position: head.lastPosition + 1,
      kind: 'alta',
      invoiceId: invoice.id,
      issuerName: input.issuer.name,
      numSerie,
      issueDate,
      invoiceType: input.type,
      cuotaTotal: fields.CuotaTotal,
      importeTotal: fields.ImporteTotal,
      previousHuella: head.lastHuella,
      huella: altaHuella(fields),
      generatedAt: fields.FechaHoraHusoGenRegistro,
      // sent to the submitter after the commit (docs/invoices.md, Submission)
      submission: 'PENDIENTE',
    });
    return invoice;
  }

  const fullName = (p: { name: string; surname: string }) => `${p.name} ${p.surname}`.trim();

  function toInvoice({ invoice, record }: InvoiceWithAlta): Invoice {
    return {
      id: invoice.id,
      series: invoice.series,
      number: invoice.number,
      type: invoice.type,
      issuedAt: invoice.issuedAt.toISOString(),
      issuer: { nif: invoice.issuerNif, name: invoice.issuerName },
      recipient: {
        ...(invoice.recipientNif ? { nif: invoice.recipientNif } : {}),
        name: invoice.recipientName,
      },
      lines: invoice.lines.map((line) => ({
        description: line.description,
        base: centsToEuros(line.baseCents),
      })),
      base: centsToEuros(invoice.baseCents),
      vatRate: invoice.vatRate,
      vat: centsToEuros(invoice.vatCents),
      irpfRate: invoice.irpfRate,
      irpf: centsToEuros(invoice.irpfCents),
      total: centsToEuros(invoice.totalCents),
      ...(invoice.rectifiesId ? { rectifies: invoice.rectifiesId } : {}),
      caseId: invoice.caseId,
      verifactu: { huella: record.huella, generatedAt: record.generatedAt, qrUrl: qrOf(record) },
    };
  }

  const qrOf = (record: InvoiceWithAlta['record']) =>
    qrUrl(config.aeatQrBase, {
      nif: record.issuerNif,
      numSerie: record.numSerie,
      issueDate: record.issueDate,
      importeTotal: record.importeTotal,
    });

  function toProfile(row: FiscalProfileRow, role: string): FiscalProfile {
    return {
      nif: row.nif,
      name: row.name,
      address: { street: row.street, postalCode: row.postalCode, city: row.city, province: row.province },
      isBusiness: row.isBusiness,
      ...(role === ROLE.ABOGADO
        ? {
            irpfRate: (row.irpfRate === 7 ? 7 : 15) as 15 | 7,
            invoicingConsent: row.invoicingConsent ?? false,
          }
        : {}),
    };
  }

  let running: Promise<number> = Promise.resolve(0);
  async function submitAll(): Promise<number> {
    let accepted = 0;
    for (;;) {
      const batch = await read.pendingRecords(SUBMISSION_BATCH);
      if (batch.length === 0) return accepted;
      let outcomes: Map<string, SubmissionAnswer>;
      try {
        outcomes = await submitter.submit(batch);
      } catch (error) {
        log.warn({ err: error, records: batch.length }, 'VERI*FACTU submission failed: retried later');
        return accepted;
      }
      for (const { record } of batch) {
        const answer = outcomes.get(record.id);
        if (!answer) continue;
        await read.setSubmission(record.id, answer);
        const facts = {
          recordId: record.id,
          numSerie: record.numSerie,
          code: answer.code,
          message: answer.message,
        };
        if (answer.status === 'RECHAZADO') log.error(facts, 'VERI*FACTU record rejected');
        else accepted++;
        if (answer.status === 'ACEPTADO_CON_ERRORES')
          log.warn(facts, 'VERI*FACTU record accepted with errors');
      }
      // a record the submitter could not send yet stays pending: the timer tries again
      if (batch.length < SUBMISSION_BATCH || outcomes.size < batch.length) return accepted;
    }
  }

  /**
   * After an issuing commit: the sandbox answers at once, so the caller waits for it; the AEAT's web
   * service may take seconds (and its retries more), so a payment never waits for it.
   */
  function submitAfterCommit(): Promise<void> | undefined {
    const run = submitPending();
    if (submitter.name === 'sandbox') return run.then(() => undefined);
    void run.catch(() => undefined);
    return undefined;
  }

  /**
   * Sends the records still pending to the submitter, a batch at a time; what fails stays pending for the
   * next call (after each issuing commit, and on a timer). One submission at a time in this process.
   */
  function submitPending(): Promise<number> {
    running = running.then(submitAll, submitAll);
    return running;
  }

  return {
    async fiscalProfile(caller: AuthUser): Promise<FiscalProfile | null> {
      const row = await read.profile(caller.id);
      return row ? toProfile(row, caller.role) : null;
    },

    async saveFiscalProfile(caller: AuthUser, input: FiscalProfileInput & { nif: string }) {
      const lawyer = caller.role === ROLE.ABOGADO;
      if (!lawyer && (input.irpfRate !== undefined || input.invoicingConsent !== undefined)) {
        const field = input.irpfRate !== undefined ? 'irpfRate' : 'invoicingConsent';
        throw validationError({ [field]: invoicesEs.fiscalProfile.lawyerOnly });
      }
      const row = await read.saveProfile({
        userId: caller.id,
        nif: input.nif,
        name: input.name,
        street: input.address.street,
        postalCode: input.address.postalCode,
        city: input.address.city,
        province: input.address.province,
        isBusiness: input.isBusiness ?? false,
        irpfRate: lawyer ? (input.irpfRate ?? 15) : null,
        invoicingConsent: lawyer ? (input.invoicingConsent ?? false) : null,
      });
      return toProfile(row, caller.role);
    },

    /**
     * The invoices of a completed payment, in its transaction: the lawyer's invoice to the client, issued
     * by the platform on the lawyer's behalf, and the platform's invoice to the lawyer for its fee. A
     * lawyer without fiscal data (or without consent, for the first) gets none; the payment still goes on.
     */
    async issueForPayment(tx: Db, afterCommit: AfterCommit, payment: PaymentRecord): Promise<void> {
      afterCommit(submitAfterCommit);
      const repository = createInvoicesRepository(tx);
      // one after the other: a transaction is one connection
      const lawyerProfile = await repository.profile(payment.lawyerId);
      const clientProfile = await repository.profile(payment.userId);
      const client = await repository.person(payment.userId);
      const lawyer = await repository.person(payment.lawyerId);
      const title = await repository.caseTitle(payment.caseId);
      if (!lawyerProfile || !client || !lawyer) {
        log.warn({ paymentId: payment.id }, 'payment of a lawyer without fiscal data: no invoices issued');
        return;
      }
      const issuedAt = payment.completedAt ?? new Date();
      const code = caseCode(payment.caseId);
      const lawyerParty = {
        userId: lawyer.id,
        nif: lawyerProfile.nif,
        name: lawyerProfile.name,
        address: addressLine(lawyerProfile),
      };

      if (lawyerProfile.invoicingConsent && !(await repository.issuedFor(payment.id, 'service'))) {
        // the price the lawyer invoices; the client was charged it less what it withholds
        const priceCents = payment.amountCents + payment.withheldCents;
        const simplified = !clientProfile && priceCents <= SIMPLIFIED_INVOICE_MAX_CENTS;
        if (!clientProfile && !simplified) {
          log.warn(
            { paymentId: payment.id },
            'over 400 € without the client’s fiscal data: complete invoice without NIF',
          );
        }
        await issue(tx, {
          kind: 'service',
          type: simplified ? 'F2' : 'F1',
          issuer: lawyerParty,
          recipient: clientProfile
            ? {
                userId: client.id,
                nif: clientProfile.nif,
                name: clientProfile.name,
                address: addressLine(clientProfile),
              }
            : { userId: client.id, nif: null, name: fullName(client), address: null },
          issuedByThirdParty: true,
          description: invoicesEs.invoice.serviceLine(code, title),
          // the withholding fixed when the checkout opened, so the invoice's total is what was charged
          amounts: serviceAmounts(priceCents, payment.withheldCents > 0 ? payment.irpfRate : 0),
          source: { caseId: payment.caseId, paymentId: payment.id },
          issuedAt,
        });
      }
      if (!(await repository.issuedFor(payment.id, 'fee'))) {
        await issue(tx, {
          kind: 'fee',
          type: 'F1',
          issuer: { ...platform, nif: config.platform.nif, address: config.platform.address },
          recipient: lawyerParty,
          issuedByThirdParty: false,
          description: invoicesEs.invoice.feeLine(code),
          amounts: feeAmounts(payment.feeCents),
          source: { caseId: payment.caseId, paymentId: payment.id },
          issuedAt,
        });
      }
    },

    /**
     * A refund of a paid case: each of the payment's invoices gets its rectifying invoice (R1, Ley 37/1992
     * art. 80: the price given back, by difference), in the refund's transaction, in the issuer's R series,
     * with its alta record. Without `part` the whole rest of each invoice is rectified (a full refund; an
     * invoice already fully rectified is left alone, so a repeat issues nothing). With `part` (a partial
     * refund of `refundCents` out of the payment's `ofCents`) each invoice is rectified by that share of
     * its amounts, never beyond what is left of it (docs/invoices.md, What is issued when).
     */
    async rectifyPayment(
      tx: Db,
      paymentId: string,
      at = new Date(),
      part?: { refundCents: number; ofCents: number },
    ): Promise<string[]> {
      const repository = createInvoicesRepository(tx);
      const issued: string[] = [];
      const all = await repository.ofPayment(paymentId);
      for (const original of all) {
        if (original.kind === 'rectifying') continue;
        const done = all.filter((invoice) => invoice.rectifiesId === original.id);
        const left = {
          baseCents: original.baseCents + done.reduce((sum, r) => sum + r.baseCents, 0),
          vatCents: original.vatCents + done.reduce((sum, r) => sum + r.vatCents, 0),
          irpfCents: original.irpfCents + done.reduce((sum, r) => sum + r.irpfCents, 0),
          totalCents: original.totalCents + done.reduce((sum, r) => sum + r.totalCents, 0),
        };
        if (left.totalCents <= 0) continue;
        let amounts = left;
        if (part && part.refundCents < part.ofCents) {
          const share = (cents: number) => Math.round((cents * part.refundCents) / part.ofCents);
          const totalCents = Math.min(share(original.totalCents), left.totalCents);
          const baseCents = Math.min(share(original.baseCents), left.baseCents);
          const irpfCents = Math.min(share(original.irpfCents), left.irpfCents);
          // the total is exact (what went back); the IVA takes the rounding
          amounts = { baseCents, irpfCents, totalCents, vatCents: totalCents - baseCents + irpfCents };
          if (totalCents <= 0) continue;
        }
        const negate = (cents: number) => (cents === 0 ? 0 : -cents);
        const invoice = await issue(tx, {
          kind: 'rectifying',
          type: 'R1',
          issuer: {
            userId: original.issuerUserId,
            nif: original.issuerNif,
            name: original.issuerName,
            address: original.issuerAddress,
          },
          recipient: {
            userId: original.recipientUserId,
            nif: original.recipientNif,
            name: original.recipientName,
            address: original.recipientAddress,
          },
          issuedByThirdParty: original.issuedByThirdParty,
          description: invoicesEs.invoice.rectifyingLine(original.numSerie),
          amounts: {
            baseCents: negate(amounts.baseCents),
            vatRate: original.vatRate,
            vatCents: negate(amounts.vatCents),
            irpfRate: original.irpfRate,
            irpfCents: negate(amounts.irpfCents),
            totalCents: negate(amounts.totalCents),
          },
          source: { caseId: original.caseId, paymentId: original.paymentId },
          rectifiesId: original.id,
          issuedAt: at,
        });
        issued.push(invoice.id);
      }
      return issued;
    },

    /**
     * Cancels the record of an invoice issued by mistake (an anulación, Orden HAC/1177/2024): the invoice
     * stays as it was; a record chained after the issuer's last says it no longer stands.
     */
    async annul(tx: Db, invoiceId: string): Promise<void> {
      const repository = createInvoicesRepository(tx);
      const found = await repository.byId(invoiceId);
      if (!found) throw notFound();
      const { invoice, record } = found;
      const head = await repository.lockChain(invoice.issuerNif);
      const fields = {
        IDEmisorFacturaAnulada: invoice.issuerNif,
        NumSerieFacturaAnulada: invoice.numSerie,
        FechaExpedicionFacturaAnulada: record.issueDate,
        HuellaAnterior: head.lastHuella,
        FechaHoraHusoGenRegistro: recordTimestamp(new Date()),
      };
      await repository.appendRecord({
        issuerNif: invoice.issuerNif,
        position: head.lastPosition + 1,
        kind: 'anulacion',
        invoiceId: invoice.id,
        issuerName: invoice.issuerName,
        numSerie: invoice.numSerie,
        issueDate: record.issueDate,
        invoiceType: invoice.type,
        cuotaTotal: record.cuotaTotal,
        importeTotal: record.importeTotal,
        previousHuella: head.lastHuella,
        huella: anulacionHuella(fields),
        generatedAt: fields.FechaHoraHusoGenRegistro,
        submission: 'PENDIENTE',
      });
    },

    /** What must hold before a checkout opens (checkout-terms.ts). */
    checkoutTerms: (userId: string, lawyerId: string, priceCents: number) =>
      checkoutTerms(deps.db, userId, lawyerId, priceCents),

    /** Answers how many records were accepted. */
    submitPending,

    async listMine(caller: AuthUser, { page, pageSize }: Paging): Promise<PageEnvelope<Invoice>> {
      const { rows, total } = await read.pageOf(caller.id, pageSize, (page - 1) * pageSize);
      return { data: rows.map(toInvoice), meta: { total, page, pageSize } };
    },

    /** The PDF, for its issuer, its recipient or an administrator; to anyone else it does not exist. */
    async pdf(caller: AuthUser, id: string) {
      const row = await read.byId(id);
      const { invoice } = row ?? {};
      if (!row || !invoice) throw notFound();
      const allowed =
        caller.role === ROLE.ADMIN ||
        invoice.issuerUserId === caller.id ||
        invoice.recipientUserId === caller.id;
      if (!allowed) throw notFound();
      const pdf = await renderInvoice(row, qrOf(row.record), config.platform.name);
      return { pdf, fileName: `factura-${invoice.numSerie}.pdf` };
    },

    /** The book of issued invoices as CSV rows, in the order issued (invoice-exports.ts, BOOK_HEADER). */
    async bookRows() {
      return bookRows(await read.book());
    },

    async records(issuerNif?: string) {
      const rows = await read.records(issuerNif);
      return rows;
    },

    recordsXml: async (issuerNif?: string) => recordsXml(await read.records(issuerNif), config.platform),

    /** Verifies each issuer's chain from its first record to its last. */
    async checkChains(issuerNif?: string) {
      const rows = await read.records(issuerNif);
      const byIssuer = new Map<string, (typeof rows)[number]['record'][]>();
      for (const { record } of rows)
        byIssuer.set(record.issuerNif, [...(byIssuer.get(record.issuerNif) ?? []), record]);
      return [...byIssuer].map(([nif, records]) => ({ issuerNif: nif, ...checkChain(records) }));
    },
  };
}

export type InvoicesService = ReturnType<typeof createInvoicesService>;
