import { ROLE } from '@l4l/shared/constants/roles';
import type { PageEnvelope } from '@l4l/shared/envelope';
import { centsToEuros } from '@l4l/shared/schemas/common';
import type { Invoice } from '@l4l/shared/schemas/invoices';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { notFound } from '../../lib/app-error.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { createAeatSubmitter } from './aeat-submitter.ts';
import { createFiscalProfiles } from './fiscal-profiles.ts';
import { bookRows, recordsXml } from './invoice-exports.ts';
import { createInvoiceIssuing } from './invoice-issuing.ts';
import { renderInvoice } from './invoice-pdf.ts';
import { createInvoicesRepository, type InvoiceWithAlta } from './invoices.repository.ts';
import { checkChain, qrUrl } from './verifactu.ts';
import { createVerifactuQueue } from './verifactu-queue.ts';
import { sandboxSubmitter, type VerifactuSubmitter } from './verifactu-submitter.ts';

export { addressLine, withholdingRate } from './fiscal-profiles.ts';

export type Paging = { page: number; pageSize: number };

/**
 * Invoices and their VERI*FACTU records (docs/invoices.md): issued inside the payment's transaction,
 * numbered per issuer, series and year without gaps, chained per issuer, never changed afterwards.
 * Composed of its jobs: fiscal-profiles.ts, invoice-issuing.ts, verifactu-queue.ts and the exports
 * (invoice-exports.ts).
 */
export function createInvoicesService(deps: {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
  submitter?: VerifactuSubmitter;
  /** runs a submission when no other process is running one (db/one-at-a-time.ts); none: at once */
  exclusive?: <T>(work: () => Promise<T>) => Promise<T>;
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
  const queue = createVerifactuQueue({ read, submitter, log, exclusive: deps.exclusive });
  const issuing = createInvoiceIssuing({ config, log, submitAfterCommit: queue.submitAfterCommit });

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
      consultationId: invoice.consultationId,
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

  return {
    ...createFiscalProfiles(read),
    ...issuing,

    /** Answers how many records were accepted. */
    submitPending: queue.submitPending,

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
