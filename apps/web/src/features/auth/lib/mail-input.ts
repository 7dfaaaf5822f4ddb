import { es } from '@l4l/shared/texts/es/account';

/** The sign-in mail's input, the same in the login and in the registration: its label, keyboard and hints. */
export const MAIL_INPUT = {
  label: es.login.email,
  type: 'email',
  autoComplete: 'email',
  inputMode: 'email',
  placeholder: es.login.emailPlaceholder,
} as const;
