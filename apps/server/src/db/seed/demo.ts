import { createHash } from 'node:crypto';
import { STEP_BY_STATUS } from '@l4l/shared/constants/cases';
import { type Category, UNCLASSIFIED_CATEGORY } from '@l4l/shared/constants/categories';
import { CLIENT_ONLY_MESSAGE_TYPES, MESSAGE_TYPE, type MessageType } from '@l4l/shared/constants/messages';
import { formatEuros } from '@l4l/shared/format';
import { usernameOf } from '@l4l/shared/schemas/auth';
import { erasedMail } from '@l4l/shared/schemas/privacy';
import { searchableText } from '@l4l/shared/search';
import { es } from '@l4l/shared/texts/es';
import { asc, count, eq, isNotNull, sql } from 'drizzle-orm';
import { writeAvatarThumbnail } from '../../lib/image-processing.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { createKeyring, type MasterKey } from '../../lib/storage/envelope.ts';
import type { Storage } from '../../lib/storage/index.ts';
import type { AfterCommit } from '../../lib/transaction.ts';
import { rebuildBoard } from '../../modules/cases/index.ts';
import { assignLawyerSlugs, refreshResponseTimes } from '../../modules/lawyers/index.ts';
import type { Db, Tx } from '../database.ts';
import {
  academicExperiences,
  caseAlerts,
  cases,
  chats,
  consultations,
  disputes,
  documents,
  fiscalProfiles,
  lawyerAvailability,
  lawyerProfiles,
  ledgerEntries,
  messages,
  notifications,
  payments,
  payoutAccounts,
  proposals,
  ratingReports,
  ratings,
  refunds,
  savedSearches,
  transfers,
  uploads,
  users,
  workExperiences,
} from '../schema/index.ts';
import { planDemoAlerts } from './demo-alerts.ts';
import {
  DEMO_CASES,
  DEMO_CLIENTS,
  DEMO_UNVERIFIED_CLIENT,
  type DemoCase,
  type DemoProposal,
  PAST_CASES,
  PAST_RATINGS,
  type ScriptLine,
} from './demo-cases.ts';
import { planDemoConsultations } from './demo-consultations.ts';
import { planDemoDocuments } from './demo-documents.ts';
import { demoFiscalProfiles } from './demo-fiscal.ts';
import { DEMO_LAWYERS } from './demo-lawyers.ts';
import { type CasePayment, planDemoMoney } from './demo-money.ts';
import { planDemoNotifications } from './demo-notifications.ts';
import { demoVideoRoom } from './demo-video-room.ts';
import { AVATAR_PALETTE, drawableInitials, renderAvatar, renderDocument } from './images.ts';

/** Every demo account uses this password (README, and printed at start outside production). */
export const DEMO_PASSWORD = 'L4l-Demo-2026';
export const DEMO_ADMIN_MAIL = 'admin@l4l.demo';
/**
 * The demo administrator's second factor, enrolled from the start and printed with the demo logins;
 * `npm run admin:totp` prints its current code. Demo data never exists in production.
 */
export const DEMO_ADMIN_TOTP_SECRET = 'L4LDEMOADMINSECRETTOTPXYZABCDEFG';
const PLATFORM_FEE = 0.1;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Any fixed number: two processes starting together on one empty PostgreSQL seed once. */
const SEED_LOCK = 4_141_415;

export type DemoLogins = {
  client: string;
  lawyer: string;
  admin: string;
  adminTotpSecret: string;
  password: string;
  clients: string[];
  lawyers: string[];
};

/** What the platform writes into a chat as the case moves on (the server's own wording). */
const NOTICES = {
  accepted: 'Propuesta aceptada y pago confirmado. El caso está activo.',
  paymentReceived: 'Hemos recibido tu pago. Tienes el justificante en Facturación y pagos.',
  rejected: 'El cliente ha rechazado la propuesta.',
  assignedElsewhere: 'El caso se ha asignado a otro abogado. Esta propuesta ya no está disponible.',
  closureRequest: 'He terminado todas las gestiones del caso. Si estás de acuerdo, confirma el cierre.',
  closureWithdrawn: 'El cliente indica que el caso todavía no ha terminado. El caso sigue activo.',
  closed: 'El caso se ha cerrado. Gracias por confiar en L4L.',
  // the server's own wording for a proposal its lawyer withdrew or replaced
  withdrawn: (lawyer: string, cents: number) => es.caseMessages.proposalWithdrawn(lawyer, eurosOf(cents)),
  replaced: (lawyer: string, before: number, after: number) =>
    es.caseMessages.proposalReplaced(lawyer, eurosOf(before), eurosOf(after)),
  ratePrompt: '¿Qué tal ha ido? Valora a tu abogado para ayudar a otros clientes.',
};

const slug = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');

export const demoLawyerMail = (name: string, surname: string) =>
  `${slug(name)}.${slug(surname.split(' ')[0] ?? surname)}@l4l.demo`;

