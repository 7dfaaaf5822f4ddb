import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { firstElement, SUM_LR, withoutPrefixes } from '../src/modules/invoices/aeat-submitter.ts';
import { SUM1, xmlText } from '../src/modules/invoices/invoice-exports.ts';
import { altaHuella, anulacionHuella } from '../src/modules/invoices/verifactu.ts';
import { schemaErrors, soapBody, validatesXml } from './xsd.ts';

/**
 * A local stand-in for the AEAT's VERI*FACTU web service (RegFactuSistemaFacturacion), for tests of the
 * submitter. It checks what is sent the way the service does — the SOAP envelope and its namespaces, one
 * `ObligadoEmision` whose NIF issues every record, at most 1,000 records, each field's format, the
 * huella recomputed from the fields, the chain against what it registered — and answers as the AEAT
 * does: per record Correcto, AceptadoConErrores or Incorrecto with a code and a description (1xxx: the
 * record is refused; 2xxx: registered with errors; 3000: registered already), a CSV, and
 * `TiempoEsperaEnvio`. It can fail on purpose (a fault, an outage) to test the retries.
 */

const SOAP_ENV = 'http://schemas.xmlsoap.org/soap/envelope/';
const RESPUESTA =
  'https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/RespuestaSuministro.xsd';

export type StandInLine = {
  issuerNif: string;
  numSerie: string;
  operation: 'Alta' | 'Anulacion';
  state: 'Correcto' | 'AceptadoConErrores' | 'Incorrecto';
  code?: string;
  message?: string;
};

export type StandInRequest = {
  headers: Record<string, string | string[] | undefined>;
  body: string;
  /** what the AEAT's schema rejects in the operation (empty when it validates or was not checked) */
  schemaErrors: string[];
  /** the Cabecera's issuer and representative, when the envelope had them */
  issuerNif: string | null;
  representativeNif: string | null;
  lines: StandInLine[];
  csv: string | null;
};

const field = firstElement;

/** dd-mm-yyyy, and a day the calendar has (the schema checks the shape only; the AEAT the date). */
const isDate = (text: string) => {
  const [d, m, y] = text.split('-').map(Number);
  const date = new Date(Date.UTC(y ?? 0, (m ?? 0) - 1, d ?? 0));
  return /^\d{2}-\d{2}-\d{4}$/.test(text) && date.getUTCDate() === d && date.getUTCMonth() + 1 === m;
};
const AMOUNT = /^-?\d{1,12}\.\d{2}$/;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/;
const TYPES = ['F1', 'F2', 'F3', 'R1', 'R2', 'R3', 'R4', 'R5'];

