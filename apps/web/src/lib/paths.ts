import { dashboardBookingPath } from '@l4l/shared/constants/pages';

/**
 * Paths the whole app agrees on (docs/product.md, Routes). Routes are registered only for screens that exist; the nav
 * already points at the final paths of the screens other features add later.
 */
export const paths = {
  landing: '/',
  login: '/login',
  /** (+) where an erased account lands: the login, saying what was erased and what was kept (docs/domain.md, Privacy rights) */
  accountErased: '/cuenta-eliminada',
  register: '/registro',
  resetPassword: '/reset-password',
  /** (+) the link mailed to a new sign-in address (the server writes the same path in that mail) */
  confirmMail: '/confirmar-correo',
  /** (+) the link that confirms the sign-in address (the server writes the same path in that mail) */
  verifyMail: '/verificar-correo',
  privacy: '/politica-de-privacidad',
  cookies: '/politica-de-cookies',
  legalNotice: '/aviso-legal',
  dashboard: '/dashboard',
  home: '/dashboard/inicio',
  cases: '/dashboard/casos',
  caseInfo: '/dashboard/casos/informacion-del-caso',
  chat: '/dashboard/chat',
  /** docs/product.md, Routes: '/chat' also reaches the chat (redirects to /dashboard/chat, keeping '?with=') */
  legacyChat: '/chat',
  beginCase: '/dashboard/begincase',
  /** (+) the person's notifications (docs/notifications.md) */
  notifications: '/dashboard/notificaciones',
  profile: '/profile',
  billing: '/dashboard/profile/billing',
  /** docs/product.md, Payment pages: the checkout's two endings (public), the embedded form's return, its test page */
  paymentSuccess: '/payment-success',
  paymentError: '/payment-error',
  paymentCompletion: '/payment/completion',
  paymentTest: '/payment',
  /** (+) 'Mis consultas': both parties' first consultations; the room at /dashboard/consultas/{id} (docs/consultations.md) */
  consultations: '/dashboard/consultas',
  /** (+) the public lawyer profile lives at /dashboard/abogados/{lawyerId} */
  lawyers: '/dashboard/abogados',
  /** docs/product.md, Routes: the lawyer detail route, reached with navigation state {lawyerId} */
  lawyerDetail: '/dashboard/detail',
  /** (+) the administration console, role ADMIN only */
  admin: '/admin',
  adminLawyers: '/admin/abogados',
  adminUsers: '/admin/usuarios',
  adminCases: '/admin/casos',
  adminAudit: '/admin/auditoria',
  /** (+) the reported ratings (docs/domain.md, Ratings) */
  adminRatings: '/admin/valoraciones',
  /** (+) the console's payments and disputes */
  adminPayments: '/admin/pagos',
  /** (+) the lawyer's payouts: account, balance, transfers (docs/money.md) */
  payouts: '/dashboard/cobros',
  /** (+) the sandbox provider's onboarding form for a payout account */
  payoutSandbox: '/payout/sandbox',
} as const;

/**
 * docs/product.md, Routes: opens one conversation directly, `/dashboard/chat?with=<counterpartId>` — the counterpart's
 * user id (a client links with the lawyer's id; a lawyer with the client's).
 */
export function chatWithPath(counterpartId: string): string {
  return `${paths.chat}?with=${encodeURIComponent(counterpartId)}`;
}

/** (+) the video room of one consultation (docs/consultations.md, The video room) */
export function consultationRoomPath(consultationId: string): string {
  return `${paths.consultations}/${encodeURIComponent(consultationId)}`;
}

/** (+) a lawyer's slot picker: the client books a first consultation there (the public page links to it) */
export function bookConsultationPath(lawyerId: string): string {
  return dashboardBookingPath(lawyerId);
}
