import { ROLE, type Role } from '@l4l/shared/constants/roles';
import { DEFAULT_PASSWORD, SANDBOX_PAYOUT_DETAILS } from './factories.ts';

/**
 * The authorization table: every route the app serves, who may call it, and how to build a
 * request for it against the objects of one owner (A or B). `authorization.test.ts` runs every route as
 * every persona on A's objects and on B's, and fails when a route is missing here.
 *
 * - `access`: 'public' (anyone, with or without a session), 'signed-in' (any valid session) or the roles
 *   allowed (another role: 403).
 * - `scope`: 'self' — the user the request names (`subject`) must be the caller (403 otherwise);
 *   'party' — the caller must be one of the object's `parties` (404 otherwise: existence is not revealed).
 * - `admin`: an ADMIN passes the scope too.
 */
export type Rule = {
  access: 'public' | 'signed-in' | readonly Role[];
  scope?: 'self' | 'party';
  admin?: boolean;
};

/** One owner's world: people and objects the requests point at. */
export type World = {
  client: { id: string; mail: string };
  lawyer: { id: string; mail: string };
  /** a user only administrators act on (ban / unban) */
  victim: { id: string };
  pendingLawyers: [string, string];
  activeCaseId: string;
  chatId: string;
  openCaseId: string;
  pendingProposalId: string;
  pendingCaseIds: [string, string];
  paymentId: string;
  /** the lawyer's invoice to the client for the paid case */
  invoiceId: string;
  sandboxSessionId: string;
  educationId: string;
  experienceId: string;
  uploadPath: string;
  /** a document the client shared on the ACTIVO case */
  documentId: string;
  /** one of the client's notifications (their case was published) */
  notificationId: string;
  /** the lawyer's sandbox payout account */
  payoutAccountId: string;
  /** the client's open dispute of the paid case */
  disputeId: string;
  /** a rating of the lawyer by a client who is none of the personas */
  ratingId: string;
  /** one of the lawyer's saved board searches */
  savedSearchId: string;
  /** a reserved first consultation of the client with the lawyer, ahead */
  consultationId: string;
  /** a lawyer who is none of the personas, with free first visits every hour, and one such slot */
  bookableLawyerId: string;
  bookableStart: string;
};

export type Built = {
  url: string;
  body?: unknown;
  /** the user a 'self' route names */
  subject?: string;
  /** who takes part in a 'party' route's object */
  parties?: string[];
};

type Entry = Rule & { request: (w: World) => Built };

const USUARIO = [ROLE.USUARIO] as const;
const ABOGADO = [ROLE.ABOGADO] as const;
const ADMIN = [ROLE.ADMIN] as const;
const PNG_1X1 =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const bothParties = (w: World) => [w.client.id, w.lawyer.id];

