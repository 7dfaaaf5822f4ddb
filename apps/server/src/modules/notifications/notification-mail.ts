import { es } from '@l4l/shared/texts/es';
import { renderMailLayout } from '../../plugins/mail-layout.ts';

export type NotificationMailContent = {
  name: string;
  title: string;
  body: string;
  action: string;
  /** the absolute URL of the screen the notification is about */
  url: string;
  /** the absolute URL of the one-click unsubscribe link of this type */
  unsubscribeUrl: string;
};

const t = es.notifications.mail;

/**
 * A notification's mail, in the layout every mail has (plugins/mail-layout.ts): its title, the body, a
 * button to the screen, and a footer with the one-click unsubscribe link of its type.
 */
export async function renderNotificationMail(
  content: NotificationMailContent,
): Promise<{ subject: string; text: string; html: string }> {
  const { name, title, body, action, url, unsubscribeUrl } = content;
  const rendered = await renderMailLayout({
    subject: title,
    name,
    paragraphs: [body],
    action: { label: action, url },
    unsubscribe: { why: `${t.footer} ${t.preferences}`, label: t.unsubscribe, url: unsubscribeUrl },
  });
  return { subject: title, ...rendered };
}
