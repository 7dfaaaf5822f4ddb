import { es } from '@l4l/shared/texts/es';
import mjml2html from 'mjml';
import { escapeHtml } from '../../plugins/mailer.ts';

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
 * One layout for every notification mail, written in MJML (responsive HTML that mail clients render
 * alike) and as plain text with the same content. Everything interpolated is escaped.
 */
export async function renderNotificationMail(
  content: NotificationMailContent,
): Promise<{ subject: string; text: string; html: string }> {
  const { name, title, body, action, url, unsubscribeUrl } = content;
  const greeting = es.mail.greeting(name);
  const text = [
    greeting,
    body,
    `${action}:\n${url}`,
    es.mail.signature,
    '--',
    `${t.footer} ${t.preferences}`,
    `${t.unsubscribe}:\n${unsubscribeUrl}`,
  ].join('\n\n');

  const e = escapeHtml;
  const source = `<mjml lang="es">
  <mj-head>
    <mj-title>${e(title)}</mj-title>
    <mj-preview>${e(body)}</mj-preview>
    <mj-attributes>
      <mj-all font-family="Arial, Helvetica, sans-serif" />
      <mj-text color="#1b1b1b" font-size="15px" line-height="1.5" />
    </mj-attributes>
  </mj-head>
  <mj-body background-color="#f4f5f7">
    <mj-section padding="24px 0 8px">
      <mj-column><mj-text font-size="22px" font-weight="bold" color="#1d3557">${e(es.brand.name)}</mj-text></mj-column>
    </mj-section>
    <mj-section background-color="#ffffff" border-radius="8px" padding="16px 8px">
      <mj-column>
        <mj-text font-size="18px" font-weight="bold">${e(title)}</mj-text>
        <mj-text>${e(greeting)}</mj-text>
        <mj-text>${e(body)}</mj-text>
        <mj-button href="${e(url)}" background-color="#1d3557" color="#ffffff" border-radius="6px" font-size="15px" align="left">${e(action)}</mj-button>
        <mj-text font-size="13px" color="#555555">${e(es.mail.linkFallback)}<br /><a href="${e(url)}" style="color:#1d3557">${e(url)}</a></mj-text>
        <mj-text>${e(es.mail.signature)}</mj-text>
      </mj-column>
    </mj-section>
    <mj-section padding="8px 0 24px">
      <mj-column>
        <mj-text font-size="12px" color="#6b6b6b">${e(t.footer)} ${e(t.preferences)}<br /><a href="${e(unsubscribeUrl)}" style="color:#6b6b6b">${e(t.unsubscribe)}</a></mj-text>
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>`;
  const rendered = await mjml2html(source, { validationLevel: 'strict' });
  return { subject: title, text, html: rendered.html };
}