export async function startAeatStandIn() {
  const requests: StandInRequest[] = [];
  /** per issuer: the huellas registered, in order, and the alta numbers registered */
  const chains = new Map<string, string[]>();
  const registered = new Set<string>();
  let failures: Array<{ status: number; fault: boolean }> = [];
  let waitSeconds = 0;
  let withErrors: ((numSerie: string) => boolean) | undefined;

  function fault(code: string, text: string) {
    return `<?xml version="1.0" encoding="UTF-8"?><env:Envelope xmlns:env="${SOAP_ENV}"><env:Body><env:Fault><faultcode>env:${code}</faultcode><faultstring>${xmlText(text)}</faultstring></env:Fault></env:Body></env:Envelope>`;
  }

  /** One record's verdict, and what it registers when it stands. */
  function judge(issuerNif: string, kind: 'Alta' | 'Anulacion', xml: string): StandInLine {
    const alta = kind === 'Alta';
    const nif = field(xml, alta ? 'IDEmisorFactura' : 'IDEmisorFacturaAnulada') ?? '';
    const numSerie = field(xml, alta ? 'NumSerieFactura' : 'NumSerieFacturaAnulada') ?? '';
    const date = field(xml, alta ? 'FechaExpedicionFactura' : 'FechaExpedicionFacturaAnulada') ?? '';
    const line = { issuerNif: nif, numSerie, operation: kind };
    const refuse = (what: string) => ({
      ...line,
      state: 'Incorrecto' as const,
      code: '1100',
      message: `Valor o tipo incorrecto del campo: ${what}`,
    });
    if (nif !== issuerNif) return refuse(alta ? 'IDEmisorFactura' : 'IDEmisorFacturaAnulada');
    if (!numSerie || numSerie.length > 60) return refuse('NumSerieFactura');
    if (!isDate(date)) return refuse('FechaExpedicionFactura');
    const generatedAt = field(xml, 'FechaHoraHusoGenRegistro') ?? '';
    if (!TIMESTAMP.test(generatedAt)) return refuse('FechaHoraHusoGenRegistro');
    if (field(xml, 'TipoHuella') !== '01') return refuse('TipoHuella');
    const first = field(xml, 'PrimerRegistro') === 'S';
    const previous = first ? '' : (field(xml, 'Huella') ?? '');
    const huella = [...xml.matchAll(/<Huella>([0-9A-F]*)<\/Huella>/g)].at(-1)?.[1] ?? '';
    let expected: string;
    if (alta) {
      const type = field(xml, 'TipoFactura') ?? '';
      const cuota = field(xml, 'CuotaTotal') ?? '';
      const importe = field(xml, 'ImporteTotal') ?? '';
      if (!TYPES.includes(type)) return refuse('TipoFactura');
      if (!AMOUNT.test(cuota)) return refuse('CuotaTotal');
      if (!AMOUNT.test(importe)) return refuse('ImporteTotal');
      if (registered.has(`${nif}|${numSerie}`)) {
        return { ...line, state: 'Incorrecto', code: '3000', message: 'Registro de facturación duplicado.' };
      }
      expected = altaHuella({
        IDEmisorFactura: nif,
        NumSerieFactura: numSerie,
        FechaExpedicionFactura: date,
        TipoFactura: type,
        CuotaTotal: cuota,
        ImporteTotal: importe,
        HuellaAnterior: previous,
        FechaHoraHusoGenRegistro: generatedAt,
      });
    } else {
      expected = anulacionHuella({
        IDEmisorFacturaAnulada: nif,
        NumSerieFacturaAnulada: numSerie,
        FechaExpedicionFacturaAnulada: date,
        HuellaAnterior: previous,
        FechaHoraHusoGenRegistro: generatedAt,
      });
    }
    const chain = chains.get(nif) ?? [];
    let verdict: StandInLine = { ...line, state: 'Correcto' };
    if (huella !== expected) {
      verdict = {
        ...line,
        state: 'AceptadoConErrores',
        code: '2000',
        message: 'El cálculo de la huella suministrada es incorrecta.',
      };
    } else if (first ? chain.length > 0 : chain.length > 0 && !chain.includes(previous)) {
      verdict = {
        ...line,
        state: 'AceptadoConErrores',
        code: '2001',
        message: 'El registro anterior indicado en el encadenamiento no consta.',
      };
    } else if (withErrors?.(numSerie)) {
      verdict = {
        ...line,
        state: 'AceptadoConErrores',
        code: '2004',
        message:
          'El valor del campo FechaHoraHusoGenRegistro debe ser la fecha actual del sistema de la AEAT.',
      };
    }
    chains.set(nif, [...chain, huella]);
    if (alta) registered.add(`${nif}|${numSerie}`);
    return verdict;
  }

  function answer(raw: string): {
    status: number;
    body: string;
    request: Omit<StandInRequest, 'headers' | 'body'>;
  } {
    const empty = { issuerNif: null, representativeNif: null, lines: [], csv: null, schemaErrors: [] };
    for (const [prefix, uri] of [
      ['soapenv', SOAP_ENV],
      ['sum', SUM_LR],
      ['sum1', SUM1],
    ] as const) {
      if (!raw.includes(`xmlns:${prefix}="${uri}"`)) {
        return { status: 500, body: fault('Client', `Falta el espacio de nombres ${uri}`), request: empty };
      }
    }
    if (validatesXml) {
      let errors: string[];
      try {
        errors = schemaErrors('submission', soapBody(raw));
      } catch (error) {
        errors = [String(error)];
      }
      if (errors.length > 0) {
        const text = `Codigo[4102].El XML no cumple el esquema. ${errors.join(' ')}`;
        return { status: 500, body: fault('Client', text), request: { ...empty, schemaErrors: errors } };
      }
    }
    const xml = withoutPrefixes(raw);
    const operation =
      /<Body>\s*<RegFactuSistemaFacturacion>([\s\S]*)<\/RegFactuSistemaFacturacion>\s*<\/Body>/.exec(
        xml,
      )?.[1];
    const header = operation && /<Cabecera>([\s\S]*?)<\/Cabecera>/.exec(operation)?.[1];
    const obligado = header && /<ObligadoEmision>([\s\S]*?)<\/ObligadoEmision>/.exec(header)?.[1];
    const issuerNif = obligado ? field(obligado, 'NIF') : null;
    if (!operation || !issuerNif) {
      return {
        status: 500,
        body: fault('Client', 'Cabecera u ObligadoEmision no encontrados'),
        request: empty,
      };
    }
    const representative = header
      ? /<Representante>([\s\S]*?)<\/Representante>/.exec(header)?.[1]
      : undefined;
    const records = [...operation.matchAll(/<RegistroFactura>([\s\S]*?)<\/RegistroFactura>/g)].map(
      (m) => m[1] ?? '',
    );
    if (records.length === 0 || records.length > 1000) {
      return { status: 500, body: fault('Client', 'Entre 1 y 1000 registros por envío'), request: empty };
    }
    const lines = records.map((record) => {
      const kind = /^\s*<RegistroAlta>/.test(record) ? 'Alta' : 'Anulacion';
      return judge(issuerNif, kind, record);
    });
    const csv = `A-${randomBytes(8).toString('hex').toUpperCase()}`;
    const refused = lines.filter((line) => line.state === 'Incorrecto').length;
    const state =
      refused === 0 ? 'Correcto' : refused === lines.length ? 'Incorrecto' : 'ParcialmenteCorrecto';
    const body = `<?xml version="1.0" encoding="UTF-8"?><env:Envelope xmlns:env="${SOAP_ENV}"><env:Header/><env:Body><tikR:RespuestaRegFactuSistemaFacturacion xmlns:tikR="${RESPUESTA}" xmlns:tik="${SUM1}"><tikR:CSV>${csv}</tikR:CSV><tikR:DatosPresentacion><tik:NIFPresentador>${xmlText(issuerNif)}</tik:NIFPresentador><tik:TimestampPresentacion>${new Date().toISOString()}</tik:TimestampPresentacion></tikR:DatosPresentacion><tikR:Cabecera><tik:ObligadoEmision><tik:NIF>${xmlText(issuerNif)}</tik:NIF></tik:ObligadoEmision></tikR:Cabecera><tikR:TiempoEsperaEnvio>${waitSeconds}</tikR:TiempoEsperaEnvio><tikR:EstadoEnvio>${state}</tikR:EstadoEnvio>${lines
      .map(
        (line) =>
          `<tikR:RespuestaLinea><tikR:IDFactura><tik:IDEmisorFactura>${xmlText(line.issuerNif)}</tik:IDEmisorFactura><tik:NumSerieFactura>${xmlText(line.numSerie)}</tik:NumSerieFactura></tikR:IDFactura><tikR:Operacion><tik:TipoOperacion>${line.operation}</tik:TipoOperacion></tikR:Operacion><tikR:EstadoRegistro>${line.state}</tikR:EstadoRegistro>${line.code ? `<tikR:CodigoErrorRegistro>${line.code}</tikR:CodigoErrorRegistro><tikR:DescripcionErrorRegistro>${xmlText(line.message ?? '')}</tikR:DescripcionErrorRegistro>` : ''}</tikR:RespuestaLinea>`,
      )
      .join('')}</tikR:RespuestaRegFactuSistemaFacturacion></env:Body></env:Envelope>`;
    return {
      status: 200,
      body,
      request: {
        issuerNif,
        representativeNif: representative ? field(representative, 'NIF') : null,
        lines,
        csv,
        schemaErrors: [],
      },
    };
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const failure = failures.shift();
      if (failure) {
        requests.push({
          headers: req.headers,
          body,
          issuerNif: null,
          representativeNif: null,
          lines: [],
          csv: null,
          schemaErrors: [],
        });
        res.writeHead(failure.status, { 'content-type': 'text/xml; charset=utf-8' });
        res.end(
          failure.fault ? fault('Server', 'Servicio no disponible temporalmente') : 'Service Unavailable',
        );
        return;
      }
      const type = String(req.headers['content-type'] ?? '');
      const answered =
        req.method === 'POST' && type.startsWith('text/xml')
          ? answer(body)
          : {
              status: 415,
              body: 'text/xml expected',
              request: { issuerNif: null, representativeNif: null, lines: [], csv: null, schemaErrors: [] },
            };
      requests.push({ headers: req.headers, body, ...answered.request });
      res.writeHead(answered.status, { 'content-type': 'text/xml; charset=utf-8' });
      res.end(answered.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP`,
    requests,
    /** the next `count` requests fail: a SOAP Fault of the server (HTTP 500) or an outage (503) */
    failNext(count: number, kind: 'fault' | 'outage' = 'fault') {
      failures = Array.from({ length: count }, () => ({
        status: kind === 'fault' ? 500 : 503,
        fault: kind === 'fault',
      }));
    },
    /** the TiempoEsperaEnvio it answers (seconds) */
    setWait(seconds: number) {
      waitSeconds = seconds;
    },
    /** records it registers with errors (AceptadoConErrores) although they are right */
    acceptWithErrors(predicate: ((numSerie: string) => boolean) | undefined) {
      withErrors = predicate;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type AeatStandIn = Awaited<ReturnType<typeof startAeatStandIn>>;
