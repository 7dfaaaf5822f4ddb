import { describe, expect, it } from 'vitest';
import { renderMailLayout } from './mail-layout.ts';

/** The layout is compiled once per shape of mail and its slots filled per mail (plugins/mail-layout.ts). */
describe('renderMailLayout', () => {
  const mail = (paragraphs: string[]) =>
    renderMailLayout({
      subject: 'Nueva propuesta & <oferta>',
      name: 'Lucía',
      paragraphs,
      action: { label: 'Ver la propuesta', url: 'https://l4l.example/chat?id=1&x=2' },
      footnotes: ['Si no fuiste tú, ignora este correo.'],
    });

  it('escapes every text and fills each mail of one shape with its own texts', async () => {
    const first = await mail(['Ana te ha enviado una propuesta de 450 €.']);
    const second = await mail(['Pedro te ha enviado una propuesta de "300 €".']);
    expect(first.html).toContain('Nueva propuesta &amp; &lt;oferta&gt;');
    expect(first.html).toContain('href="https://l4l.example/chat?id=1&amp;x=2"');
    expect(first.html).toContain('Ana te ha enviado una propuesta de 450 €.');
    expect(first.html).not.toContain('Pedro');
    expect(second.html).toContain('Pedro te ha enviado una propuesta de &quot;300 €&quot;.');
    expect(second.html).not.toContain('Ana te ha');
    expect(second.text).toContain('Ver la propuesta:\nhttps://l4l.example/chat?id=1&x=2');
  });

  it('never fills a text that looks like a slot, and leaves no slot empty', async () => {
    const { html } = await mail(['L4LSLOTsubjectX y L4LSLOTP0X']);
    expect(html).toContain('L4LSLOTsubjectX y L4LSLOTP0X');
    // the paragraph and the preview that repeats it: nothing else of the layout is left unfilled
    expect(html.match(/L4LSLOT/g)).toHaveLength(4);
    expect(html).toContain('Hola, Lucía');
  });
});
