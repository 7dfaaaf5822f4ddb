/**
 * The paths whose hard load gets a page of its own instead of the SPA's index.html (ADR 0008), answered
 * alike by the server (apps/server/src/plugins/web.ts) and the dev server (apps/web/vite.config.ts):
 * - landing.html, the landing page without React Router, for '/', '/login' and '/registro';
 * - home.html, the SPA with the dashboard layout and the home screen in its first download (ADR 0008).
 */
export const PAGE_BY_PATH: ReadonlyMap<string, 'landing.html' | 'home.html'> = new Map([
  ['/', 'landing.html'],
  ['/login', 'landing.html'],
  ['/registro', 'landing.html'],
  ['/dashboard/inicio', 'home.html'],
]);

/**
 * The client home with its first screen in its HTML (docs/decisions/0037): the server answers it for a signed-in
 * client's hard load of '/dashboard/inicio' and home.html for anyone else.
 */
export const CLIENT_HOME_PAGE = 'home-client.html';

/**
 * Where CLIENT_HOME_PAGE names the person: it is built with these characters (Unicode's private use area, which
 * no text of the app holds) as the name and surname, and the server writes the signed-in client's own in their
 * place; their initials come out as the two marks side by side.
 */
export const PERSON_MARKS = { name: '\uE000', surname: '\uE001' } as const;

/** The paths landing.html shows itself (the path only picks its modal). */
export const LANDING_PAGE_PATHS: readonly string[] = [...PAGE_BY_PATH]
  .filter(([, page]) => page === 'landing.html')
  .map(([path]) => path);

/**
 * Where the checkout sends the payment window back (docs/product.md, Payment pages): a payment that went
 * through, one that failed, and one the client cancelled (the provider's cancel link and the sandbox's
 * 'Cancelar'), which the failure page tells apart by its query.
 */
export const PAYMENT_RESULT_PATHS = {
  success: '/payment-success',
  failure: '/payment-error',
  cancelled: '/payment-error?reason=cancelled',
} as const;

/** docs/domain.md, Public lawyer pages: a listed lawyer's server-rendered page is `${LAWYER_PAGES_PATH}/{slug}`. */
export const LAWYER_PAGES_PATH = '/abogados';

/**
 * The web app's own public pages the sitemap lists beside the lawyers' (the landing and the legal pages);
 * the web's routes (apps/web/src/lib/paths.ts) have the same paths.
 */
export const SITEMAP_APP_PATHS: readonly string[] = [
  '/',
  '/aviso-legal',
  '/politica-de-privacidad',
  '/politica-de-cookies',
];

/**
 * The paths kept out of search engines (docs/domain.md, Public lawyer pages: for search engines):
 * robots.txt disallows them and every answer under them carries `X-Robots-Tag: noindex`. The API, the
 * signed-in screens, the sign-in and registration dialogs and the single-use links mailed to people.
 */
export const PRIVATE_PATH_PREFIXES: readonly string[] = [
  '/api/',
  '/dashboard',
  '/admin',
  '/profile',
  '/chat',
  '/login',
  '/registro',
  '/reset-password',
  '/confirmar-correo',
  '/verificar-correo',
  '/payment',
  '/payout',
];

/** A path under one of PRIVATE_PATH_PREFIXES (`path` without its query). */
export const isPrivatePath = (path: string) =>
  PRIVATE_PATH_PREFIXES.some((prefix) => path.startsWith(prefix));

/**
 * The pages search engines may index (`path` without its query): the landing and legal pages, and the
 * server's public lawyer and directory pages. Any other page (the web app's fallback) is `noindex`.
 */
export const isIndexablePath = (path: string) =>
  SITEMAP_APP_PATHS.includes(path) ||
  (path.startsWith(`${LAWYER_PAGES_PATH}/`) && path.length > LAWYER_PAGES_PATH.length + 1);

/**
 * The query parameter of '/login' that names where to go once signed in (a public lawyer page's call to
 * action: `/login?destino=/dashboard/abogados/{id}`). Only a path inside the dashboard is followed.
 */
export const AFTER_SIGN_IN_PARAM = 'destino';

/** The signed-in profile of a lawyer, in the dashboard (the web's `paths.lawyers`). */
export const dashboardLawyerPath = (lawyerId: string) =>
  `/dashboard/abogados/${encodeURIComponent(lawyerId)}`;

/** (+) The lawyer's slot picker for a first consultation, in the dashboard (the web's bookConsultationPath). */
export const dashboardBookingPath = (lawyerId: string) => `${dashboardLawyerPath(lawyerId)}/primera-consulta`;
