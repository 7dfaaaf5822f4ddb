import { caseCode } from '@l4l/shared/constants/cases';
import { type InvoiceType, SIMPLIFIED_INVOICE_MAX_CENTS } from '@l4l/shared/schemas/invoices';
import { invoicesEs } from '@l4l/shared/texts/invoices';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { notFound } from '../../lib/app-error.ts';
import { madridText } from '../../lib/consultation-slots.ts';
import type { PaymentRecord } from '../../lib/events.ts';
import type { AfterCommit } from '../../lib/transaction.ts';
import { addressLine } from './fiscal-profiles.ts';
import { feeAmounts, type InvoiceAmounts, serviceAmounts } from './invoice-amounts.ts';
import { createInvoicesRepository, type InvoiceRow } from './invoices.repository.ts';
import { altaHuella, anulacionHuella, recordAmount, recordDate, recordTimestamp } from './verifactu.ts';

/** Series per issuer and year (docs/invoices.md, Numbering): A for services, C for the fee, R rectifying. */
const seriesOf = (kind: InvoiceRow['kind'], year: string) =>
  `${kind === 'service' ? 'A' : kind === 'fee' ? 'C' : 'R'}${year}`;
const numSerieOf = (series: string, number: number) => `${series}-${String(number).padStart(6, '0')}`;

type Party = { userId: string | null; nif: string | null; name: string; address: string | null };

/** The lines of a payment's two invoices: a case's (its code and title) or a first consultation's (its time). */
async function linesOf(
  repository: ReturnType<typeof createInvoicesRepository>,
  payment: PaymentRecord,
): Promise<{ service: string; fee: string }> {
  if (payment.caseId) {
    const code = caseCode(payment.caseId);
    const title = await repository.caseTitle(payment.caseId);
    return { service: invoicesEs.invoice.serviceLine(code, title), fee: invoicesEs.invoice.feeLine(code) };
  }
  const start = await repository.consultationStart(payment.consultationId ?? '');
  const when = start ? madridText(start) : '';
  return {
    service: invoicesEs.invoice.consultationServiceLine(when),
    fee: invoicesEs.invoice.consultationFeeLine(when),
  };
}

/**
 * Issuing (docs/invoices.md, What is issued when): a payment's two invoices, a refund's rectifying ones and
 * an anulación, each numbered per issuer, series and year without gaps and chained per issuer, inside the
 * caller's transaction; their records go to the submitter after the commit.
 */
export function createInvoiceIssuing(deps: {
  config: Config;
  log: FastifyBaseLogger;
  /** after an issuing commit: the records to the submitter (verifactu-queue.ts) */
  submitAfterCommit: () => Promise<void> | undefined;
}) {
  const { config, log, submitAfterCommit } = deps;
  const platform: Party = {
    userId: null,
    nif: config.platform.nif,
    name: config.platform.name,
    address: config.platform.address,
  };

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
      source: { caseId: string | null; consultationId: string | null; paymentId: string };
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
      consultationId: input.source.consultationId,
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

  return {
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
      const lines = await linesOf(repository, payment);
      if (!lawyerProfile || !client || !lawyer) {
        log.warn({ paymentId: payment.id }, 'payment of a lawyer without fiscal data: no invoices issued');
        return;
      }
      const issuedAt = payment.completedAt ?? new Date();
      const source = {
        caseId: payment.caseId,
        consultationId: payment.consultationId,
        paymentId: payment.id,
      };
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
          description: lines.service,
          // the withholding fixed when the checkout opened, so the invoice's total is what was charged
          amounts: serviceAmounts(priceCents, payment.withheldCents > 0 ? payment.irpfRate : 0),
          source,
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
          description: lines.fee,
          amounts: feeAmounts(payment.feeCents),
          source,
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
          source: {
            caseId: original.caseId,
            consultationId: original.consultationId,
            paymentId: original.paymentId,
          },
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
  };
}
