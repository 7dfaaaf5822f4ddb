/**
 * `npm run mails:render [-- --out FOLDER]`: every mail L4L sends, rendered with demo values to FOLDER
 * (default `data/mail-previews`): for each, `<name>.html` (the HTML part as sent) and `<name>.txt` (the text
 * part), and `index.html` linking them all, to look at them in a browser at any width. The notification
 * mails (one per type) and the account mails (one per kind) go through the same code as the real ones
 * (docs/notifications.md); only the people, the case and the links are made up.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  NOTIFICATION_TYPES,
  type NotificationType,
  notificationLinks,
} from '@l4l/shared/constants/notifications';
import { es } from '@l4l/shared/texts/es';
import { lawyerDecisionMailContents } from '../src/modules/admin/index.ts';
import { renderDigestMail } from '../src/modules/alerts/index.ts';
import { accountMailContents } from '../src/modules/auth/index.ts';
import { renderNotificationMail } from '../src/modules/notifications/index.ts';
import { composeMail, escapeHtml, type MailContent } from '../src/plugins/mailer.ts';

const { values } = parseArgs({ options: { out: { type: 'string', default: 'data/mail-previews' } } });
const out = path.resolve(values.out ?? 'data/mail-previews');
mkdirSync(out, { recursive: true });

const site = 'https://l4l.es';
const token = 'k3Jd9QxL2mVt7RwZp4NcYb8HsAe6GuFo1TiWqEyUrXz';
const lawyerId = '5b1f3c2e-8d4a-4f6b-9e7c-2a1d0c3b4e5f';
const clientId = '2e4d6f8a-1b3c-4d5e-8f9a-0b1c2d3e4f5a';
const caseId = '9c8b7a6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
/** what a notification names, as the events fill it (notification-events.ts) */
const facts = {
  caseTitle: 'Reclamación de la fianza del piso de alquiler',
  amount: '1.250,50 €',
  counterpart: 'Lucía García Pérez',
  reason: 'El escrito ya está presentado en el juzgado.',
  stars: 5,
  count: 3,
  category: 'Inmobiliario',
  code: '9C8B7A6D',
};
const links: Record<NotificationType, string> = {
  'proposal.received': notificationLinks.chatWith(lawyerId),
  'proposal.accepted': notificationLinks.chatWith(clientId),
  'proposal.rejected': notificationLinks.chatWith(clientId),
  'proposal.withdrawn': notificationLinks.chatWith(lawyerId),
  'proposal.replaced': notificationLinks.chatWith(lawyerId),
  'proposal.countered': notificationLinks.chatWith(clientId),
  'case.approved': notificationLinks.case(caseId),
  'case.discarded': notificationLinks.case(caseId),
  'case.match': notificationLinks.boardCase(caseId, facts.caseTitle),
  'payment.completed': notificationLinks.case(caseId),
  'closure.requested': notificationLinks.case(caseId),
  'case.finished': notificationLinks.case(caseId),
  'payout.sent': notificationLinks.payouts(),
  'payout.reversed': notificationLinks.payouts(),
  'dispute.opened': notificationLinks.case(caseId),
  'dispute.resolved': notificationLinks.case(caseId),
  'refund.issued': notificationLinks.case(caseId),
  'rating.received': notificationLinks.lawyerProfile(lawyerId),
  'rating.replied': notificationLinks.profile(),
  'consultation.booked': notificationLinks.consultation(caseId),
  'consultation.cancelled': notificationLinks.consultation(caseId),
  'consultation.reminder': notificationLinks.consultation(caseId),
  messages: notificationLinks.chatWith(lawyerId),
};

const written: Array<{ name: string; subject: string }> = [];
function write(name: string, mail: { subject: string; text: string; html: string }) {
  writeFileSync(path.join(out, `${name}.html`), mail.html);
  writeFileSync(path.join(out, `${name}.txt`), `${mail.subject}\n\n${mail.text}\n`);
  written.push({ name, subject: mail.subject });
}

/** the types told to the lawyer (the rest go to the client, or to both: shown as the client's) */
const toLawyer = new Set<NotificationType>([
  'proposal.accepted',
  'proposal.rejected',
  'case.match',
  'payout.sent',
  'rating.received',
]);
for (const type of NOTIFICATION_TYPES) {
  const texts = es.notifications.events[type];
  const lawyerIsTold = toLawyer.has(type);
  const told = lawyerIsTold ? { ...facts, counterpart: 'Marta Ruiz Gómez' } : facts;
  write(
    `notification-${type.replace('.', '-')}`,
    await renderNotificationMail({
      name: lawyerIsTold ? 'Lucía' : 'Marta',
      title: texts.title(told),
      body: texts.body(told),
      action: texts.action,
      url: `${site}${links[type]}`,
      unsubscribeUrl: `${site}/api/notifications/unsubscribe?token=${token}`,
    }),
  );
}

const accountMails: Record<string, MailContent> = {
  'email-verification': accountMailContents['email-verification'](
    'Marta',
    `${site}/verificar-correo?token=${token}`,
  ),
  'password-reset': accountMailContents['password-reset']('Marta', `${site}/reset-password?token=${token}`),
  'sign-in-attempts': accountMailContents['sign-in-attempts']('Marta', `${site}/login`),
  'mail-change-confirm': accountMailContents['mail-change-confirm'](
    'Marta',
    `${site}/confirmar-correo?token=${token}`,
  ),
  'mail-change-notice': accountMailContents['mail-change-notice']('Marta', 'marta.ruiz@correo.es'),
  'lawyer-verified': lawyerDecisionMailContents['lawyer-verified']('Lucía', `${site}/login`),
  'lawyer-rejected': lawyerDecisionMailContents['lawyer-rejected'](
    'Lucía',
    'El número de colegiado no figura en el censo del Colegio de Abogados de Madrid.',
  ),
};
for (const [kind, content] of Object.entries(accountMails))
  write(`account-${kind}`, await composeMail(content));

// the new-case alerts' daily digest (docs/alerts.md): 23 cases, so 20 listed and "y 3 más"
const digestTitles = [
  'Reclamación de la fianza del piso de alquiler',
  'Herencia de una casa en el pueblo entre cuatro hermanos',
  'Despido durante la baja médica',
  'Divorcio de mutuo acuerdo con hijos menores',
];
write(
  'account-case-match-digest',
  await renderDigestMail({
    name: 'Lucía',
    lines: Array.from({ length: 20 }, (_, i) => ({
      title: digestTitles[i % digestTitles.length] ?? '',
      category: ['Inmobiliario', 'Sucesiones y testamentos', 'Laboral', 'Divorcios'][i % 4] ?? '',
      code: `A1B2C${String(i).padStart(3, '0')}`,
    })),
    total: 23,
    boardUrl: `${site}${notificationLinks.board()}`,
    unsubscribeUrl: `${site}/api/notifications/unsubscribe?token=${token}`,
  }),
);

const items = written
  .map(
    ({ name, subject }) =>
      `<li><a href="${name}.html">${escapeHtml(subject)}</a> (<a href="${name}.txt">texto</a>)</li>`,
  )
  .join('\n');
writeFileSync(
  path.join(out, 'index.html'),
  `<!doctype html><html lang="es"><meta charset="utf-8"><title>Correos de L4L</title><h1>Correos de L4L</h1><ul>\n${items}\n</ul></html>\n`,
);
process.stdout.write(`${written.length} correos en ${out}\n`);
