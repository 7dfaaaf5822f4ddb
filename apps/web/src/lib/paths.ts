/**
 * Paths the whole app agrees on (spec §2). Routes are registered only for screens that exist; the nav
 * already points at the final paths of the screens other features add later.
 */
export const paths = {
  landing: '/',
  login: '/login',
  register: '/registro',
  resetPassword: '/reset-password',
  privacy: '/politica-de-privacidad',
  cookies: '/politica-de-cookies',
  legalNotice: '/aviso-legal',
  dashboard: '/dashboard',
  home: '/dashboard/inicio',
  cases: '/dashboard/casos',
  caseInfo: '/dashboard/casos/informacion-del-caso',
  chat: '/dashboard/chat',
  beginCase: '/dashboard/begincase',
  profile: '/profile',
  billing: '/dashboard/profile/billing',
  /** (+) the public lawyer profile lives at /dashboard/abogados/{lawyerId} */
  lawyers: '/dashboard/abogados',
  /** spec §2: the lawyer detail route, reached with navigation state {lawyerId} */
  lawyerDetail: '/dashboard/detail',
} as const;
