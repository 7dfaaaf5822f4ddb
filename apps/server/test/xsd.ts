import { spawnSync } from 'node:child_process';
import path from 'node:path';

/**
 * The AEAT's VERI*FACTU schemas (`verifactu-xsd/`, README there) and Debian's `xmllint` to validate what
 * the server exports and submits (docs/invoices.md, The AEAT's schema). Locally a test may skip where
 * xmllint is missing; in CI (`CI=true`, `.ci/run` installs libxml2-utils) it runs and fails instead.
 */
export const hasXmllint = spawnSync('xmllint', ['--version']).status === 0;
/** Whether the schema tests run: always in CI, so a missing xmllint fails there rather than skips. */
export const validatesXml = hasXmllint || process.env.CI === 'true';

const SCHEMAS = {
  /** the admin's export: L4L's container of the AEAT's RegistroAlta / RegistroAnulacion */
  export: 'RegistrosFacturacion.xsd',
  /** one submission: RegFactuSistemaFacturacion (SuministroLR.xsd) */
  submission: 'SuministroLR.xsd',
  /** one record: RegistroAlta or RegistroAnulacion (SuministroInformacion.xsd) */
  record: 'SuministroInformacion.xsd',
} as const;

/** What xmllint says is wrong with `xml` against the schema (empty when it validates). */
export function schemaErrors(schema: keyof typeof SCHEMAS, xml: string): string[] {
  if (!hasXmllint) {
    throw new Error('xmllint is missing: install libxml2-utils (.ci/run does) to validate VERI*FACTU XML');
  }
  const xsd = path.join(import.meta.dirname, 'verifactu-xsd', SCHEMAS[schema]);
  const run = spawnSync('xmllint', ['--noout', '--nonet', '--schema', xsd, '-'], {
    input: xml,
    encoding: 'utf8',
  });
  if (run.status === 0) return [];
  return run.stderr
    .split('\n')
    .filter((line) => line.trim() && !/ fails to validate$/.test(line))
    .map((line) => line.replace(/^-:/, 'line '));
}

/**
 * The operation inside a SOAP envelope (the first element of its Body) as a document of its own, with the
 * envelope's namespace declarations, so SuministroLR.xsd can validate what was submitted.
 */
export function soapBody(envelope: string): string {
  const root = /<([\w-]+:)?Envelope\b([^>]*)>/.exec(envelope);
  const body = /<([\w-]+:)?Body\b[^>]*>([\s\S]*)<\/([\w-]+:)?Body>/.exec(envelope)?.[2]?.trim();
  if (!root || !body) throw new Error('not a SOAP envelope');
  const namespaces = (root[2] ?? '').match(/\sxmlns(:[\w-]+)?="[^"]*"/g)?.join('') ?? '';
  return body.replace(/^<([\w:-]+)/, `<$1${namespaces}`);
}
