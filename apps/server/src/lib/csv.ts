import type { CsvDialect } from '@l4l/shared/schemas/common';
import { stringify } from 'csv-stringify/sync';
import type { FastifyReply } from 'fastify';

/**
 * The one CSV writer of every export (docs/api/http.md, CSV exports): UTF-8 with a BOM, CRLF, and two
 * dialects. `es` (the default) is what a Spanish spreadsheet opens as it is: `;` between cells, a decimal
 * comma, dates as dd/mm/yyyy and times in Madrid. `rfc4180` is for programs: commas, a decimal point and
 * ISO 8601 dates. A text cell that a spreadsheet would run as a formula (starting with `=`, `+`, `-`, `@`,
 * a tab or a carriage return) is written with a leading apostrophe (OWASP, CSV injection); a number,
 * negative ones included, stays a number.
 */
/** An amount in euros, written with two decimals. */
export type CsvEuros = { euros: number };
/** A calendar day: a Date (its Madrid day), `yyyy-mm-dd` or the VERI*FACTU `dd-mm-yyyy`. */
export type CsvDay = { day: Date | string };
/**
 * A cell: text, a number, a moment (Date: dd/mm/yyyy HH:mm in Madrid, or ISO 8601), a day or an amount.
 * Empty for null and undefined.
 */
export type CsvValue = string | number | boolean | Date | CsvEuros | CsvDay | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^-?\d+([.,]\d+)?$/;

const madridMinute = new Intl.DateTimeFormat('es-ES', {
  timeZone: 'Europe/Madrid',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const madridDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Madrid',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** A text a spreadsheet would read as a formula, made inert; plain numbers in text are kept. */
export function neutralise(text: string): string {
  return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
}

/** `yyyy-mm-dd` of a day cell. */
function isoDay(day: Date | string): string {
  if (day instanceof Date) return madridDay.format(day);
  const spanish = /^(\d{2})-(\d{2})-(\d{4})$/.exec(day);
  return spanish ? `${spanish[3]}-${spanish[2]}-${spanish[1]}` : day;
}

function number(value: number, dialect: CsvDialect, decimals?: number): string {
  const text = decimals === undefined ? String(value) : value.toFixed(decimals);
  return dialect === 'es' ? text.replace('.', ',') : text;
}

/** One cell as the dialect writes it. */
export function csvCell(value: CsvValue, dialect: CsvDialect): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return number(value, dialect);
  if (typeof value === 'boolean') return value ? 'S' : 'N';
  if (value instanceof Date) {
    return dialect === 'es' ? madridMinute.format(value).replace(',', '') : value.toISOString();
  }
  if (typeof value === 'object' && 'euros' in value) return number(value.euros, dialect, 2);
  if (typeof value === 'object') {
    const day = isoDay(value.day);
    if (dialect === 'rfc4180') return day;
    const [year, month, date] = day.split('-');
    return `${date}/${month}/${year}`;
  }
  return neutralise(value);
}

/** A whole CSV document: the BOM, the header row, then one line per row, each ending in CRLF. */
export function toCsv(header: readonly string[], rows: readonly CsvValue[][], dialect: CsvDialect = 'es') {
  const cells = [
    header.map((title) => neutralise(title)),
    ...rows.map((row) => row.map((v) => csvCell(v, dialect))),
  ];
  return stringify(cells, {
    bom: true,
    delimiter: dialect === 'es' ? ';' : ',',
    record_delimiter: 'windows',
  });
}

/** Answers a CSV download named `fileName`, never cached on the way. */
export function sendCsv(
  reply: FastifyReply,
  fileName: string,
  csv: { header: readonly string[]; rows: readonly CsvValue[][]; dialect?: CsvDialect },
) {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'private, no-store')
    .send(toCsv(csv.header, csv.rows, csv.dialect));
}
