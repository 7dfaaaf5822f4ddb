import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { CATEGORIES } from '@l4l/shared/constants/categories';
import { CLIENT_ONLY_MESSAGE_TYPES, MESSAGE_TYPE, type MessageType } from '@l4l/shared/constants/messages';
import { usernameOf } from '@l4l/shared/schemas/auth';
import { searchableText } from '@l4l/shared/search';
import { count, sql } from 'drizzle-orm';
import { hashPassword } from '../../lib/passwords.ts';
import type { Db, Tx } from '../database.ts';
import {
  academicExperiences,
  cases,
  chats,
  lawyerProfiles,
  messages,
  payments,
  proposals,
  ratings,
  users,
  workExperiences,
} from '../schema/index.ts';
import { DEMO_LAWYERS } from './demo-lawyers.ts';
import { AVATAR_PALETTE, initialsOf, renderAvatar, renderDocument } from './images.ts';

/** Every demo account uses this password (README, and printed at start outside production). */
export const DEMO_PASSWORD = 'L4l-Demo-2026';
export const DEMO_ADMIN_MAIL = 'admin@l4l.demo';
const PLATFORM_FEE = 0.1;
const DAY = 24 * 60 * 60 * 1000;

export type DemoLogins = {
  client: string;
  lawyer: string;
  admin: string;
  password: string;
  clients: string[];
  lawyers: string[];
};

const CLIENTS = [
  { name: 'Marta', surname: 'Ruiz Gómez', phone: '612345678' },
  { name: 'Javier', surname: 'López Herrera', phone: '623456789' },
  { name: 'Ana', surname: 'Sánchez Molina', phone: '634567890' },
  { name: 'Pablo', surname: 'Fernández Ortega', phone: '645678901' },
  { name: 'Elena', surname: 'Castro Iglesias', phone: '656789012' },
] as const;

