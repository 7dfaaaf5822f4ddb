import { es } from '@l4l/shared/texts/es';
import mjml2html from 'mjml';

/** What one mail says; the layout is the same for every mail L4L sends. */
export type MailLayoutContent = {
  /** the subject, also the heading of the HTML part */
  subject: string;
  /** whom the greeting names ('' for none) */
  name: string;
  paragraphs: string[];
  /** the button, and its link written out for mail readers without HTML */
  action?: { label: string; url: string };
  /** small print under the button (how long a link lives, what to do if it was not you) */
  footnotes?: string[];
  /** the footer of a notification mail: why it came, and its one-click unsubscribe link */
  unsubscribe?: { why: string; label: string; url: string };
};

const BRAND = '#1d3557';

export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

/**
 * One layout for every mail, written in MJML (responsive HTML that mail clients render alike: a 600 px
 * card on a desktop, the full width on a phone) and as plain text with the same content. Everything
 * interpolated is escaped.
 */
export async function renderMailLayout(content: MailLayoutContent): Promise<{ text: string; html: string }> {
  const { subject, name, paragraphs, action, footnotes = [], unsubscribe } = content;
  const greeting = es.mail.greeting(name);
  const text = [
    greeting,
    ...paragraphs,
    ...(action ? [`${action.label}:\n${action.url}`] : []),
    ...footnotes,
    es.mail.signature,
    ...(unsubscribe ? ['--', unsubscribe.why, `${unsubscribe.label}:\n${unsubscribe.url}`] : []),
  ].join('\n\n');

  const e = escapeHtml;
  const block = (line: string) => `<mj-text>${e(line)}</mj-text>`;
  const button = action
    ? `<mj-button href="${e(action.url)}" background-color="${BRAND}" color="#ffffff" border-radius="6px" font-size="15px" font-weight="bold" inner-padding="12px 22px" align="left">${e(action.label)}</mj-button>
        <mj-text font-size="13px" color="#555555">${e(es.mail.linkFallback)}<br /><a href="${e(action.url)}" style="color:${BRAND};word-break:break-all">${e(action.url)}</a></mj-text>`
    : '';
  const small = footnotes.map((line) => `<mj-text font-size="13px" color="#555555">${e(line)}</mj-text>`);
  const footer = unsubscribe
    ? `<mj-text font-size="12px" color="#6b6b6b" align="center">${e(unsubscribe.why)}<br /><a href="${e(unsubscribe.url)}" style="color:#6b6b6b">${e(unsubscribe.label)}</a></mj-text>`
    : `<mj-text font-size="12px" color="#6b6b6b" align="center">${e(es.brand.name)} · ${e(es.footer.supportMail)}</mj-text>`;
  const source = `<mjml lang="es">
  <mj-head>
    <mj-title>${e(subject)}</mj-title>
    <mj-preview>${e(paragraphs[0] ?? subject)}</mj-preview>
    <mj-attributes>
      <mj-all font-family="Arial, Helvetica, sans-serif" />
      <mj-text color="#1b1b1b" font-size="15px" line-height="1.5" />
    </mj-attributes>
  </mj-head>
  <mj-body background-color="#f4f5f7">
    <mj-section padding="24px 8px 8px">
      <mj-column><mj-text font-size="22px" font-weight="bold" color="${BRAND}">${e(es.brand.name)}</mj-text></mj-column>
    </mj-section>
    <mj-section background-color="#ffffff" border-radius="8px" padding="16px 8px">
      <mj-column>
        <mj-text font-size="18px" font-weight="bold" line-height="1.3">${e(subject)}</mj-text>
        ${block(greeting)}
        ${paragraphs.map(block).join('\n        ')}
        ${button}
        ${small.join('\n        ')}
        ${block(es.mail.signature)}
      </mj-column>
    </mj-section>
    <mj-section padding="8px 0 24px">
      <mj-column>${footer}</mj-column>
    </mj-section>
  </mj-body>
</mjml>`;
  const rendered = await mjml2html(source, { validationLevel: 'strict' });
  return { text, html: rendered.html };
}
