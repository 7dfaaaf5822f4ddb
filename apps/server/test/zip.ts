import { crc32, deflateRawSync } from 'node:zlib';

/**
 * A ZIP container written by hand (stored or deflated entries), enough to make the office documents the
 * documents tests send: DOCX, XLSX and ODT are ZIPs whose first entries say what they are.
 * `declaredSize` lies about an entry's inflated size, as a hostile container may.
 */
export function makeZip(
  entries: Array<{ name: string; data: Buffer | string; store?: boolean; declaredSize?: number }>,
): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const data = Buffer.from(entry.data);
    const body = entry.store ? data : deflateRawSync(data);
    const name = Buffer.from(entry.name);
    const size = entry.declaredSize ?? data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(entry.store ? 0 : 8, 8);
    local.writeUInt32LE(crc32(data), 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(entry.store ? 0 : 8, 10);
    central.writeUInt32LE(crc32(data), 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, body);
    centrals.push(central, name);
    offset += local.length + name.length + body.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const CONTENT_TYPES = (main: string, type: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/${main}" ContentType="${type}"/></Types>`;

/** A minimal Word document, as file-type recognises one. */
export const docx = (text = 'Contrato de arrendamiento') =>
  makeZip([
    {
      name: '[Content_Types].xml',
      data: CONTENT_TYPES(
        'word/document.xml',
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml',
      ),
    },
    {
      name: 'word/document.xml',
      data: `<w:document><w:body><w:p><w:r><w:t>${text}</w:t></w:r></w:p></w:body></w:document>`,
    },
  ]);

/** A minimal Excel workbook; `bomb` makes its sheet 60 MB of zeros that deflate to a few dozen KB. */
export const xlsx = (bomb = false) =>
  makeZip([
    {
      name: '[Content_Types].xml',
      data: CONTENT_TYPES(
        'xl/workbook.xml',
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml',
      ),
    },
    { name: 'xl/workbook.xml', data: '<workbook><sheets><sheet name="Gastos"/></sheets></workbook>' },
    ...(bomb ? [{ name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(60 * 1024 * 1024) }] : []),
  ]);

/** A minimal OpenDocument text: its first entry, stored, names its type. */
export const odt = () =>
  makeZip([
    { name: 'mimetype', data: 'application/vnd.oasis.opendocument.text', store: true },
    {
      name: 'content.xml',
      data: '<office:document-content><office:text>Demanda</office:text></office:document-content>',
    },
  ]);

/** A small PDF that says something recognisable in clear. */
export const pdf = (text = 'Contrato confidencial de Lucía') =>
  Buffer.from(
    `%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n% ${text}\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
  );
