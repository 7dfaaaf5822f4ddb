import { es } from '@l4l/shared/texts/es';
import { escapeHtml as esc } from '../../plugins/mailer.ts';

/** Where the pages' addresses start: PUBLIC_URL, without a trailing slash. */
export type PageContext = { publicUrl: string };

/** 'd/M/yyyy' of the day in Spain, as the app writes dates (a rating at 00:30 in Madrid is that day's). */
const spanishDay = new Intl.DateTimeFormat('es-ES', {
  timeZone: 'Europe/Madrid',
  day: 'numeric',
  month: 'numeric',
  year: 'numeric',
});

export function day(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? es.defaults.noDate : spanishDay.format(date);
}

/**
 * JSON inside <script>: '<', '>' and '&' as \u escapes, so no text a lawyer wrote can close the element
 * ('</script>') or open a comment; the line separators JavaScript once refused, too.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** The page's frame: head (title, description, canonical, Open Graph, JSON-LD) and the shared look. */
export function htmlDocument(head: string, body: string): string {
  return `<!doctype html>
<html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
${head}
<link rel="icon" href="/favicon.svg" type="image/svg+xml"><meta name="theme-color" content="#14213d">
<style>${STYLE}</style></head>
<body><header class="top"><a class="brand" href="/">L4L</a></header>
<main id="contenido">${body}</main>
<footer class="foot"><nav aria-label="${esc(es.lawyerPage.legal)}"><a href="/aviso-legal">${esc(es.footer.legalNotice)}</a><a href="/politica-de-privacidad">${esc(es.footer.privacy)}</a><a href="/politica-de-cookies">${esc(es.footer.cookies)}</a></nav></footer>
</body></html>`;
}

/** The look of the web app (its colours and type), small enough to send inline with every page. */
const STYLE = `
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f7f6f2;color:#1a1f2b;line-height:1.5}
a{color:#2a4170}
.top{background:#14213d;padding:12px 20px}
.brand{color:#fff;font-weight:800;font-size:1.35rem;text-decoration:none;letter-spacing:.02em}
main{padding:20px 16px 32px}
.card{max-width:760px;margin:0 auto;background:#fff;border:1px solid #dedbd3;border-radius:14px;padding:24px}
.card.narrow{max-width:520px;margin-top:8vh}
.head{display:flex;gap:20px;align-items:flex-start}
.photo{flex:none;width:112px;height:112px;border-radius:50%;object-fit:cover;background:#e6eaf2}
.initials{display:flex;align-items:center;justify-content:center;font-size:2.2rem;font-weight:700;color:#14213d}
h1{margin:0 0 4px;font-size:1.7rem;line-height:1.2;color:#14213d}
h2{font-size:1.1rem;color:#14213d;margin:28px 0 10px}
h3{font-size:1rem;margin:4px 0}
.who p{margin:2px 0}
.verified{color:#1c6b43;font-weight:600}
.bar,.where,.reply,.by{color:#545b69}
.label{font-weight:600}
.facts{display:grid;grid-template-columns:repeat(3,1fr);gap:12px;margin:22px 0 0;padding:16px;background:#f2f4f8;border-radius:10px}
.facts dt{font-size:.85rem;color:#545b69}
.facts dd{margin:0;font-weight:600}
.star{color:#a4701c}
.action{margin:22px 0 6px}
.cta{display:inline-flex;align-items:center;justify-content:center;min-height:48px;padding:12px 24px;border-radius:10px;background:#e2a93f;color:#14213d;font-weight:700;text-decoration:none;font-size:1.05rem}
.cta:hover,.cta:focus-visible{background:#f2c36b}
.cta:focus-visible{outline:3px solid #2f6fde;outline-offset:2px}
.booking{color:#14213d;font-weight:700}
.hint{margin:0;color:#545b69;font-size:.92rem}
.tags{display:flex;flex-wrap:wrap;gap:8px;list-style:none;margin:0;padding:0}
.tags li{background:#fdf6e7;border:1px solid #f2c36b;color:#6e4a10;border-radius:999px;padding:3px 12px;font-size:.92rem}
.about,.text{white-space:pre-line;overflow-wrap:anywhere}
.ratings{list-style:none;margin:0;padding:0}
.rating{border-top:1px solid #dedbd3;padding:14px 0}
.stars{margin:0;color:#a4701c;letter-spacing:.1em}
.text{margin:4px 0}
.by{margin:0;font-size:.9rem}
.answer{margin:8px 0 0;padding:8px 12px;border-left:3px solid #dedbd3;background:#f7f6f2;border-radius:0 8px 8px 0}
.answer .text{margin:2px 0 0}
.tags a{color:inherit;display:inline-block;min-height:24px;line-height:24px}
.wide{max-width:760px;margin:0 auto}
.crumbs ol{display:flex;flex-wrap:wrap;list-style:none;margin:0 0 12px;padding:0;font-size:.92rem;color:#545b69}
.crumbs li{display:flex;align-items:center;min-height:24px}
.crumbs li+li::before{content:"›";margin:0 8px}
.count{color:#545b69;margin:0;font-weight:600}
.lead{margin:8px 0 8px}
.lawyers{list-style:none;margin:0;padding:0}
.lawyer{display:flex;gap:16px;align-items:flex-start;border-top:1px solid #dedbd3;padding:16px 0}
.photo.small{width:64px;height:64px;font-size:1.3rem}
.lawyer h2{margin:0;font-size:1.1rem}
.lawyer .who p{margin:2px 0}
.line{color:#545b69}
.pages{display:flex;flex-wrap:wrap;gap:4px 12px;align-items:center;justify-content:space-between;padding-top:12px;border-top:1px solid #dedbd3}
.pages span{flex-basis:100%;order:-1;text-align:center;color:#545b69}
.pages a{display:inline-flex;align-items:center;min-height:44px;padding:0 8px}
.pages a[rel=next]{margin-left:auto}
.more{margin:20px 0 0}
.empty{margin:16px 0 0;padding:16px;background:#f2f4f8;border-radius:10px}
.foot{text-align:center;padding:8px 16px 28px}
.foot nav{display:flex;flex-wrap:wrap;gap:8px 20px;justify-content:center;font-size:.92rem}
@media (max-width:600px){
  main{padding:12px 10px 24px}.card{padding:18px}
  .head{flex-direction:column;align-items:center;text-align:center;gap:12px}
  .facts{grid-template-columns:1fr}
  .action{text-align:center}.cta{width:100%}.hint{text-align:center}
}`;