export const AUTHORIZATION: Record<string, Entry> = {
  'GET /api/health': { access: 'public', request: () => ({ url: '/api/health' }) },
  'GET /api/health/live': { access: 'public', request: () => ({ url: '/api/health/live' }) },
  'GET /api/health/ready': { access: 'public', request: () => ({ url: '/api/health/ready' }) },

  // the API description and its reference UI (Swagger UI's own files); /metrics needs METRICS_TOKEN,
  // unset here (plugins/metrics.test.ts covers it)
  'GET /api/openapi.json': { access: 'public', request: () => ({ url: '/api/openapi.json' }) },
  'GET /api/docs': { access: 'public', request: () => ({ url: '/api/docs' }) },
  'GET /api/docs/json': { access: 'public', request: () => ({ url: '/api/docs/json' }) },
  'GET /api/docs/yaml': { access: 'public', request: () => ({ url: '/api/docs/yaml' }) },
  'GET /api/docs/static/index.html': {
    access: 'public',
    request: () => ({ url: '/api/docs/static/index.html' }),
  },
  'GET /api/docs/static/swagger-initializer.js': {
    access: 'public',
    request: () => ({ url: '/api/docs/static/swagger-initializer.js' }),
  },
  'GET /api/docs/static/*': { access: 'public', request: () => ({ url: '/api/docs/static/swagger-ui.css' }) },

  // auth
  'POST /api/auth/user/register': {
    access: 'public',
    request: () => ({ url: '/api/auth/user/register', body: {} }),
  },
  'POST /api/auth/lawyer/register': {
    access: 'public',
    request: () => ({ url: '/api/auth/lawyer/register', body: {} }),
  },
  'POST /api/auth/register/check': {
    access: 'public',
    request: () => ({ url: '/api/auth/register/check', body: {} }),
  },
  'POST /api/auth/login': {
    access: 'public',
    request: (w) => ({ url: '/api/auth/login', body: { email: w.client.mail, password: 'Incorrecta-123' } }),
  },
  'POST /api/auth/mfa/verify': {
    access: 'public',
    request: () => ({ url: '/api/auth/mfa/verify', body: { mfaToken: 'x', code: '000000' } }),
  },
  'POST /api/auth/google': {
    access: 'public',
    request: () => ({ url: '/api/auth/google', body: { credential: 'x' } }),
  },
  'GET /api/auth/providers': { access: 'public', request: () => ({ url: '/api/auth/providers' }) },
  'POST /api/auth/logout': { access: 'public', request: () => ({ url: '/api/auth/logout' }) },
  'GET /api/auth/me': { access: 'signed-in', request: () => ({ url: '/api/auth/me' }) },
  'POST /api/auth/recover-password': {
    access: 'public',
    request: (w) => ({ url: `/api/auth/recover-password?email=${encodeURIComponent(w.client.mail)}` }),
  },
  'POST /api/auth/update-password': {
    access: 'public',
    request: () => ({
      url: '/api/auth/update-password',
      body: { token: 'x', newPassword: 'Nueva-Clave-2026' },
    }),
  },
  'POST /api/auth/confirm-email-change': {
    access: 'public',
    request: () => ({ url: '/api/auth/confirm-email-change?token=enlace-que-no-existe' }),
  },
  'POST /api/auth/verify-email': {
    access: 'public',
    request: () => ({ url: '/api/auth/verify-email?token=enlace-que-no-existe' }),
  },
  'POST /api/auth/verify-email/resend': {
    access: 'signed-in',
    request: () => ({ url: '/api/auth/verify-email/resend' }),
  },
  'POST /api/auth/change-password': {
    access: 'signed-in',
    request: () => ({
      url: '/api/auth/change-password',
      // the same password again: the route runs for real, and every persona keeps theirs for the next round
      body: { currentPassword: DEFAULT_PASSWORD, newPassword: DEFAULT_PASSWORD },
    }),
  },

  // privacy (docs/domain.md, Privacy rights)
  'GET /api/me/export': { access: 'signed-in', request: () => ({ url: '/api/me/export' }) },
  'DELETE /api/me': {
    access: 'signed-in',
    // no password: the route runs its guard for real (400 once signed in) and erases nobody
    request: () => ({ url: '/api/me', body: {} }),
  },

  // users and lawyers
  'GET /api/user/profile/:id': {
    access: 'signed-in',
    scope: 'self',
    admin: true,
    request: (w) => ({ url: `/api/user/profile/${w.client.id}`, subject: w.client.id }),
  },
  'PUT /api/user/profile/:id': {
    access: 'signed-in',
    scope: 'self',
    request: (w) => ({ url: `/api/user/profile/${w.client.id}`, body: {}, subject: w.client.id }),
  },
  'POST /api/user/profile/photo': {
    access: 'signed-in',
    scope: 'self',
    request: (w) => ({
      url: '/api/user/profile/photo',
      body: { id: w.client.id, image: PNG_1X1, role: 'USUARIO' },
      subject: w.client.id,
    }),
  },
  'GET /api/users/:id/presence': {
    access: 'signed-in',
    scope: 'party',
    request: (w) => ({ url: `/api/users/${w.client.id}/presence`, parties: bothParties(w) }),
  },
  'GET /api/lawyers': { access: 'signed-in', request: () => ({ url: '/api/lawyers' }) },
  // first consultations (docs/api/http.md, First consultations)
  'GET /api/lawyers/availability': { access: ABOGADO, request: () => ({ url: '/api/lawyers/availability' }) },
  'PUT /api/lawyers/availability': {
    access: ABOGADO,
    request: () => ({
      url: '/api/lawyers/availability',
      body: {
        weekly: [{ weekday: 1, from: '10:00', to: '12:00' }],
        slotMinutes: 60,
        exceptions: [],
        modes: ['video'],
      },
    }),
  },
  'GET /api/lawyers/:id/slots': {
    access: 'signed-in',
    request: (w) => ({ url: `/api/lawyers/${w.bookableLawyerId}/slots?from=2026-01-01&to=2026-01-02` }),
  },
  'POST /api/consultations': {
    access: USUARIO,
    request: (w) => ({
      url: '/api/consultations',
      body: { lawyerId: w.bookableLawyerId, start: w.bookableStart, mode: 'video' },
    }),
  },
  'GET /api/consultations': { access: 'signed-in', request: () => ({ url: '/api/consultations' }) },
  'GET /api/consultations/:id': {
    access: 'signed-in',
    scope: 'party',
    request: (w) => ({ url: `/api/consultations/${w.consultationId}`, parties: bothParties(w) }),
  },
  'GET /api/consultations/:id/ice': {
    access: 'signed-in',
    scope: 'party',
    request: (w) => ({ url: `/api/consultations/${w.consultationId}/ice`, parties: bothParties(w) }),
  },
  // after the two above: the first party's cancel ends it, the rest are 409 (past the guards)
  'POST /api/consultations/:id/cancel': {
    access: 'signed-in',
    scope: 'party',
    request: (w) => ({
      url: `/api/consultations/${w.consultationId}/cancel`,
      body: {},
      parties: bothParties(w),
    }),
  },
  'GET /api/lawyers/destacados': { access: 'public', request: () => ({ url: '/api/lawyers/destacados' }) },
  'GET /api/lawyers/lawyer/detail/:id': {
    access: 'signed-in',
    request: (w) => ({ url: `/api/lawyers/lawyer/detail/${w.lawyer.id}` }),
  },
  'GET /api/lawyers/profile/:id': {
    access: [ROLE.ABOGADO, ROLE.ADMIN],
    scope: 'self',
    admin: true,
    request: (w) => ({ url: `/api/lawyers/profile/${w.lawyer.id}`, subject: w.lawyer.id }),
  },
  'PUT /api/lawyers/profile/:id': {
    access: ABOGADO,
    scope: 'self',
    request: (w) => ({ url: `/api/lawyers/profile/${w.lawyer.id}`, body: {}, subject: w.lawyer.id }),
  },
  'PUT /api/lawyers/profile/prices/:id': {
    access: ABOGADO,
    scope: 'self',
    request: (w) => ({ url: `/api/lawyers/profile/prices/${w.lawyer.id}`, body: {}, subject: w.lawyer.id }),
  },
  'POST /api/lawyers/profile/photo': {
    access: ABOGADO,
    scope: 'self',
    request: (w) => ({
      url: '/api/lawyers/profile/photo',
      body: { id: w.lawyer.id, image: PNG_1X1 },
      subject: w.lawyer.id,
    }),
  },
  'PUT /api/lawyers/education/:lawyerId': {
    access: ABOGADO,
    scope: 'self',
    request: (w) => ({ url: `/api/lawyers/education/${w.lawyer.id}`, body: {}, subject: w.lawyer.id }),
  },
  'DELETE /api/lawyers/education/:lawyerId/:entryId': {
    access: ABOGADO,
    scope: 'self',
    request: (w) => ({ url: `/api/lawyers/education/${w.lawyer.id}/${w.educationId}`, subject: w.lawyer.id }),
  },
  'PUT /api/lawyers/experience/:lawyerId': {
    access: ABOGADO,
    scope: 'self',
    request: (w) => ({ url: `/api/lawyers/experience/${w.lawyer.id}`, body: {}, subject: w.lawyer.id }),
  },
  'DELETE /api/lawyers/experience/:lawyerId/:entryId': {
    access: ABOGADO,
    scope: 'self',
    request: (w) => ({
      url: `/api/lawyers/experience/${w.lawyer.id}/${w.experienceId}`,
      subject: w.lawyer.id,
    }),
  },
  'GET /api/rating/user-rating/:id': {
    access: 'signed-in',
    scope: 'self',
    admin: true,
    request: (w) => ({ url: `/api/rating/user-rating/${w.client.id}`, subject: w.client.id }),
  },
  'GET /api/rating/lawyer-rating/:id': {
    access: 'signed-in',
    request: (w) => ({ url: `/api/rating/lawyer-rating/${w.lawyer.id}` }),
  },
  // the rated lawyer answers; another lawyer's rating is 404 (docs/domain.md, Ratings)
  'POST /api/rating/:id/reply': {
    access: ABOGADO,
    scope: 'party',
    request: (w) => ({
      url: `/api/rating/${w.ratingId}/reply`,
      body: { text: 'Gracias por su valoración.' },
      parties: [w.lawyer.id],
    }),
  },
  'POST /api/rating/:id/report': {
    access: 'signed-in',
    request: (w) => ({ url: `/api/rating/${w.ratingId}/report`, body: { reason: 'Contiene insultos.' } }),
  },
  'POST /api/uploads': { access: 'signed-in', request: () => ({ url: '/api/uploads', body: {} }) },
  'GET /uploads/*': { access: 'public', request: (w) => ({ url: w.uploadPath }) },

  // the server-rendered public pages (docs/domain.md, Public lawyer pages)
  'GET /abogados/:slug': { access: 'public', request: () => ({ url: '/abogados/nadie-con-este-nombre' }) },
  'GET /abogados/:category/:province': {
    access: 'public',
    request: () => ({ url: '/abogados/civil/madrid' }),
  },
  'GET /sitemap.xml': { access: 'public', request: () => ({ url: '/sitemap.xml' }) },
  'GET /sitemap-:n(^\\d+).xml': { access: 'public', request: () => ({ url: '/sitemap-1.xml' }) },
  'GET /robots.txt': { access: 'public', request: () => ({ url: '/robots.txt' }) },

  // chat
  'POST /api/cases/:caseId/documents': {
    access: 'signed-in',
    scope: 'party',
    request: (w) => ({ url: `/api/cases/${w.activeCaseId}/documents`, body: {}, parties: bothParties(w) }),
  },
  'GET /api/cases/:caseId/documents': {
    access: 'signed-in',
    scope: 'party',
    request: (w) => ({ url: `/api/cases/${w.activeCaseId}/documents`, parties: bothParties(w) }),
  },
  'GET /api/documents/:id': {
    access: 'signed-in',
    scope: 'party',
    request: (w) => ({ url: `/api/documents/${w.documentId}`, parties: bothParties(w) }),
  },
  // only its uploader (the client): the first allowed call removes it, so after it everyone gets 404
  'DELETE /api/documents/:id': {
    access: 'signed-in',
    scope: 'party',
    request: (w) => ({ url: `/api/documents/${w.documentId}`, parties: [w.client.id] }),
  },
  'GET /api/chat/getchats/:userId': {
    access: 'signed-in',
    scope: 'self',
    request: (w) => ({ url: `/api/chat/getchats/${w.client.id}`, subject: w.client.id }),
  },
  'GET /api/chat/:userId/:lawyerId': {
    access: 'signed-in',
    scope: 'party',
    request: (w) => ({ url: `/api/chat/${w.client.id}/${w.lawyer.id}`, parties: bothParties(w) }),
  },
  'POST /api/chat/:chatId/read': {
    access: 'signed-in',
    scope: 'party',
    request: (w) => ({ url: `/api/chat/${w.chatId}/read`, parties: bothParties(w) }),
  },

  // cases and proposals
  'POST /api/cases/new-case': { access: USUARIO, request: () => ({ url: '/api/cases/new-case', body: {} }) },
  'POST /api/cases/create-case-chat': {
    access: USUARIO,
    request: () => ({ url: '/api/cases/create-case-chat', body: {} }),
  },
  'GET /api/cases/user/:id': {
    access: [ROLE.USUARIO, ROLE.ADMIN],
    scope: 'self',
    admin: true,
    request: (w) => ({ url: `/api/cases/user/${w.client.id}`, subject: w.client.id }),
  },
  'GET /api/cases/lawyer/:id': {
    access: [ROLE.ABOGADO, ROLE.ADMIN],
    scope: 'self',
    admin: true,
    request: (w) => ({ url: `/api/cases/lawyer/${w.lawyer.id}`, subject: w.lawyer.id }),
  },
  'GET /api/cases/user/case/:caseId': {
    access: 'signed-in',
    scope: 'party',
    admin: true,
    request: (w) => ({ url: `/api/cases/user/case/${w.activeCaseId}`, parties: bothParties(w) }),
  },
  'GET /api/cases/pending-cases': { access: ABOGADO, request: () => ({ url: '/api/cases/pending-cases' }) },
  'PUT /api/cases/:caseId/progress': {
    access: ABOGADO,
    scope: 'party',
    request: (w) => ({
      url: `/api/cases/${w.activeCaseId}/progress`,
      body: { progressStep: 3 },
      parties: [w.lawyer.id],
    }),
  },
  // the client's case is ACTIVO here, so the client's own call is refused as a transition (409), not hidden
  'PUT /api/cases/:caseId': {
    access: USUARIO,
    scope: 'party',
    request: (w) => ({
      url: `/api/cases/${w.activeCaseId}`,
      body: { title: 'Título corregido', description: 'Descripción corregida.' },
      parties: [w.client.id],
    }),
  },
  'POST /api/cases/:caseId/withdraw': {
    access: USUARIO,
    scope: 'party',
    request: (w) => ({ url: `/api/cases/${w.activeCaseId}/withdraw`, parties: [w.client.id] }),
  },
  'POST /api/cases/close-case/:caseId': {
    access: ABOGADO,
    scope: 'party',
    request: (w) => ({ url: `/api/cases/close-case/${w.activeCaseId}`, parties: [w.lawyer.id] }),
  },
  'POST /api/cases/confirm-close-case/:caseId/:chatId': {
    access: USUARIO,
    scope: 'party',
    request: (w) => ({
      url: `/api/cases/confirm-close-case/${w.activeCaseId}/${w.chatId}`,
      parties: [w.client.id],
    }),
  },
  'POST /api/cases/discard-close-case/:caseId': {
    access: USUARIO,
    scope: 'party',
    request: (w) => ({ url: `/api/cases/discard-close-case/${w.activeCaseId}`, parties: [w.client.id] }),
  },
  'POST /api/proposal/create-proposal-to-case/:caseId': {
    access: ABOGADO,
    request: (w) => ({
      url: `/api/proposal/create-proposal-to-case/${w.openCaseId}`,
      body: { price: 100, message: 'Propuesta de prueba.' },
    }),
  },
  'POST /api/proposal/accept-proposal/:proposalId': {
    access: USUARIO,
    scope: 'party',
    request: (w) => ({ url: `/api/proposal/accept-proposal/${w.pendingProposalId}`, parties: [w.client.id] }),
  },
  'POST /api/proposal/reject-proposal/:proposalId/:chatId': {
    access: USUARIO,
    scope: 'party',
    request: (w) => ({
      url: `/api/proposal/reject-proposal/${w.pendingProposalId}/${w.chatId}`,
      parties: [w.client.id],
    }),
  },
  // (+) the lawyer takes back or reprices their own proposal; the client asks for a new price
  'POST /api/proposal/:proposalId/withdraw': {
    access: ABOGADO,
    scope: 'party',
    request: (w) => ({ url: `/api/proposal/${w.pendingProposalId}/withdraw`, parties: [w.lawyer.id] }),
  },
  'POST /api/proposal/:proposalId/replace': {
    access: ABOGADO,
    scope: 'party',
    request: (w) => ({
      url: `/api/proposal/${w.pendingProposalId}/replace`,
      body: { price: 120 },
      parties: [w.lawyer.id],
    }),
  },
  'POST /api/proposal/:proposalId/decline-counter-offer': {
    access: ABOGADO,
    scope: 'party',
    request: (w) => ({
      url: `/api/proposal/${w.pendingProposalId}/decline-counter-offer`,
      body: { message: 'Mantengo mi precio.' },
      parties: [w.lawyer.id],
    }),
  },
  'POST /api/proposal/:proposalId/counter-offer': {
    access: USUARIO,
    scope: 'party',
    request: (w) => ({
      url: `/api/proposal/${w.pendingProposalId}/counter-offer`,
      body: { price: 100 },
      parties: [w.client.id],
    }),
  },
  'POST /api/rating/new-rating': {
    access: USUARIO,
    scope: 'party',
    request: (w) => ({
      url: '/api/rating/new-rating',
      body: { caseId: w.activeCaseId, stars: 5 },
      parties: [w.client.id],
    }),
  },

  // chat socket: an HTTP request without the WebSocket upgrade is refused; the STOMP CONNECT checks the token
  'GET /ws': { access: 'public', request: () => ({ url: '/ws' }) },

  // payments and billing
  'POST /api/payments/webhook': {
    access: 'public',
    request: () => ({ url: '/api/payments/webhook', body: {} }),
  },
  'POST /api/payments/payment-stripe': {
    access: 'signed-in',
    request: () => ({
      url: '/api/payments/payment-stripe',
      body: { id: 'prueba', amount: 200, description: 'Prueba' },
    }),
  },
  // the test page learns the provider and the publishable key before it loads Stripe.js
  'GET /api/payments/config': { access: 'public', request: () => ({ url: '/api/payments/config' }) },
  // the public completion page asks the provider for the real status of an intent id
  'GET /api/payments/intent/:id': {
    access: 'public',
    request: () => ({ url: '/api/payments/intent/pi_prueba' }),
  },
  // the sandbox checkout is the paying client's alone (anyone else: 404, as for an unknown checkout)
  'GET /payment/sandbox/:sessionId': {
    access: 'signed-in',
    scope: 'party',
    request: (w) => ({ url: `/payment/sandbox/${w.sandboxSessionId}`, parties: [w.client.id] }),
  },
  'POST /payment/sandbox/:sessionId/pay': {
    access: 'signed-in',
    scope: 'party',
    request: (w) => ({ url: `/payment/sandbox/${w.sandboxSessionId}/pay`, parties: [w.client.id] }),
  },
  'POST /payment/sandbox/:sessionId/cancel': {
    access: 'signed-in',
    scope: 'party',
    request: (w) => ({ url: `/payment/sandbox/${w.sandboxSessionId}/cancel`, parties: [w.client.id] }),
  },
  'GET /api/transaccion/getUserTransaccion/:id': {
    access: 'signed-in',
    scope: 'self',
    admin: true,
    request: (w) => ({ url: `/api/transaccion/getUserTransaccion/${w.client.id}`, subject: w.client.id }),
  },
  'GET /api/transaccion/getLawyerTransaccion/:id': {
    access: 'signed-in',
    scope: 'self',
    admin: true,
    request: (w) => ({ url: `/api/transaccion/getLawyerTransaccion/${w.lawyer.id}`, subject: w.lawyer.id }),
  },
  'GET /api/transaccion/receipt/:paymentId': {
    access: 'signed-in',
    scope: 'party',
    admin: true,
    request: (w) => ({ url: `/api/transaccion/receipt/${w.paymentId}`, parties: bothParties(w) }),
  },

  // money (docs/money.md)
  'GET /api/payouts/account': { access: ABOGADO, request: () => ({ url: '/api/payouts/account' }) },
  'POST /api/payouts/account/onboarding': {
    access: ABOGADO,
    request: () => ({ url: '/api/payouts/account/onboarding' }),
  },
  // the sandbox onboarding page's submit: the lawyer's own account only (anyone else's: 404)
  'POST /api/payouts/sandbox/:id/complete': {
    access: ABOGADO,
    scope: 'party',
    request: (w) => ({
      url: `/api/payouts/sandbox/${w.payoutAccountId}/complete`,
      body: SANDBOX_PAYOUT_DETAILS,
      parties: [w.lawyer.id],
    }),
  },
  'GET /api/payouts/balance': { access: ABOGADO, request: () => ({ url: '/api/payouts/balance' }) },
  'GET /api/payouts/transfers': { access: ABOGADO, request: () => ({ url: '/api/payouts/transfers' }) },
  'POST /api/cases/:caseId/dispute': {
    access: USUARIO,
    scope: 'party',
    request: (w) => ({
      url: `/api/cases/${w.activeCaseId}/dispute`,
      body: { reason: 'El trabajo no está terminado.' },
      parties: [w.client.id],
    }),
  },
  'POST /api/payments/:id/cancel': {
    access: USUARIO,
    scope: 'party',
    request: (w) => ({ url: `/api/payments/${w.paymentId}/cancel`, parties: [w.client.id] }),
  },
  'GET /api/admin/disputes': { access: ADMIN, request: () => ({ url: '/api/admin/disputes?status=open' }) },
  'POST /api/admin/disputes/:id/resolve': {
    access: ADMIN,
    request: (w) => ({
      url: `/api/admin/disputes/${w.disputeId}/resolve`,
      body: { outcome: 'release', note: 'Resuelta en la prueba.' },
    }),
  },
  'GET /api/admin/ratings/reports': {
    access: ADMIN,
    request: () => ({ url: '/api/admin/ratings/reports?status=open' }),
  },
  'POST /api/admin/ratings/:id/keep': {
    access: ADMIN,
    request: (w) => ({ url: `/api/admin/ratings/${w.ratingId}/keep`, body: { note: 'Es una opinión.' } }),
  },
  'POST /api/admin/ratings/:id/hide': {
    access: ADMIN,
    request: (w) => ({ url: `/api/admin/ratings/${w.ratingId}/hide`, body: { note: 'Es abusiva.' } }),
  },
  'GET /api/admin/payments': { access: ADMIN, request: () => ({ url: '/api/admin/payments' }) },
  'POST /api/admin/payments/:id/refund': {
    access: ADMIN,
    request: (w) => ({ url: `/api/admin/payments/${w.paymentId}/refund`, body: { reason: 'Prueba' } }),
  },
  'GET /api/admin/ledger/check': { access: ADMIN, request: () => ({ url: '/api/admin/ledger/check' }) },
  'GET /api/admin/money/summary': { access: ADMIN, request: () => ({ url: '/api/admin/money/summary' }) },

  // invoices
  'GET /api/billing/fiscal-profile': {
    access: 'signed-in',
    request: () => ({ url: '/api/billing/fiscal-profile' }),
  },
  'PUT /api/billing/fiscal-profile': {
    access: 'signed-in',
    request: () => ({
      url: '/api/billing/fiscal-profile',
      body: {
        nif: '00000000T',
        name: 'Persona de prueba',
        address: { street: 'Calle Mayor, 1', postalCode: '28013', city: 'Madrid', province: 'Madrid' },
        isBusiness: false,
      },
    }),
  },
  'GET /api/invoices': { access: 'signed-in', request: () => ({ url: '/api/invoices' }) },
  'GET /api/invoices/:id/pdf': {
    access: 'signed-in',
    scope: 'party',
    admin: true,
    request: (w) => ({ url: `/api/invoices/${w.invoiceId}/pdf`, parties: bothParties(w) }),
  },
  'GET /api/admin/invoices': { access: ADMIN, request: () => ({ url: '/api/admin/invoices?format=csv' }) },
  'GET /api/admin/verifactu/records': {
    access: ADMIN,
    request: () => ({ url: '/api/admin/verifactu/records' }),
  },

  // administration
  'GET /api/admin/lawyers': { access: ADMIN, request: () => ({ url: '/api/admin/lawyers?verified=false' }) },
  'POST /api/admin/lawyers/:id/verify': {
    access: ADMIN,
    request: (w) => ({ url: `/api/admin/lawyers/${w.pendingLawyers[0]}/verify` }),
  },
  'POST /api/admin/lawyers/:id/reject': {
    access: ADMIN,
    request: (w) => ({
      url: `/api/admin/lawyers/${w.pendingLawyers[1]}/reject`,
      body: { reason: 'Colegiación no válida.' },
    }),
  },
  'GET /api/admin/users': { access: ADMIN, request: () => ({ url: '/api/admin/users' }) },
  'POST /api/admin/users/:id/ban': {
    access: ADMIN,
    request: (w) => ({ url: `/api/admin/users/${w.victim.id}/ban`, body: { reason: 'Prueba' } }),
  },
  'POST /api/admin/users/:id/unban': {
    access: ADMIN,
    request: (w) => ({ url: `/api/admin/users/${w.victim.id}/unban` }),
  },
  'GET /api/admin/stats': { access: ADMIN, request: () => ({ url: '/api/admin/stats' }) },
  'GET /api/admin/audit': { access: ADMIN, request: () => ({ url: '/api/admin/audit' }) },
  'GET /api/admin/cases': { access: ADMIN, request: () => ({ url: '/api/admin/cases' }) },
  'POST /api/admin/cases/:caseId/approve': {
    access: ADMIN,
    request: (w) => ({
      url: `/api/admin/cases/${w.pendingCaseIds[0]}/approve`,
      body: { category: 'Abogado Civil' },
    }),
  },
  'POST /api/admin/cases/:caseId/discard': {
    access: ADMIN,
    request: (w) => ({ url: `/api/admin/cases/${w.pendingCaseIds[1]}/discard`, body: { reason: 'Prueba' } }),
  },

  // saved board searches: lawyers only, each their own; another lawyer's is 404 (docs/alerts.md)
  'GET /api/board/saved-searches': { access: ABOGADO, request: () => ({ url: '/api/board/saved-searches' }) },
  'POST /api/board/saved-searches': {
    access: ABOGADO,
    request: () => ({ url: '/api/board/saved-searches', body: { name: 'Prueba', frequency: 'daily' } }),
  },
  'PUT /api/board/saved-searches/:id': {
    access: ABOGADO,
    scope: 'party',
    request: (w) => ({
      url: `/api/board/saved-searches/${w.savedSearchId}`,
      body: { name: 'Prueba', frequency: 'off' },
      parties: [w.lawyer.id],
    }),
  },
  'DELETE /api/board/saved-searches/:id': {
    access: ABOGADO,
    scope: 'party',
    request: (w) => ({ url: `/api/board/saved-searches/${w.savedSearchId}`, parties: [w.lawyer.id] }),
  },

  // notifications: the caller's own; another person's notification is 404
  'GET /api/notifications': {
    access: 'signed-in',
    request: () => ({ url: '/api/notifications?unread=true' }),
  },
  'POST /api/notifications/:id/read': {
    access: 'signed-in',
    scope: 'party',
    request: (w) => ({ url: `/api/notifications/${w.notificationId}/read`, parties: [w.client.id] }),
  },
  'POST /api/notifications/read-all': {
    access: 'signed-in',
    request: () => ({ url: '/api/notifications/read-all' }),
  },
  'GET /api/notifications/preferences': {
    access: 'signed-in',
    request: () => ({ url: '/api/notifications/preferences' }),
  },
  'PUT /api/notifications/preferences': {
    access: 'signed-in',
    request: () => ({ url: '/api/notifications/preferences', body: { email: {} } }),
  },
  // the signed token is the capability; a token that does not verify is 404
  'GET /api/notifications/unsubscribe': {
    access: 'public',
    request: () => ({ url: '/api/notifications/unsubscribe?token=x.y' }),
  },
  'POST /api/notifications/unsubscribe': {
    access: 'public',
    request: () => ({ url: '/api/notifications/unsubscribe?token=x.y' }),
  },
};
