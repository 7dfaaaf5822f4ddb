import { createHash } from 'node:crypto';
import { MESSAGE_TYPE } from '@l4l/shared/constants/messages';
import type { cases, chats, documents, messages } from '../schema/index.ts';

type CaseRow = typeof cases.$inferInsert;
type ChatRow = typeof chats.$inferInsert & { id: string; userId: string; lawyerId: string };
type MessageRow = typeof messages.$inferInsert & { createdAt: Date };
export type DemoDocument = Omit<typeof documents.$inferInsert, 'keyId' | 'wrappedKey'> & {
  id: string;
  bytes: Buffer;
};

/** A one-page PDF with a title and a few lines, written by hand (valid: objects, xref and trailer). */
export function demoPdf(title: string, lines: string[]): Buffer {
  const pdfText = (text: string) => text.replace(/[\\()]/g, (c) => `\\${c}`);
  // WinAnsi covers Spanish: the text is written in latin1
  const stream = [
    'BT /F1 18 Tf 56 780 Td',
    `(${pdfText(title)}) Tj`,
    '/F1 11 Tf 0 -32 Td 15 TL',
    ...lines.map((line) => `(${pdfText(line)}) '`),
    'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`,
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** A stable id from a name, so the demo is the same at every seed. */
const demoId = (name: string) => {
  const hex = createHash('sha256').update(`l4l-demo-document:${name}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};

const DOCUMENTS = [
  {
    from: 'client' as const,
    name: 'Contrato de préstamo hipotecario.pdf',
    title: 'Contrato de préstamo hipotecario',
    lines: [
      'Escritura de préstamo con garantía hipotecaria.',
      'Cláusula tercera bis: gastos a cargo del prestatario.',
    ],
  },
  {
    from: 'lawyer' as const,
    name: 'Requerimiento al banco.pdf',
    title: 'Requerimiento extrajudicial',
    lines: [
      'Muy señores míos:',
      'En nombre de mi representado les requiero la devolución de las cantidades',
      'cobradas en aplicación de cláusulas abusivas.',
    ],
  },
  {
    from: 'client' as const,
    name: 'Recibos de la hipoteca.pdf',
    title: 'Recibos pagados',
    lines: ['Listado de recibos de los últimos diez años.'],
  },
];

/**
 * (+) A few documents on the first ACTIVO demo case, each with its `document` message in the case's chat,
 * placed in the chat's story just before its last message so the history reads in order.
 */
export function planDemoDocuments(plan: { cases: CaseRow[]; chats: ChatRow[]; messages: MessageRow[] }) {
  const theCase = plan.cases.find((c) => c.status === 'ACTIVO' && c.lawyerId);
  const chat =
    theCase && plan.chats.find((c) => c.userId === theCase.userId && c.lawyerId === theCase.lawyerId);
  if (!theCase?.id || !theCase.lawyerId || !chat) return [];
  const times = plan.messages
    .filter((m) => m.chatId === chat.id)
    .map((m) => m.createdAt.getTime())
    .sort((a, b) => a - b);
  const last = times.at(-1) ?? Date.now();
  const before = times.at(-2) ?? last - 3_600_000;
  const step = Math.max(1, Math.floor((last - before) / (DOCUMENTS.length + 1)));
  return DOCUMENTS.map((spec, i): DemoDocument => {
    const id = demoId(spec.name);
    const bytes = demoPdf(spec.title, spec.lines);
    const uploaderId = spec.from === 'client' ? theCase.userId : (theCase.lawyerId as string);
    const createdAt = new Date(before + step * (i + 1));
    plan.messages.push({
      chatId: chat.id,
      senderId: uploaderId,
      type: MESSAGE_TYPE.DOCUMENT,
      text: spec.name,
      audience: 'ALL',
      caseId: theCase.id,
      documentId: id,
      documentSize: bytes.length,
      createdAt,
    });
    return {
      id,
      caseId: theCase.id as string,
      uploaderId,
      name: spec.name,
      mime: 'application/pdf',
      size: bytes.length,
      createdAt,
      bytes,
    };
  });
}
