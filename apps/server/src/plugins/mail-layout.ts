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
 * The compiled layout of one shape of mail (how many paragraphs and footnotes, a button or not, an
 * unsubscribe footer or not), with a slot where each text goes. Compiling MJML takes some 10 ms of CPU;
 * a mail of a shape already seen only fills the slots. At most a few dozen shapes exist.
 */
const compiledLayouts = new Map<string, Promise<string>>();

const slot = (name: string) => `L4LSLOT${name}X`;
const SLOT = /L4LSLOT(\w+?)X/g;

type MailShape = { paragraphs: number; footnotes: number; action: boolean; unsubscribe: boolean };

function layoutSource({ paragraphs, footnotes, action, unsubscribe }: MailShape): string {
  const block = (name: string) => `<mj-text>${slot(name)}</mj-text>`;
  const button = action
    ? `<mj-button href="${slot('actionUrl')}" background-color="${BRAND}" color="#ffffff" border-radius="6px" font-size="15px" font-weight="bold" inner-padding="12px 22px" align="left">${slot('actionLabel')}</mj-button>
        <mj-text font-size="13px" color="#555555">${slot('linkFallback')}<br /><a href="${slot('actionUrl')}" style="color:${BRAND};word-break:break-all">${slot('actionUrl')}</a></mj-text>`
    : '';
  const small = Array.from(
    { length: footnotes },
    (_, i) => `<mj-text font-size="13px" color="#555555">${slot(`F${i}`)}</mj-text>`,
  );
  const footer = unsubscribe
    ? `<mj-text font-size="12px" color="#6b6b6b" align="center">${slot('why')}<br /><a href="${slot('unsubscribeUrl')}" style="color:#6b6b6b">${slot('unsubscribeLabel')}</a></mj-text>`
    : `<mj-text font-size="12px" color="#6b6b6b" align="center">${slot('brand')} · ${slot('supportMail')}</mj-text>`;
  return `<mjml lang="es">
  <mj-head>
    <mj-title>${slot('subject')}</mj-title>
    <mj-preview>${slot('preview')}</mj-preview>
    <mj-attributes>
      <mj-all font-family="Arial, Helvetica, sans-serif" />
      <mj-text color="#1b1b1b" font-size="15px" line-height="1.5" />
    </mj-attributes>
  </mj-head>
  <mj-body background-color="#f4f5f7">
    <mj-section padding="24px 8px 8px">
      <mj-column><mj-text font-size="22px" font-weight="bold" color="${BRAND}">${slot('brand')}</mj-text></mj-column>
    </mj-section>
    <mj-section background-color="#ffffff" border-radius="8px" padding="16px 8px">
      <mj-column>
        <mj-text font-size="18px" font-weight="bold" line-height="1.3">${slot('subject')}</mj-text>
        ${block('greeting')}
        ${Array.from({ length: paragraphs }, (_, i) => block(`P${i}`)).join('\n        ')}
        ${button}
        ${small.join('\n        ')}
        ${block('signature')}
      </mj-column>
    </mj-section>
    <mj-section padding="8px 0 24px">
      <mj-column>${footer}</mj-column>
    </mj-section>
  </mj-body>
</mjml>`;
}

function compiledLayout(shape: MailShape): Promise<string> {
  const key = JSON.stringify(shape);
  let compiled = compiledLayouts.get(key);
  if (!compiled) {
    compiled = Promise.resolve(mjml2html(layoutSource(shape), { validationLevel: 'strict' })).then(
      (rendered) => rendered.html,
    );
    compiledLayouts.set(key, compiled);
    compiled.catch(() => compiledLayouts.delete(key));
  }
  return compiled;
}

/**
 * One layout for every mail, written in MJML (responsive HTML that mail clients render alike: a 600 px
 * card on a desktop, the full width on a phone) and as plain text with the same content. Everything
 * interpolated is escaped, and put in the compiled layout's slots in one pass (a text that looks like a
 * slot is never filled in itself).
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

  const values: Record<string, string> = {
    subject,
    preview: paragraphs[0] ?? subject,
    brand: es.brand.name,
    supportMail: es.footer.supportMail,
    greeting,
    signature: es.mail.signature,
    linkFallback: es.mail.linkFallback,
    actionUrl: action?.url ?? '',
    actionLabel: action?.label ?? '',
    why: unsubscribe?.why ?? '',
    unsubscribeUrl: unsubscribe?.url ?? '',
    unsubscribeLabel: unsubscribe?.label ?? '',
  };
  paragraphs.forEach((line, i) => {
    values[`P${i}`] = line;
  });
  footnotes.forEach((line, i) => {
    values[`F${i}`] = line;
  });
  const layout = await compiledLayout({
    paragraphs: paragraphs.length,
    footnotes: footnotes.length,
    action: action !== undefined,
    unsubscribe: unsubscribe !== undefined,
  });
  const html = layout.replace(SLOT, (_, name: string) => escapeHtml(values[name] ?? ''));
  return { text, html };
}
