import { readFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { FastifyBaseLogger } from 'fastify';
import { type PreviousRecord, party, recordXml, SUM1, type SystemProducer } from './invoice-exports.ts';
import type { PendingRecord, SubmissionAnswer } from './invoices.repository.ts';
import type { VerifactuSubmitter } from './verifactu-submitter.ts';

/**
 * The AEAT's VERI*FACTU web service (docs/invoices.md, Submission): the operation
 * RegFactuSistemaFacturacion of SistemaFacturacion.wsdl, SOAP 1.1 document/literal over TLS with the
 * certificate of whoever submits (the platform, as the issuers' representative: it invoices on the
 * lawyers' behalf). One submission per issuer (the `Cabecera` names one `ObligadoEmision`), at most 1,000
 * records; the answer (RespuestaSuministro.xsd) says per record Correcto, AceptadoConErrores or
 * Incorrecto, and how long to wait before the issuer's next submission (`TiempoEsperaEnvio`).
 */

/** SOAP 1.1's envelope and the AEAT's namespace of the submission (SuministroLR.xsd). */
const SOAP_ENV = 'http://schemas.xmlsoap.org/soap/envelope/';
export const SUM_LR =
  'https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/SuministroLR.xsd';

/** The AEAT's endpoints for a normal certificate (the WSDL's ports); a seal certificate uses www10. */
export const AEAT_ENDPOINTS = {
  test: 'https://prewww1.aeat.es/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP',
  production: 'https://www1.agenciatributaria.gob.es/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP',
} as const;

/** The AEAT's code for a record it registered already (sent twice): it stands, so it is accepted. */
const ALREADY_REGISTERED = '3000';

export type AeatSubmitterOptions = {
  endpoint: string;
  /** the PKCS#12 file (.p12/.pfx) of the certificate the TLS connection presents; https only */
  certPath?: string;
  certPassword?: string;
  /** who submits for the issuers (the `Representante` of a lawyer's submission) and produced the invoicing system (`SistemaInformatico`) */
  platform: { nif: string; name: string };
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  /** tries per submission before its records wait for the next round (default 3) */
  attempts?: number;
  /** the wait before the second try, doubled after each (default 2 s) */
  retryDelayMs?: number;
  timeoutMs?: number;
  now?: () => number;
};

/** A SOAP Fault, or an answer that is not the AEAT's: the submission did not happen. */
export class AeatSubmissionError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'AeatSubmissionError';
  }
}

export type AeatLine = {
  numSerie: string;
  operation: 'Alta' | 'Anulacion' | null;
  state: string;
  code: string | null;
  message: string | null;
};

export type AeatAnswer = {
  csv: string | null;
  state: string | null;
  waitSeconds: number | null;
  lines: AeatLine[];
};

/**
 * The request body: one issuer's records as RegFactuSistemaFacturacion, `producer` (the platform) named as
 * the producer of the invoicing system on each.
 */