/** The same id for the same demo row on every machine (stable case codes in screenshots). */
function demoId(key: string): string {
  const hex = createHash('sha1').update(`l4l-demo:${key}`).digest('hex');
  const variant = ((Number.parseInt(hex.slice(16, 18), 16) & 0x3f) | 0x80).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(18, 20)}-${hex.slice(20, 32)}`;
}

/** A fixed number of minutes below `max` for a key, so not every event happens at the same minute. */
function jitter(key: string, max: number): number {
  return (Number.parseInt(createHash('sha1').update(key).digest('hex').slice(0, 8), 16) % max) * MINUTE;
}

/** A small deterministic generator, so the demo looks the same on every machine (stable screenshots). */
function prng(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

function demoLogins(): DemoLogins {
  const lawyers = DEMO_LAWYERS.filter((l) => !l.unverified).map((l) => demoLawyerMail(l.name, l.surname));
  const clients = DEMO_CLIENTS.map((c) => c.mail);
  return {
    client: clients[0] ?? '',
    lawyer: lawyers[0] ?? '',
    admin: DEMO_ADMIN_MAIL,
    adminTotpSecret: DEMO_ADMIN_TOTP_SECRET,
    password: DEMO_PASSWORD,
    clients,
    lawyers,
  };
}

async function userCounts(db: Db | Tx) {
  const [row] = await db
    .select({ all: count(), demo: sql<number>`count(*) filter (where ${users.isDemo})`.mapWith(Number) })
    .from(users);
  return { all: row?.all ?? 0, demo: row?.demo ?? 0 };
}

/**
 * Demo data for a first start on an empty database (SEED_DEMO): verified lawyers in every category with
 * photos, experience, prices and ratings; clients; cases in every status, each with the chat its story
 * produced; payments and ratings. Does nothing when the database already has users, so a restart never
 * seeds twice. Everything is written in one transaction.
 */
export async function seedDemo(
  db: Db,
  options: {
    storage: Storage;
    filesKey: MasterKey;
    log?: (line: string) => void;
    now?: Date;
    /** the invoices of the demo's payments and refunds, issued as the app issues them (docs/invoices.md) */
    invoices?: DemoInvoicing;
  },
): Promise<{ created: boolean; present: boolean; logins: DemoLogins }> {
  const logins = demoLogins();
  const before = await userCounts(db);
  if (before.all > 0) return { created: false, present: before.demo > 0, logins };

  const started = Date.now();
  const now = options.now ?? new Date();
  const plan = planDemo(now);
  // case documents, sealed as every document is (docs/decisions/0013-documents-storage-encryption.md)
  const keyring = createKeyring(options.filesKey);
  const demoDocuments = planDemoDocuments(plan).map(({ bytes, ...row }) => {
    const { object, seal } = keyring.encrypt(bytes);
    return { row: { ...row, ...seal }, object };
  });
  const [passwordHash, pictures] = await Promise.all([
    hashPassword(DEMO_PASSWORD),
    Promise.all(plan.pictures.map((p) => p.draw())),
  ]);
  // an erased account keeps no password (docs/domain.md, Privacy rights)
  for (const user of plan.users) if (!user.erasedAt) user.passwordHash = passwordHash;
  const uploadRows = plan.pictures.map((p, i) => ({
    ownerId: p.ownerId,
    url: p.url,
    mime: 'image/png',
    bytes: pictures[i]?.length ?? 0,
    // the PNG's header (IHDR) holds its size: the chat keeps a picture's place before it loads
    width: pictures[i]?.readUInt32BE(16) ?? null,
    height: pictures[i]?.readUInt32BE(20) ?? null,
    purpose: p.purpose,
    createdAt: p.at,
  }));

  const created = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    if ((await userCounts(tx)).all > 0) return false;
    await insertAll(tx, users, plan.users);
    await insertAll(tx, lawyerProfiles, plan.profiles);
    // each demo lawyer's public page (docs/domain.md, Public lawyer pages), in the order they joined
    await assignLawyerSlugs(tx);
    await insertAll(tx, academicExperiences, plan.academic);
    await insertAll(tx, workExperiences, plan.work);
    await insertAll(tx, cases, plan.cases);
    await insertAll(tx, chats, plan.chats);
    await insertAll(tx, proposals, plan.proposals);
    // carmen.rodriguez has not set up payouts: 'Cobros' offers her the set-up
    const money = planDemoMoney({ ...plan, keepWithoutAccount: demoId('carmen.rodriguez@l4l.demo') });
    await insertAll(tx, payments, plan.payments);
    await insertAll(tx, payoutAccounts, money.accounts);
    await insertAll(tx, transfers, money.transfers);
    await insertAll(tx, refunds, money.refunds);
    await insertAll(tx, disputes, money.disputes);
    await insertAll(tx, ledgerEntries, money.ledger);
    const booked = planDemoConsultations({
      lawyers: plan.profiles.map((profile) => ({
        id: profile.userId,
        verified: Boolean(profile.verifiedAt),
        province: profile.province,
        firstVisitFree: profile.firstVisitFree ?? false,
        priceFirstVisitCents: profile.priceFirstVisitCents ?? null,
      })),
      clientIds: plan.users.filter((user) => user.role === 'USUARIO').map((user) => user.id ?? ''),
      now,
      feeRate: PLATFORM_FEE,
    });
    await insertAll(tx, lawyerAvailability, booked.availability);
    await insertAll(tx, consultations, booked.consultations);
    // (+) the paid one's payment after its consultation (each names the other), its charge held
    await insertAll(tx, payments, booked.payments);
    for (const payment of booked.payments) {
      await tx
        .update(consultations)
        .set({ paymentId: payment.id })
        .where(eq(consultations.id, payment.consultationId ?? ''));
    }
    await insertAll(tx, ledgerEntries, booked.ledger);
    await insertAll(tx, ratings, plan.ratings);
    await insertAll(tx, ratingReports, plan.ratingReports);
    await insertAll(tx, notifications, planDemoNotifications({ ...plan, moneyNotices: money.notices }, now));
    const alerts = planDemoAlerts(plan, now);
    await insertAll(tx, savedSearches, alerts.searches);
    await insertAll(tx, caseAlerts, alerts.alerts);
    await insertAll(tx, notifications, alerts.notifications);
    await insertAll(tx, fiscalProfiles, plan.fiscal);
    // (+) a video consultation under way: its room is open at once (docs/consultations.md, The video room)
    await insertAll(tx, consultations, [
      demoVideoRoom(demoId('cliente1@l4l.demo'), demoId('lucia.garcia@l4l.demo'), now),
    ]);
    if (options.invoices) await invoiceDemo(tx as Db, options.invoices, money.refunds);
    await rebuildBoard(tx);
    // in time order: the history of a chat is read in insertion (seq) order
    await insertAll(
      tx,
      messages,
      plan.messages.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()),
    );
    await refreshResponseTimes(tx);
    await insertAll(tx, uploads, uploadRows);
    await insertAll(
      tx,
      documents,
      demoDocuments.map((d) => d.row),
    );
    // the files last, so a failure to write them rolls the rows back
    await Promise.all(
      plan.pictures.map(async (p, i) => {
        const key = p.url.slice('/uploads/'.length);
        const bytes = pictures[i] ?? Buffer.alloc(0);
        await options.storage.put(key, bytes, 'image/png');
        // an avatar's small copy, as every stored avatar has (the directory's cards)
        if (p.purpose === 'avatar') await writeAvatarThumbnail(options.storage, key, bytes);
      }),
    );
    await Promise.all(
      demoDocuments.map((d) =>
        options.storage.put(`documents/${d.row.id}`, d.object, 'application/octet-stream'),
      ),
    );
    return true;
  });
  if (!created) return { created: false, present: (await userCounts(db)).demo > 0, logins };

  options.log?.(
    `demo data created in ${((Date.now() - started) / 1000).toFixed(1)} s: ${plan.users.length} users, ` +
      `${plan.cases.length} cases, ${plan.messages.length} messages`,
  );
  return { created: true, present: true, logins };
}

/** A payments row, as the invoices module reads it. */
type PaymentRow = typeof payments.$inferSelect;

/** What the seed asks of the invoices module (app.invoices fits): the calls a payment and a refund make. */
export type DemoInvoicing = {
  issueForPayment(tx: Db, afterCommit: AfterCommit, payment: PaymentRow): Promise<void>;
  rectifyPayment(
    tx: Db,
    paymentId: string,
    at: Date,
    part?: { refundCents: number; ofCents: number },
  ): Promise<string[]>;
};

/**
 * The demo's invoices, in the seed's transaction: each completed payment's two invoices and each refund's
 * rectifying ones, in the order they happened, so each issuer's numbers and record chain follow time.
 * The records wait as PENDIENTE for the submitter, as new ones do.
 */
async function invoiceDemo(tx: Db, invoicing: DemoInvoicing, demoRefunds: Row<typeof refunds>[]) {
  const paid = await tx
    .select()
    .from(payments)
    .where(isNotNull(payments.completedAt))
    .orderBy(asc(payments.completedAt));
  const events = [
    ...paid.map((payment) => ({ at: payment.completedAt as Date, run: () => issue(payment) })),
    ...demoRefunds.map((refund) => ({ at: refund.createdAt as Date, run: () => rectify(refund) })),
  ].sort((a, b) => a.at.getTime() - b.at.getTime());
  const afterCommit: AfterCommit = () => undefined;
  const issue = (payment: PaymentRow) => invoicing.issueForPayment(tx, afterCommit, payment);
  const rectify = async (refund: Row<typeof refunds>) => {
    const payment = paid.find((row) => row.id === refund.paymentId);
    if (!payment) return;
    const full = refund.amountCents >= payment.amountCents;
    await invoicing.rectifyPayment(
      tx,
      payment.id,
      refund.createdAt as Date,
      full ? undefined : { refundCents: refund.amountCents, ofCents: payment.amountCents },
    );
  };
  for (const event of events) await event.run();
}

/** Inserts rows in slices that stay far below PostgreSQL's 65,535 bind parameters. */
async function insertAll<T extends Parameters<Tx['insert']>[0]>(tx: Tx, table: T, rows: T['$inferInsert'][]) {
  for (let i = 0; i < rows.length; i += 500) {
    await tx.insert(table).values(rows.slice(i, i + 500));
  }
}

type Row<T extends { $inferInsert: unknown }> = T['$inferInsert'];
type MessageRow = Row<typeof messages> & { createdAt: Date };
type Person = { id: string; name: string; surname: string };
const nameOf = (person: Person) => `${person.name} ${person.surname}`;
const priceOf = (euros: number) => Math.round(euros * 100);
const eurosOf = (cents: number) => formatEuros(cents / 100);
type Counters = { sum: number; count: number; active: number; finished: number };
type Picture = {
  url: string;
  ownerId: string;
  purpose: 'avatar' | 'chat';
  at: Date;
  draw: () => Promise<Buffer>;
};

/** Every row of the demo, and the pictures to draw, as plain data: nothing is written here. */
function planDemo(nowDate: Date) {
  const now = Math.floor(nowDate.getTime() / MINUTE) * MINUTE;
  const ago = (days: number) => new Date(now - Math.round(days * DAY));
  const plan = {
    users: [] as Row<typeof users>[],
    profiles: [] as Row<typeof lawyerProfiles>[],
    academic: [] as Row<typeof academicExperiences>[],
    work: [] as Row<typeof workExperiences>[],
    cases: [] as Row<typeof cases>[],
    chats: [] as Array<Row<typeof chats> & { id: string; userId: string; lawyerId: string }>,
    proposals: [] as Row<typeof proposals>[],
    payments: [] as CasePayment[],
    ratings: [] as Row<typeof ratings>[],
    ratingReports: [] as Row<typeof ratingReports>[],
    fiscal: [] as Row<typeof fiscalProfiles>[],
    messages: [] as MessageRow[],
    pictures: [] as Picture[],
  };

  const adminId = demoId('admin');
  plan.users.push({
    id: adminId,
    role: 'ADMIN',
    mail: DEMO_ADMIN_MAIL,
    name: 'Administración',
    surname: 'L4L',
    username: usernameOf('Administración', 'L4L'),
    totpSecret: DEMO_ADMIN_TOTP_SECRET,
    totpEnrolledAt: ago(400),
    emailVerifiedAt: ago(400),
    isDemo: true,
    createdAt: ago(400),
  });

  const avatar = (person: Person, colourIndex: number, at: Date) => {
    const url = `/uploads/avatars/demo-${slug(person.name)}-${slug(person.surname)}.png`;
    const colour = AVATAR_PALETTE[colourIndex % AVATAR_PALETTE.length] ?? AVATAR_PALETTE[0];
    plan.pictures.push({
      url,
      ownerId: person.id,
      purpose: 'avatar',
      at,
      draw: () => renderAvatar(drawableInitials(person.name, person.surname), colour),
    });
    return url;
  };

  const clients = new Map<string, Person>();
  for (const [i, c] of DEMO_CLIENTS.entries()) {
    const person = { id: demoId(c.mail), name: c.name, surname: c.surname };
    clients.set(c.mail, person);
    const createdAt = ago(400 - i * 9);
    plan.users.push({
      ...person,
      role: 'USUARIO',
      mail: c.mail,
      username: usernameOf(c.name, c.surname),
      phoneNumber: `6${12_487_903 + i * 9_731_117}`,
      photoUrl: avatar(person, i + 3, createdAt),
      lastConnection: ago(0.05 + (i % 3) * 0.4),
      emailVerifiedAt: c.mail === DEMO_UNVERIFIED_CLIENT ? null : createdAt,
      isDemo: true,
      createdAt,
    });
  }

  const lawyers = new Map<string, Person>();
  const counters = new Map<string, Counters>();
  for (const [i, l] of DEMO_LAWYERS.entries()) {
    const mail = demoLawyerMail(l.name, l.surname);
    const person = { id: demoId(mail), name: l.name, surname: l.surname };
    const createdAt = l.unverified ? ago(1.5 - i * 0.03) : ago(500 - i * 5);
    plan.users.push({
      ...person,
      role: 'ABOGADO',
      mail,
      username: usernameOf(l.name, l.surname),
      phoneNumber: `6${20_000_000 + i * 2_734_561}`,
      photoUrl: avatar(person, i, createdAt),
      lastConnection: l.unverified ? createdAt : ago(0.1 + (i % 5) * 0.7),
      emailVerifiedAt: createdAt,
      isDemo: true,
      createdAt,
    });
    plan.profiles.push({
      userId: person.id,
      description: l.description,
      categories: l.categories,
      province: l.province,
      lawyerAssociation: l.association,
      membershipNumber: l.membership,
      professionalTitle: l.title ?? 'Abogado',
      priceHourCents: Math.round(l.priceHour * 100),
      priceFirstVisitCents: l.firstVisit === 'free' ? null : Math.round(l.firstVisit * 100),
      firstVisitFree: l.firstVisit === 'free',
      featured: Boolean(l.featured),
      verifiedAt: l.unverified ? null : new Date(createdAt.getTime() + DAY),
      verifiedBy: l.unverified ? null : adminId,
      rejectedAt: l.rejected ? new Date(createdAt.getTime() + DAY / 24) : null,
      rejectionReason: l.rejected ?? null,
      searchText: searchableText(l.name, l.surname),
    });
    for (const [place, title, startDate, endDate] of l.academic) {
      plan.academic.push({ lawyerId: person.id, center: place, title, startDate, endDate: endDate ?? null });
    }
    for (const [place, title, startDate, endDate] of l.work) {
      plan.work.push({
        lawyerId: person.id,
        company: place,
        position: title,
        startDate,
        endDate: endDate ?? null,
      });
    }
    if (!l.unverified) {
      lawyers.set(mail.replace(/@.*$/, ''), person);
      counters.set(person.id, { sum: 0, count: 0, active: 0, finished: 0 });
    }
  }

  const chatOf = (client: Person, lawyer: Person) => {
    const id = demoId(`chat:${client.id}:${lawyer.id}`);
    let chat = plan.chats.find((c) => c.id === id);
    if (!chat) {
      chat = { id, userId: client.id, lawyerId: lawyer.id };
      plan.chats.push(chat);
    }
    return chat.id;
  };

  const tell = (story: DemoCase, key: string) =>
    tellStory(story, key, { plan, clients, lawyers, counters, adminId, ago, chatOf });

  for (const [index, story] of DEMO_CASES.entries()) tell(story, `case:${index}`);

  // Older cases that every verified lawyer finished, so the directory shows ratings for all of them.
  const random = prng(2026);
  const verified = DEMO_LAWYERS.filter((l) => !l.unverified);
  plan.fiscal = demoFiscalProfiles(
    verified.map((l, index) => ({
      id: demoId(demoLawyerMail(l.name, l.surname)),
      name: l.name,
      surname: l.surname,
      province: l.province,
      recent: index >= verified.length - 3,
    })),
    clients.get(DEMO_CLIENTS[0]?.mail ?? '') as Person,
  );
  const clientMails = DEMO_CLIENTS.map((c) => c.mail);
  // a client asks about the same matter once: the next client in turn takes a repeated title
  const asked = new Set<string>();
  const clientFor = (start: number, title: string) => {
    for (let step = 0; step < clientMails.length; step++) {
      const mail = clientMails[(start + step) % clientMails.length] ?? '';
      if (!asked.has(`${mail}|${title}`)) {
        asked.add(`${mail}|${title}`);
        return mail;
      }
    }
    return clientMails[start % clientMails.length] ?? '';
  };
  for (const [i, l] of DEMO_LAWYERS.filter((x) => !x.unverified).entries()) {
    const lawyerKey = demoLawyerMail(l.name, l.surname).replace(/@.*$/, '');
    const past = 1 + Math.floor(random() * 3);
    for (let k = 0; k < past; k++) {
      const category = l.categories[k % l.categories.length] as Category;
      const template = PAST_CASES[category];
      const stars = random() < 0.65 ? 5 : random() < 0.75 ? 4 : 3;
      const texts = PAST_RATINGS[stars] ?? { title: '', descriptions: [''] };
      const createdDaysAgo = 110 + Math.floor(random() * 220);
      tell(
        {
          client: clientFor(i + k, template.title),
          title: template.title,
          description: template.description,
          status: 'FINALIZADO',
          category,
          createdDaysAgo,
          lastDaysAgo: createdDaysAgo - 20 - Math.floor(random() * 40),
          proposals: [
            {
              lawyer: lawyerKey,
              price: 200 + Math.floor(random() * 14) * 50,
              message: template.proposal,
              script: [['proposal'], ['paid'], ['closure'], ['closed']],
            },
          ],
          rating: {
            stars,
            title: texts.title,
            description: texts.descriptions[(i + k) % texts.descriptions.length] ?? '',
          },
        },
        `past:${i}:${k}`,
      );
    }
  }

  for (const [userId, c] of counters) {
    const profile = plan.profiles.find((p) => p.userId === userId);
    if (profile)
      Object.assign(profile, {
        ratingSum: c.sum,
        ratingCount: c.count,
        activeCases: c.active,
        finishedCases: c.finished,
      });
  }
  // docs/domain.md, Response time: first questions from the demo clients that the lawyers answered, so
  // the cards show a measured 'Suele responder en …' (a lawyer needs 3 answered chats in 90 days)
  const replyMinutes = [12, 35, 50, 95, 140, 240, 400, 720];
  const questions = [
    'Buenas tardes, ¿podría orientarme sobre mi caso antes de contratar?',
    'Hola, ¿atiende consultas en mi provincia?',
    'Buenos días, ¿cuánto suele costar un asunto como el mío?',
  ];
  const answers = [
    'Claro, cuénteme los detalles y le digo cómo lo veo.',
    'Sí, trabajo en toda la provincia. ¿Qué necesita?',
    'Depende del caso; si me da algo más de información le preparo un presupuesto cerrado.',
  ];
  for (const [i, l] of verified.entries()) {
    const lawyer = lawyers.get(demoLawyerMail(l.name, l.surname).replace(/@.*$/, ''));
    if (!lawyer) continue;
    let answered = 0;
    for (const [j, client] of [...clients.values()].entries()) {
      if (answered >= 3) break;
      const chatId = chatOf(client, lawyer);
      if (plan.messages.some((m) => m.chatId === chatId)) continue;
      const asked = ago(3 + ((i * 7 + j * 11) % 60));
      const minutes = replyMinutes[(i + j * 3) % replyMinutes.length] ?? 60;
      const base = { chatId, type: MESSAGE_TYPE.TEXT, audience: 'ALL' as const, caseId: null };
      plan.messages.push({ ...base, senderId: client.id, text: questions[j % 3] ?? '', createdAt: asked });
      plan.messages.push({
        ...base,
        senderId: lawyer.id,
        text: answers[j % 3] ?? '',
        createdAt: new Date(asked.getTime() + minutes * 60_000),
      });
      answered += 1;
    }
  }
  eraseFormerClient(plan, lawyers, ago);
  finishChats(plan, now);
  return plan;
}

/**
 * docs/domain.md, Privacy rights: a client who asked lucia.garcia a question and later erased their
 * account. The row is pseudonymised as an erasure leaves it (no password, a mail nobody has), and the
 * lawyer's chat shows the messages under 'Usuario eliminado'.
 */
function eraseFormerClient(
  plan: ReturnType<typeof planDemo>,
  lawyers: Map<string, Person>,
  ago: (days: number) => Date,
) {
  const lawyer = lawyers.get('lucia.garcia');
  if (!lawyer) return;
  const id = demoId('former-client');
  plan.users.push({
    id,
    role: 'USUARIO',
    mail: erasedMail(id),
    name: es.privacy.erasedName,
    surname: '',
    username: usernameOf(es.privacy.erasedName, ''),
    passwordHash: null,
    erasedAt: ago(20),
    isDemo: true,
    createdAt: ago(240),
  });
  const chatId = demoId(`chat:${id}:${lawyer.id}`);
  plan.chats.push({ id: chatId, userId: id, lawyerId: lawyer.id });
  const base = { chatId, type: MESSAGE_TYPE.TEXT, audience: 'ALL' as const, caseId: null };
  plan.messages.push(
    {
      ...base,
      senderId: id,
      text: 'Buenos días, ¿lleva reclamaciones por cancelación de vuelos?',
      createdAt: ago(60),
    },
    {
      ...base,
      senderId: lawyer.id,
      text: 'Sí, muchas. Si me manda la tarjeta de embarque le digo qué puede reclamar.',
      createdAt: ago(59.9),
    },
  );
}

type StoryContext = {
  plan: ReturnType<typeof planDemo>;
  clients: Map<string, Person>;
  lawyers: Map<string, Person>;
  counters: Map<string, Counters>;
  adminId: string;
  ago: (days: number) => Date;
  chatOf: (client: Person, lawyer: Person) => string;
};

const isEvent = (line: ScriptLine, event: ScriptLine[0]) => line[0] === event;

/** What an offer's lawyer asks in the end: the last new price, or the first one. */
function finalPrice(offer: DemoProposal): number {
  let price = offer.price;
  for (const line of offer.script) if (line[0] === 'new-price') price = line[1];
  return price;
}

/**
 * One case and the conversations it produced, in the order the case lived them: written before
 * validation only when the case was sent to one lawyer, proposals after validation, the work after the
 * payment spread evenly up to the case's last activity.
 */
function tellStory(story: DemoCase, key: string, ctx: StoryContext) {
  const { plan, ago } = ctx;
  const client = ctx.clients.get(story.client);
  if (!client) throw new Error(`demo case ${key}: unknown client ${story.client}`);
  const caseId = demoId(key);
  const created = new Date(ago(story.createdDaysAgo).getTime() - jitter(`${key}:created`, 180));
  // docs/domain.md, Limits: a case is approved within 24 to 48 hours
  const validated =
    story.status === 'PENDIENTE DE VALIDACIÓN'
      ? null
      : new Date(created.getTime() + 18 * HOUR + jitter(`${key}:validated`, 8 * 60));
  const lastActivity = new Date(ago(story.lastDaysAgo ?? 0.5).getTime() - jitter(`${key}:last`, 120));
  const offers = story.proposals ?? [];
  const winner = offers.find((p) => p.script.some((line) => isEvent(line, 'paid')));
  let assignedAt: Date | null = null;
  let finishedAt: Date | null = null;
  let closureRequestedAt: Date | null = null;
  let lastEvent = validated ?? created;

  // the paid proposal first: the others' "assigned elsewhere" happens when it was paid
  const ordered = winner ? [winner, ...offers.filter((p) => p !== winner)] : offers;
  for (const [k, offer] of ordered.entries()) {
    const lawyer = ctx.lawyers.get(offer.lawyer);
    if (!lawyer) throw new Error(`demo case ${key}: unknown lawyer ${offer.lawyer}`);
    if (!validated) throw new Error(`demo case ${key}: a proposal on a case nobody validated`);
    const chatId = ctx.chatOf(client, lawyer);
    // the offer's current proposal: a new price replaces it with another (docs/domain.md, Proposals)
    let proposalId = demoId(`${key}:proposal:${k}`);
    let priceCents = Math.round(offer.price * 100);
    let counterOfferCents: number | null = null;
    const paidIndex = offer.script.findIndex((line) => isEvent(line, 'paid'));
    const addressed = story.addressedTo === offer.lawyer;
    let at = new Date(validated.getTime() + (1 + k) * HOUR);
    let proposedAt: Date | null = null;
    let decidedAt: Date | null = null;
    let status: 'PENDIENTE' | 'RECHAZADA' | 'PAGADA' | 'RETIRADA' | 'SUSTITUIDA' = 'PENDIENTE';

    /** The current proposal's row, as it ends (or as a new price leaves it). */
    const record = (createdAt: Date, ending: typeof status, decided: Date | null) =>
      plan.proposals.push({
        id: proposalId,
        caseId,
        lawyerId: lawyer.id,
        chatId,
        priceCents,
        message: offer.message,
        status: ending,
        createdAt,
        decidedAt: decided,
        counterOfferCents,
      });

    const say = (
      senderId: string | null,
      type: MessageType,
      text: string,
      extra: Partial<MessageRow> = {},
    ) => {
      plan.messages.push({
        chatId,
        senderId,
        type,
        text,
        audience: CLIENT_ONLY_MESSAGE_TYPES.includes(type) ? 'USUARIO' : 'ALL',
        caseId,
        createdAt: at,
        ...extra,
      });
      lastEvent = at > lastEvent ? at : lastEvent;
    };

    /** The current proposal's card (type 2). */
    const sayProposal = () =>
      say(lawyer.id, MESSAGE_TYPE.PROPOSAL, offer.message, { proposalId, proposalAmountCents: priceCents });

    for (const [i, line] of offer.script.entries()) {
      if (i === 0 && addressed && line[0] === 'client') {
        // written with the case, from the lawyer's profile
        at = new Date(created.getTime() + 3 * MINUTE);
      } else if (paidIndex >= 0 && i > paidIndex) {
        const after = offer.script.length - 1 - paidIndex;
        const paidAt = assignedAt ?? at;
        at = new Date(
          paidAt.getTime() + ((i - paidIndex) * (lastActivity.getTime() - paidAt.getTime())) / after,
        );
      } else if (line[0] === 'assigned-elsewhere' && assignedAt) {
        at = new Date(assignedAt.getTime() + MINUTE);
      } else {
        // a conversation before the payment: answers within the hour or two
        const gap =
          i === 0 ? 0 : (line[0] === 'paid' ? 180 : 35 + ((i * 29 + key.length * 13) % 90)) * MINUTE;
        at = new Date(Math.max(at.getTime() + gap, validated.getTime() + MINUTE));
      }

      switch (line[0]) {
        case 'client':
        case 'lawyer':
          say(line[0] === 'client' ? client.id : lawyer.id, MESSAGE_TYPE.TEXT, line[1]);
          break;
        case 'client-image':
        case 'lawyer-image': {
          const owner = line[0] === 'client-image' ? client : lawyer;
          const url = `/uploads/chat/demo-${caseId.slice(0, 8)}-${slug(line[1])}.png`;
          const variant = plan.pictures.length;
          const colour = AVATAR_PALETTE[variant % AVATAR_PALETTE.length] ?? AVATAR_PALETTE[0];
          plan.pictures.push({
            url,
            ownerId: owner.id,
            purpose: 'chat',
            at,
            draw: () => renderDocument(line[1], variant, colour),
          });
          say(owner.id, MESSAGE_TYPE.IMAGE, url);
          break;
        }
        case 'proposal':
          proposedAt = at;
          sayProposal();
          break;
        case 'paid':
          status = 'PAGADA';
          decidedAt = at;
          assignedAt = at;
          plan.payments.push({
            caseId,
            proposalId,
            userId: client.id,
            lawyerId: lawyer.id,
            provider: 'sandbox',
            providerSessionId: `demo_cs_${proposalId.replaceAll('-', '')}`,
            providerPaymentId: `demo_pi_${proposalId.replaceAll('-', '')}`,
            amountCents: priceCents,
            feeCents: Math.round(priceCents * PLATFORM_FEE),
            status: 'COMPLETADO',
            createdAt: new Date(at.getTime() - 6 * MINUTE),
            completedAt: at,
          });
          say(null, MESSAGE_TYPE.PROPOSAL_ACCEPTED, NOTICES.accepted, {
            proposalId,
            proposalAmountCents: priceCents,
          });
          at = new Date(at.getTime() + MINUTE);
          say(null, MESSAGE_TYPE.CLIENT_NOTICE, NOTICES.paymentReceived);
          break;
        case 'rejected':
        case 'assigned-elsewhere':
          status = 'RECHAZADA';
          decidedAt = at;
          say(
            null,
            MESSAGE_TYPE.NOTICE,
            line[0] === 'rejected' ? NOTICES.rejected : NOTICES.assignedElsewhere,
            {
              proposalId,
            },
          );
          break;
        case 'counter-offer':
          counterOfferCents = priceOf(line[1]);
          say(client.id, MESSAGE_TYPE.COUNTER_OFFER, line[2], {
            proposalId,
            proposalAmountCents: counterOfferCents,
          });
          break;
        case 'new-price': {
          if (!proposedAt) throw new Error(`demo case ${key}: a new price before the proposal`);
          const before = priceCents;
          record(proposedAt, 'SUSTITUIDA', at);
          say(null, MESSAGE_TYPE.NOTICE, NOTICES.replaced(nameOf(lawyer), before, priceOf(line[1])), {
            proposalId,
          });
          proposalId = demoId(`${key}:proposal:${k}:${line[1]}`);
          priceCents = priceOf(line[1]);
          counterOfferCents = null;
          at = new Date(at.getTime() + MINUTE);
          proposedAt = at;
          sayProposal();
          break;
        }
        case 'withdrawn':
          status = 'RETIRADA';
          decidedAt = at;
          say(null, MESSAGE_TYPE.NOTICE, NOTICES.withdrawn(nameOf(lawyer), priceCents), { proposalId });
          break;
        case 'closure':
          closureRequestedAt = at;
          say(lawyer.id, MESSAGE_TYPE.CLOSURE_REQUEST, NOTICES.closureRequest);
          break;
        case 'closure-withdrawn':
          closureRequestedAt = null;
          say(null, MESSAGE_TYPE.NOTICE, NOTICES.closureWithdrawn);
          break;
        case 'closed':
          finishedAt = at;
          say(null, MESSAGE_TYPE.CLOSURE_CONFIRMED, NOTICES.closed);
          at = new Date(at.getTime() + MINUTE);
          say(null, MESSAGE_TYPE.RATING_PROMPT, NOTICES.ratePrompt);
          break;
      }
    }
    if (!proposedAt) throw new Error(`demo case ${key}: a proposal without its message`);
    record(proposedAt, status, decidedAt);
  }

  const assigned = story.status === 'ACTIVO' || story.status === 'FINALIZADO';
  if (assigned !== Boolean(assignedAt) || (story.status === 'FINALIZADO') !== Boolean(finishedAt)) {
    throw new Error(`demo case ${key}: its chat does not tell a ${story.status} case`);
  }
  const lawyer = assigned && winner ? ctx.lawyers.get(winner.lawyer) : undefined;
  plan.cases.push({
    id: caseId,
    userId: client.id,
    addressedLawyerId: story.addressedTo ? (ctx.lawyers.get(story.addressedTo)?.id ?? null) : null,
    lawyerId: lawyer?.id ?? null,
    title: story.title,
    description: story.description,
    category: story.category ?? UNCLASSIFIED_CATEGORY,
    status: story.status,
    progressStep: story.status === 'ACTIVO' ? (story.step ?? 2) : STEP_BY_STATUS[story.status],
    casePriceCents: lawyer && winner ? Math.round(finalPrice(winner) * 100) : null,
    creationDate: created,
    validatedAt: validated,
    validatedBy: validated ? ctx.adminId : null,
    discardReason: story.discardReason ?? null,
    assignationDate: assignedAt,
    startDate: assignedAt,
    finishDate: finishedAt,
    endDate: finishedAt,
    closureRequestedAt: story.status === 'ACTIVO' ? closureRequestedAt : null,
    updatedAt: lastEvent,
  });

  if (!lawyer) return;
  const counter = ctx.counters.get(lawyer.id);
  if (!counter) return;
  if (story.status === 'ACTIVO') counter.active += 1;
  if (story.status === 'FINALIZADO' && finishedAt) {
    counter.finished += 1;
    if (story.rating) {
      const { reply, reportedByLawyer, ...rating } = story.rating;
      const ratedAt = new Date(Math.min(finishedAt.getTime() + 5 * HOUR, ago(0.05).getTime()));
      const ratingId = demoId(`rating:${caseId}`);
      // an answer or a report a while after the rating, never in the future
      const laterThan = (at: Date, ms: number) => new Date(Math.min(at.getTime() + ms, ago(0.02).getTime()));
      plan.ratings.push({
        id: ratingId,
        caseId,
        userId: client.id,
        lawyerId: lawyer.id,
        ...rating,
        createdAt: ratedAt,
        ...(reply ? { replyText: reply, repliedAt: laterThan(ratedAt, 20 * HOUR) } : {}),
      });
      if (reportedByLawyer) {
        plan.ratingReports.push({
          ratingId,
          reporterId: lawyer.id,
          reason: reportedByLawyer,
          createdAt: laterThan(ratedAt, 26 * HOUR),
        });
      }
      counter.sum += story.rating.stars;
      counter.count += 1;
    }
  }
}

/**
 * Each chat's activity and read marks: a participant has read everything up to their own last message
 * and anything older than a day, so the newest messages from the other side show as unread.
 */
function finishChats(plan: ReturnType<typeof planDemo>, now: number) {
  const byChat = new Map<string, MessageRow[]>();
  for (const m of plan.messages) {
    const list = byChat.get(m.chatId) ?? [];
    list.push(m);
    byChat.set(m.chatId, list);
  }
  for (const chat of plan.chats) {
    const list = (byChat.get(chat.id) ?? []).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    const first = list[0]?.createdAt;
    const last = list.at(-1)?.createdAt;
    const readBy = (participant: string) =>
      list
        .filter((m) => m.senderId === participant || m.createdAt.getTime() < now - DAY)
        .reduce<Date | null>((latest, m) => (latest && latest > m.createdAt ? latest : m.createdAt), null);
    // docs/domain.md, Response time: the client's first message and the lawyer's first one after it
    const firstClient = list.find((m) => m.senderId === chat.userId)?.createdAt ?? null;
    const firstReply = firstClient
      ? (list.find((m) => m.senderId === chat.lawyerId && m.createdAt > firstClient)?.createdAt ?? null)
      : null;
    Object.assign(chat, {
      createdAt: first,
      firstClientMessageAt: firstClient,
      firstReplyAt: firstReply,
      lastMessageAt: last ?? null,
      userLastReadAt: readBy(chat.userId),
      lawyerLastReadAt: readBy(chat.lawyerId),
    });
  }
}