/** A small deterministic generator, so the demo looks the same on every machine (stable screenshots). */
function prng(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

const slug = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');

export const demoLawyerMail = (name: string, surname: string) =>
  `${slug(name)}.${slug(surname.split(' ')[0] ?? surname)}@l4l.demo`;

type Person = { id: string; name: string; surname: string; photoUrl: string };

type Story = {
  title: string;
  description: string;
  status: 'PENDIENTE DE VALIDACIÓN' | 'PENDIENTE DE ASIGNACIÓN' | 'ACTIVO' | 'FINALIZADO' | 'DESCARTADO';
  category?: string;
  step?: number;
  price?: number;
  daysAgo: number;
  discardReason?: string;
  closureRequested?: boolean;
  rating?: { stars: number; title: string; description: string };
  /** pending proposals from other lawyers (PENDIENTE DE ASIGNACIÓN) */
  offers?: number[];
  image?: string;
};

/** The cases of the five demo clients, one story each, covering every status and message type. */
const STORIES: Array<Story & { client: number; lawyer?: number }> = [
  {
    client: 0,
    status: 'PENDIENTE DE VALIDACIÓN',
    daysAgo: 1,
    title: 'Reclamación de fianza del alquiler',
    description:
      'Dejé el piso hace dos meses en perfecto estado y el propietario no me devuelve los 1.800 € de fianza. Tengo fotos y el inventario firmado.',
  },
  {
    client: 1,
    status: 'PENDIENTE DE VALIDACIÓN',
    daysAgo: 0,
    title: 'Despido durante la baja médica',
    description:
      'Me han despedido estando de baja por una lesión de espalda. La carta habla de bajo rendimiento. Quiero saber si es nulo y qué plazos tengo.',
  },
  {
    client: 2,
    status: 'PENDIENTE DE ASIGNACIÓN',
    category: 'Abogado Sucesiones y testamentos',
    daysAgo: 6,
    offers: [0, 6],
    title: 'Herencia con un inmueble entre tres hermanos',
    description:
      'Nuestro padre falleció sin testamento. Hay un piso en Valencia y una cuenta bancaria. Uno de los hermanos no quiere vender y necesitamos repartir la herencia.',
  },
  {
    client: 3,
    status: 'PENDIENTE DE ASIGNACIÓN',
    category: 'Abogado Mercantil',
    daysAgo: 4,
    offers: [3],
    title: 'Pacto de socios para una startup',
    description:
      'Somos tres socios fundadores y vamos a cerrar una ronda con inversores. Necesitamos un pacto de socios con vesting y cláusulas de salida.',
  },
  {
    client: 4,
    status: 'PENDIENTE DE ASIGNACIÓN',
    category: 'Abogado Extranjería',
    daysAgo: 2,
    title: 'Arraigo social para mi pareja',
    description:
      'Mi pareja lleva tres años en España y tiene una oferta de trabajo. Queremos solicitar el arraigo social y no sabemos qué documentos reunir.',
  },
  {
    client: 0,
    lawyer: 0,
    status: 'ACTIVO',
    category: 'Abogado Divorcios',
    step: 4,
    price: 950,
    daysAgo: 21,
    image: 'Convenio regulador (borrador)',
    title: 'Divorcio de mutuo acuerdo con hijos',
    description:
      'Mi marido y yo hemos decidido divorciarnos de mutuo acuerdo. Tenemos dos hijos de 6 y 9 años y queremos custodia compartida y un convenio regulador justo.',
  },
  {
    client: 1,
    lawyer: 10,
    status: 'ACTIVO',
    category: 'Abogado Laboral',
    step: 2,
    price: 480,
    daysAgo: 9,
    title: 'Reclamación de horas extra',
    description:
      'Llevo un año haciendo horas extra que no me pagan. Tengo registros de entrada y salida y correos del encargado pidiéndome quedarme.',
  },
  {
    client: 2,
    lawyer: 12,
    status: 'ACTIVO',
    category: 'Abogado Fiscal',
    step: 5,
    price: 1200,
    daysAgo: 30,
    closureRequested: true,
    title: 'Inspección de Hacienda por el IRPF de 2022',
    description:
      'He recibido una comunicación de inicio de inspección por mi declaración de 2022, por unos rendimientos de alquiler. Necesito que me representen.',
  },
  {
    client: 3,
    lawyer: 6,
    status: 'FINALIZADO',
    category: 'Abogado Bancario',
    price: 600,
    daysAgo: 60,
    rating: {
      stars: 5,
      title: 'Recuperé todo lo de la cláusula suelo',
      description:
        'Explicaciones claras, plazos cumplidos y el banco devolvió todo lo cobrado de más con intereses.',
    },
    title: 'Cláusula suelo de mi hipoteca',
    description:
      'Mi hipoteca de 2009 tiene una cláusula suelo del 3 %. Quiero reclamar lo pagado de más al banco.',
  },
  {
    client: 4,
    lawyer: 1,
    status: 'FINALIZADO',
    category: 'Abogado Civil',
    price: 350,
    daysAgo: 45,
    rating: {
      stars: 4,
      title: 'Muy profesional',
      description:
        'Resolvió el problema con la comunidad en pocas semanas. Habría agradecido algo más de rapidez al contestar.',
    },
    title: 'Humedades causadas por el vecino de arriba',
    description:
      'Desde hace meses tengo humedades en el techo del baño por una fuga del piso de arriba y el vecino no quiere hacerse cargo.',
  },
  {
    client: 0,
    lawyer: 4,
    status: 'FINALIZADO',
    category: 'Abogado Inmobiliario',
    price: 700,
    daysAgo: 75,
    title: 'Revisión de contrato de compraventa',
    description:
      'Vamos a comprar una vivienda de segunda mano y queremos que un abogado revise el contrato de arras y la nota simple antes de firmar.',
  },
  {
    client: 1,
    status: 'DESCARTADO',
    daysAgo: 12,
    discardReason:
      'La descripción no explica el problema jurídico. Puedes crear un caso nuevo con más detalle.',
    title: 'Consulta',
    description: 'Necesito ayuda urgente.',
  },
];

const TEXTS = {
  hello: (lawyer: string) =>
    `Hola, soy ${lawyer}. He leído tu caso y creo que puedo ayudarte. ¿Tienes un momento para comentar los detalles?`,
  clientReply: 'Sí, claro. Te adjunto lo que tengo y me dices qué más necesitas.',
  proposal:
    'Te propongo encargarme de todo el procedimiento por un precio cerrado, con reuniones de seguimiento incluidas.',
  documents: 'Perfecto, con esto puedo empezar. Te aviso en cuanto presente el escrito.',
  thanks: 'Muchas gracias por tu ayuda, ha sido muy fácil entenderlo todo.',
  closure: 'He terminado todas las gestiones del caso. Si estás de acuerdo, confirma el cierre.',
  closed: 'El caso se ha cerrado. Gracias por confiar en L4L.',
  ratePrompt: '¿Qué tal ha ido? Valora a tu abogado para ayudar a otros clientes.',
  accepted: 'Propuesta aceptada y pago confirmado. El caso está activo.',
  rejected: 'La propuesta ha sido rechazada.',
  clientNotice: 'Recuerda: tu justificante de pago está en Facturación y pagos.',
};

/**
 * Demo data for a first start on an empty database (SEED_DEMO): verified lawyers in every category with
 * photos, experience, prices and ratings; clients; cases in every status; chats with every message type.
 * Does nothing when the database already has users, so a restart never seeds twice.
 */
export async function seedDemo(
  db: Db,
  options: { dataDir: string; log?: (line: string) => void },
): Promise<{ created: boolean; present: boolean; logins: DemoLogins }> {
  const lawyerMails = DEMO_LAWYERS.filter((l) => !l.unverified).map((l) => demoLawyerMail(l.name, l.surname));
  const clientMails = CLIENTS.map((_, i) => `cliente${i + 1}@l4l.demo`);
  const logins: DemoLogins = {
    client: clientMails[0] ?? '',
    lawyer: lawyerMails[0] ?? '',
    admin: DEMO_ADMIN_MAIL,
    password: DEMO_PASSWORD,
    clients: clientMails,
    lawyers: lawyerMails,
  };
  const [existing] = await db
    .select({ all: count(), demo: sql<number>`count(*) filter (where ${users.isDemo})`.mapWith(Number) })
    .from(users);
  if ((existing?.all ?? 0) > 0) return { created: false, present: (existing?.demo ?? 0) > 0, logins };

  const started = Date.now();
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const avatars = path.join(options.dataDir, 'uploads', 'avatars');
  const documents = path.join(options.dataDir, 'uploads', 'chat');
  await mkdir(avatars, { recursive: true });
  await mkdir(documents, { recursive: true });
  const avatar = async (name: string, surname: string, index: number) => {
    const file = `demo-${slug(name)}-${slug(surname)}.png`;
    const colour = AVATAR_PALETTE[index % AVATAR_PALETTE.length] ?? AVATAR_PALETTE[0];
    await writeFile(path.join(avatars, file), await renderAvatar(initialsOf(name, surname), colour));
    return `/uploads/avatars/${file}`;
  };
  const random = prng(2026);
  const now = Date.now();
  const at = (daysAgo: number, minutes = 0) => new Date(now - daysAgo * DAY + minutes * 60_000);

  await db.transaction(async (tx) => {
    await tx.insert(users).values({
      role: 'ADMIN',
      mail: DEMO_ADMIN_MAIL,
      passwordHash,
      name: 'Administración',
      surname: 'L4L',
      username: 'AdministraciónL4L',
      isDemo: true,
    });

    const clients: Person[] = [];
    for (const [i, c] of CLIENTS.entries()) {
      const photoUrl = await avatar(c.name, c.surname, i + 3);
      const [row] = await tx
        .insert(users)
        .values({
          role: 'USUARIO',
          mail: clientMails[i] ?? '',
          passwordHash,
          name: c.name,
          surname: c.surname,
          username: usernameOf(c.name, c.surname),
          phoneNumber: c.phone,
          photoUrl,
          lastConnection: at(i % 3, -30 * i),
          isDemo: true,
          createdAt: at(90 - i * 5),
        })
        .returning({ id: users.id });
      if (row) clients.push({ id: row.id, name: c.name, surname: c.surname, photoUrl });
    }

    const lawyers: Person[] = [];
    for (const [i, l] of DEMO_LAWYERS.entries()) {
      const photoUrl = await avatar(l.name, l.surname, i);
      const [row] = await tx
        .insert(users)
        .values({
          role: 'ABOGADO',
          mail: demoLawyerMail(l.name, l.surname),
          passwordHash,
          name: l.name,
          surname: l.surname,
          username: usernameOf(l.name, l.surname),
          phoneNumber: `6${String(10_000_000 + i * 7_345_123).slice(0, 8)}`,
          photoUrl,
          lastConnection: at(i % 4, -17 * i),
          isDemo: true,
          createdAt: at(200 - i * 3),
        })
        .returning({ id: users.id });
      if (!row) continue;
      await tx.insert(lawyerProfiles).values({
        userId: row.id,
        description: l.description,
        categories: l.categories,
        province: l.province,
        lawyerAssociation: l.association,
        membershipNumber: l.membership,
        avgResponseTime: l.responseTime,
        priceHourCents: Math.round(l.priceHour * 100),
        priceFirstVisitCents: l.firstVisit === 'free' ? 0 : Math.round(l.firstVisit * 100),
        firstVisitFree: l.firstVisit === 'free',
        featured: Boolean(l.featured),
        verifiedAt: l.unverified ? null : at(150 - i),
        searchText: searchableText(l.name, l.surname),
      });
      const toEntry = ([place, title, startDate, endDate]: readonly [string, string, string, string?]) => ({
        lawyerId: row.id,
        place,
        title,
        startDate,
        endDate: endDate ?? null,
      });
      if (l.academic.length) {
        await tx
          .insert(academicExperiences)
          .values(l.academic.map(toEntry).map(({ place, ...e }) => ({ ...e, center: place })));
      }
      if (l.work.length) {
        await tx
          .insert(workExperiences)
          .values(
            l.work.map(toEntry).map(({ place, title, ...e }) => ({ ...e, company: place, position: title })),
          );
      }
      if (!l.unverified) lawyers.push({ id: row.id, name: l.name, surname: l.surname, photoUrl });
    }

    const stats = new Map<string, { sum: number; count: number; active: number; finished: number }>();
    const stat = (lawyerId: string) => {
      const known = stats.get(lawyerId);
      if (known) return known;
      const fresh = { sum: 0, count: 0, active: 0, finished: 0 };
      stats.set(lawyerId, fresh);
      return fresh;
    };

    for (const story of STORIES) {
      await tellStory(tx, story, { clients, lawyers, at, stat, documents });
    }

    // Past, finished cases give every verified lawyer a record of ratings for the directory.
    for (const [i, lawyer] of lawyers.entries()) {
      const past = 1 + Math.floor(random() * 4);
      for (let k = 0; k < past; k++) {
        const client = clients[(i + k) % clients.length] ?? clients[0];
        if (!client) continue;
        const stars = random() < 0.7 ? 5 : random() < 0.8 ? 4 : 3;
        const days = 100 + Math.floor(random() * 200);
        const priceCents = (250 + Math.floor(random() * 12) * 50) * 100;
        const category =
          DEMO_LAWYERS.find((l) => l.name === lawyer.name && l.surname === lawyer.surname)?.categories[0] ??
          CATEGORIES[0];
        const [done] = await tx
          .insert(cases)
          .values({
            userId: client.id,
            lawyerId: lawyer.id,
            title: PAST_TITLES[(i + k) % PAST_TITLES.length] ?? 'Consulta jurídica',
            description: 'Caso resuelto a través de L4L.',
            category,
            status: 'FINALIZADO',
            progressStep: 7,
            casePriceCents: priceCents,
            creationDate: at(days + 20),
            validatedAt: at(days + 19),
            assignationDate: at(days + 15),
            startDate: at(days + 15),
            finishDate: at(days),
            endDate: at(days),
          })
          .returning({ id: cases.id });
        if (!done) continue;
        await recordPayment(tx, {
          caseId: done.id,
          lawyerId: lawyer.id,
          userId: client.id,
          priceCents,
          when: at(days + 15),
        });
        await tx.insert(ratings).values({
          caseId: done.id,
          userId: client.id,
          lawyerId: lawyer.id,
          stars,
          title: RATING_TITLES[stars] ?? 'Buena experiencia',
          description: RATING_TEXTS[(i + k) % RATING_TEXTS.length] ?? '',
          createdAt: at(days - 1),
        });
        const s = stat(lawyer.id);
        s.sum += stars;
        s.count += 1;
        s.finished += 1;
      }
    }

    for (const [lawyerId, s] of stats) {
      await tx
        .update(lawyerProfiles)
        .set({ ratingSum: s.sum, ratingCount: s.count, activeCases: s.active, finishedCases: s.finished })
        .where(eqLawyer(lawyerId));
    }
  });

  options.log?.(`demo data created in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return { created: true, present: true, logins };
}

import { eq } from 'drizzle-orm';

const eqLawyer = (lawyerId: string) => eq(lawyerProfiles.userId, lawyerId);

const PAST_TITLES = [
  'Reclamación a una aerolínea por cancelación',
  'Revisión de contrato de trabajo',
  'Desahucio por impago de alquiler',
  'Reclamación de deuda a un cliente',
  'Modificación de medidas de custodia',
  'Recurso contra una multa de tráfico',
  'Aceptación de herencia',
  'Constitución de una sociedad limitada',
];
const RATING_TITLES: Record<number, string> = {
  5: 'Excelente profesional',
  4: 'Muy buena experiencia',
  3: 'Correcto',
};
const RATING_TEXTS = [
  'Me explicó cada paso con paciencia y cumplió el presupuesto cerrado.',
  'Rápido, claro y muy resolutivo. Lo recomiendo sin dudarlo.',
  'Buen trabajo, aunque tardó algo en responder algunos mensajes.',
  'Se notó su experiencia desde la primera consulta. Muy satisfecha.',
  'Todo por el chat de la plataforma, sin desplazamientos. Muy cómodo.',
];

async function recordPayment(
  tx: Tx,
  p: {
    caseId: string;
    lawyerId: string;
    userId: string;
    priceCents: number;
    when: Date;
    proposalId?: string;
  },
) {
  let proposalId = p.proposalId;
  if (!proposalId) {
    const [proposal] = await tx
      .insert(proposals)
      .values({
        caseId: p.caseId,
        lawyerId: p.lawyerId,
        priceCents: p.priceCents,
        message: TEXTS.proposal,
        status: 'PAGADA',
        createdAt: p.when,
        decidedAt: p.when,
      })
      .returning({ id: proposals.id });
    proposalId = proposal?.id;
  }
  if (!proposalId) return;
  await tx.insert(payments).values({
    caseId: p.caseId,
    proposalId,
    userId: p.userId,
    lawyerId: p.lawyerId,
    provider: 'sandbox',
    providerSessionId: `demo_${p.caseId}`,
    amountCents: p.priceCents,
    feeCents: Math.round(p.priceCents * PLATFORM_FEE),
    status: 'COMPLETADO',
    createdAt: p.when,
    completedAt: p.when,
  });
}

type StoryContext = {
  clients: Person[];
  lawyers: Person[];
  at: (daysAgo: number, minutes?: number) => Date;
  stat: (lawyerId: string) => { sum: number; count: number; active: number; finished: number };
  documents: string;
};

/** One case and, when a lawyer is involved, its chat in the order the case lived it. */
async function tellStory(tx: Tx, story: (typeof STORIES)[number], ctx: StoryContext) {
  const client = ctx.clients[story.client];
  if (!client) return;
  const lawyer = story.lawyer === undefined ? undefined : ctx.lawyers[story.lawyer];
  const { at } = ctx;
  const created = at(story.daysAgo);
  const published = story.status !== 'PENDIENTE DE VALIDACIÓN' && story.status !== 'DESCARTADO';
  const assigned = story.status === 'ACTIVO' || story.status === 'FINALIZADO';
  const priceCents = story.price ? story.price * 100 : null;
  const step =
    story.status === 'FINALIZADO' ? 7 : story.status === 'ACTIVO' ? (story.step ?? 2) : published ? 1 : 0;
  const [row] = await tx
    .insert(cases)
    .values({
      userId: client.id,
      lawyerId: assigned ? lawyer?.id : null,
      title: story.title,
      description: story.description,
      category: story.category ?? 'Por calificar',
      status: story.status,
      progressStep: step,
      casePriceCents: assigned ? priceCents : null,
      creationDate: created,
      validatedAt: published || story.status === 'DESCARTADO' ? at(story.daysAgo - 1) : null,
      discardReason: story.discardReason ?? null,
      assignationDate: assigned ? at(story.daysAgo - 3) : null,
      startDate: assigned ? at(story.daysAgo - 3) : null,
      finishDate: story.status === 'FINALIZADO' ? at(story.daysAgo - 20) : null,
      endDate: story.status === 'FINALIZADO' ? at(story.daysAgo - 20) : null,
      closureRequestedAt: story.closureRequested ? at(1) : null,
    })
    .returning({ id: cases.id });
  if (!row) return;
  const caseId = row.id;

  // pending offers on a published case: a chat with a proposal (type 2) each
  for (const [k, index] of (story.offers ?? []).entries()) {
    const offerer = ctx.lawyers[index];
    if (!offerer) continue;
    const chat = await openChat(tx, client.id, offerer.id, at(story.daysAgo - 1));
    const amount = (300 + k * 150) * 100;
    const [proposal] = await tx
      .insert(proposals)
      .values({
        caseId,
        lawyerId: offerer.id,
        chatId: chat,
        priceCents: amount,
        message: TEXTS.proposal,
        createdAt: at(story.daysAgo - 1, 30),
      })
      .returning({ id: proposals.id });
    const say = messageWriter(tx, chat, at(story.daysAgo - 1));
    await say(offerer.id, MESSAGE_TYPE.TEXT, TEXTS.hello(`${offerer.name} ${offerer.surname}`));
    await say(offerer.id, MESSAGE_TYPE.PROPOSAL, TEXTS.proposal, {
      proposalId: proposal?.id,
      caseId,
      amount,
    });
    if (k === 0) await say(client.id, MESSAGE_TYPE.TEXT, 'Gracias, lo reviso hoy mismo y te digo algo.');
    await finishChat(tx, chat, say.last());
  }

  if (!lawyer || !assigned || !priceCents) return;
  const chat = await openChat(tx, client.id, lawyer.id, at(story.daysAgo - 1));
  const say = messageWriter(tx, chat, at(story.daysAgo - 1));
  const [proposal] = await tx
    .insert(proposals)
    .values({
      caseId,
      lawyerId: lawyer.id,
      chatId: chat,
      priceCents,
      message: TEXTS.proposal,
      status: 'PAGADA',
      createdAt: at(story.daysAgo - 1, 20),
      decidedAt: at(story.daysAgo - 3),
    })
    .returning({ id: proposals.id });
  await say(lawyer.id, MESSAGE_TYPE.TEXT, TEXTS.hello(`${lawyer.name} ${lawyer.surname}`));
  await say(client.id, MESSAGE_TYPE.TEXT, TEXTS.clientReply);
  if (story.image) {
    const file = `demo-${caseId.slice(0, 8)}.png`;
    await writeFile(
      path.join(ctx.documents, file),
      await renderDocument(story.image, story.client, '#2f5d8a'),
    );
    await say(client.id, MESSAGE_TYPE.IMAGE, `/uploads/chat/${file}`);
  }
  await say(lawyer.id, MESSAGE_TYPE.PROPOSAL, TEXTS.proposal, {
    proposalId: proposal?.id,
    caseId,
    amount: priceCents,
  });
  await say(null, MESSAGE_TYPE.PROPOSAL_ACCEPTED, TEXTS.accepted, {
    proposalId: proposal?.id,
    caseId,
    amount: priceCents,
  });
  await say(lawyer.id, MESSAGE_TYPE.TEXT, TEXTS.documents);
  await recordPayment(tx, {
    caseId,
    lawyerId: lawyer.id,
    userId: client.id,
    priceCents,
    when: at(story.daysAgo - 3),
    proposalId: proposal?.id,
  });
  const s = ctx.stat(lawyer.id);
  if (story.status === 'ACTIVO') {
    s.active += 1;
    if (story.closureRequested) await say(lawyer.id, MESSAGE_TYPE.CLOSURE_REQUEST, TEXTS.closure, { caseId });
  } else {
    s.finished += 1;
    await say(lawyer.id, MESSAGE_TYPE.CLOSURE_REQUEST, TEXTS.closure, { caseId });
    await say(client.id, MESSAGE_TYPE.TEXT, TEXTS.thanks);
    await say(null, MESSAGE_TYPE.CLOSURE_CONFIRMED, TEXTS.closed, { caseId });
    await say(null, MESSAGE_TYPE.RATING_PROMPT, TEXTS.ratePrompt, { caseId });
    await say(null, MESSAGE_TYPE.CLIENT_NOTICE, TEXTS.clientNotice, { caseId });
    if (story.rating) {
      await tx.insert(ratings).values({
        caseId,
        userId: client.id,
        lawyerId: lawyer.id,
        ...story.rating,
        createdAt: at(story.daysAgo - 21),
      });
      s.sum += story.rating.stars;
      s.count += 1;
    }
  }
  // a rejected offer leaves a notice (type 8) in the history
  if (story.status === 'ACTIVO' && story.step === 2)
    await say(null, MESSAGE_TYPE.NOTICE, TEXTS.rejected, { caseId });
  await finishChat(tx, chat, say.last());
}

async function openChat(tx: Tx, userId: string, lawyerId: string, when: Date): Promise<string> {
  const [existing] = await tx
    .insert(chats)
    .values({ userId, lawyerId, createdAt: when })
    .onConflictDoUpdate({ target: [chats.userId, chats.lawyerId], set: { userId } })
    .returning({ id: chats.id });
  if (!existing) throw new Error('chat not created');
  return existing.id;
}

/** Writes messages a few minutes apart from `start`; remembers the time of the last one. */
function messageWriter(tx: Tx, chatId: string, start: Date) {
  let minutes = 0;
  let last = start;
  const say = async (
    senderId: string | null,
    type: MessageType,
    text: string,
    extra: { proposalId?: string; caseId?: string; amount?: number } = {},
  ) => {
    minutes += 7 + (minutes % 11);
    last = new Date(start.getTime() + minutes * 60_000);
    await tx.insert(messages).values({
      chatId,
      senderId,
      type,
      text,
      audience: CLIENT_ONLY_MESSAGE_TYPES.includes(type) ? 'USUARIO' : 'ALL',
      proposalId: extra.proposalId ?? null,
      caseId: extra.caseId ?? null,
      proposalAmountCents: extra.amount ?? null,
      createdAt: last,
    });
  };
  return Object.assign(say, { last: () => last });
}

async function finishChat(tx: Tx, chatId: string, lastMessageAt: Date) {
  await tx.update(chats).set({ lastMessageAt, userLastReadAt: lastMessageAt }).where(eq(chats.id, chatId));
}