export function submissionEnvelope(
  issuer: SystemProducer,
  representative: SystemProducer | null,
  records: PendingRecord[],
  producer: SystemProducer,
): string {
  const header = `<sum:Cabecera>${party('ObligadoEmision', issuer)}${representative ? party('Representante', representative) : ''}</sum:Cabecera>`;
  const body = records
    .map(
      ({ record, invoice, previous, rectified }) =>
        `<sum:RegistroFactura>${recordXml({ invoice, record, rectified }, previous as PreviousRecord | null, producer)}</sum:RegistroFactura>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<soapenv:Envelope xmlns:soapenv="${SOAP_ENV}" xmlns:sum="${SUM_LR}" xmlns:sum1="${SUM1}"><soapenv:Header/><soapenv:Body><sum:RegFactuSistemaFacturacion>${header}${body}</sum:RegFactuSistemaFacturacion></soapenv:Body></soapenv:Envelope>`;
}

/** XML text with its five entities read back. */
export const decodeXml = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
/** The text of the first `<name>` in `xml` (namespace prefixes already dropped). */
export const firstElement = (xml: string, name: string) => {
  const match = new RegExp(`<${name}(?:\\s[^>]*)?>([\\s\\S]*?)</${name}>`).exec(xml);
  return match?.[1] === undefined ? null : decodeXml(match[1].trim());
};
/** The same XML without namespace prefixes on its elements (the AEAT's answers use several). */
export const withoutPrefixes = (xml: string) => xml.replace(/<(\/?)[A-Za-z_][\w.-]*:/g, '<$1');

/** Reads the AEAT's answer (RespuestaRegFactuSistemaFacturacion); a SOAP Fault throws. */
export function parseAeatAnswer(raw: string): AeatAnswer {
  const xml = withoutPrefixes(raw);
  if (/<Fault[\s>]/.test(xml)) {
    const text = firstElement(xml, 'faultstring') ?? 'SOAP Fault';
    const code = firstElement(xml, 'faultcode') ?? '';
    throw new AeatSubmissionError(`the AEAT answered a fault: ${code} ${text}`.trim(), !/Client/.test(code));
  }
  if (!/<RespuestaRegFactuSistemaFacturacion[\s>]/.test(xml)) {
    throw new AeatSubmissionError('the answer is not RespuestaRegFactuSistemaFacturacion', true);
  }
  const lines: AeatLine[] = [];
  for (const match of xml.matchAll(/<RespuestaLinea(?:\s[^>]*)?>([\s\S]*?)<\/RespuestaLinea>/g)) {
    const line = match[1] ?? '';
    const operation = firstElement(line, 'TipoOperacion');
    lines.push({
      numSerie: firstElement(line, 'NumSerieFactura') ?? '',
      operation: operation === 'Alta' || operation === 'Anulacion' ? operation : null,
      state: firstElement(line, 'EstadoRegistro') ?? '',
      code: firstElement(line, 'CodigoErrorRegistro'),
      message: firstElement(line, 'DescripcionErrorRegistro'),
    });
  }
  const wait = firstElement(xml, 'TiempoEsperaEnvio');
  return {
    csv: firstElement(xml, 'CSV'),
    state: firstElement(xml, 'EstadoEnvio'),
    waitSeconds: wait !== null && /^\d+$/.test(wait) ? Number(wait) : null,
    lines,
  };
}

/** What an answer line means for the record (docs/invoices.md, Submission). */
export function answerOf(line: AeatLine, csv: string | null): SubmissionAnswer {
  const facts = { code: line.code, message: line.message, csv };
  if (line.state === 'Correcto') return { status: 'ACEPTADO', ...facts };
  if (line.state === 'AceptadoConErrores') return { status: 'ACEPTADO_CON_ERRORES', ...facts };
  // sent again after an answer that was lost: the AEAT has it, and it stands
  if (line.code === ALREADY_REGISTERED) return { status: 'ACEPTADO', ...facts };
  return { status: 'RECHAZADO', ...facts };
}

type Reply = { status: number; body: string };

function post(url: URL, body: string, agent: http.Agent | undefined, timeoutMs: number): Promise<Reply> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: 'POST',
        agent,
        timeout: timeoutMs,
        headers: {
          'content-type': 'text/xml; charset=utf-8',
          'content-length': Buffer.byteLength(body),
          soapaction: '""',
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        );
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error(`no answer from the AEAT in ${timeoutMs} ms`)));
    request.on('error', reject);
    request.end(body);
  });
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createAeatSubmitter(options: AeatSubmitterOptions): VerifactuSubmitter {
  const url = new URL(options.endpoint);
  const attempts = options.attempts ?? 3;
  const retryDelayMs = options.retryDelayMs ?? 2_000;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const now = options.now ?? Date.now;
  let agent: http.Agent | undefined;
  // the AEAT's flow control: when each issuer may submit again
  const nextAllowed = new Map<string, number>();

  function tlsAgent(): http.Agent | undefined {
    if (url.protocol !== 'https:') return undefined;
    agent ??= new https.Agent({
      keepAlive: true,
      minVersion: 'TLSv1.2',
      ...(options.certPath ? { pfx: readFileSync(options.certPath), passphrase: options.certPassword } : {}),
    });
    return agent;
  }

  /** One issuer's submission, tried again on a network failure, a 5xx or a server fault. */
  async function send(envelope: string): Promise<AeatAnswer> {
    let delay = retryDelayMs;
    for (let attempt = 1; ; attempt++) {
      try {
        const reply = await post(url, envelope, tlsAgent(), timeoutMs);
        if (reply.status >= 400 && !/Fault/.test(reply.body)) {
          throw new AeatSubmissionError(`the AEAT answered HTTP ${reply.status}`, reply.status >= 500);
        }
        return parseAeatAnswer(reply.body);
      } catch (error) {
        const retryable = !(error instanceof AeatSubmissionError) || error.retryable;
        if (!retryable || attempt >= attempts) throw error;
        options.log.warn({ err: error, attempt }, 'VERI*FACTU submission failed: trying again');
        await pause(delay);
        delay *= 2;
      }
    }
  }

  return {
    name: 'aeat',
    async submit(records) {
      const byIssuer = new Map<string, PendingRecord[]>();
      for (const row of records) {
        byIssuer.set(row.record.issuerNif, [...(byIssuer.get(row.record.issuerNif) ?? []), row]);
      }
      const answers = new Map<string, SubmissionAnswer>();
      let failure: unknown;
      for (const [nif, rows] of byIssuer) {
        if ((nextAllowed.get(nif) ?? 0) > now()) continue;
        const first = rows[0]?.record;
        const issuer = { nif, name: first?.issuerName ?? '' };
        const representative = nif === options.platform.nif ? null : options.platform;
        let answer: AeatAnswer;
        try {
          answer = await send(submissionEnvelope(issuer, representative, rows, options.platform));
        } catch (error) {
          failure = error;
          options.log.error(
            { err: error, issuerNif: nif, records: rows.length },
            'VERI*FACTU submission failed',
          );
          continue;
        }
        if (answer.waitSeconds !== null) nextAllowed.set(nif, now() + answer.waitSeconds * 1000);
        const lines = new Map(answer.lines.map((line) => [`${line.numSerie}|${line.operation ?? ''}`, line]));
        for (const { record } of rows) {
          const operation = record.kind === 'alta' ? 'Alta' : 'Anulacion';
          const line =
            lines.get(`${record.numSerie}|${operation}`) ??
            answer.lines.find((l) => l.numSerie === record.numSerie && l.operation === null);
          // no line for it (a submission refused as a whole): it stays pending
          if (line) answers.set(record.id, answerOf(line, answer.csv));
        }
        if (answer.lines.length === 0) {
          options.log.error(
            { issuerNif: nif, state: answer.state, csv: answer.csv },
            'the AEAT answered without a line per record: the records stay pending',
          );
        }
      }
      if (answers.size === 0 && failure) throw failure;
      return answers;
    },
  };
}
