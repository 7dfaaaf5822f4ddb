import { es } from './es/public.ts';

/**
 * The error codes (docs/api/http.md, Errors) and the Spanish message a person reads for each. The server's error handler and the
 * web api-client both use this table, so the wording lives in one place.
 */
export const ERROR_MESSAGES = {
  VALIDATION_ERROR: 'Algunos datos no son válidos. Revisa los campos marcados.',
  UNAUTHENTICATED: 'Tienes que iniciar sesión para continuar.',
  FORBIDDEN: 'No tienes permiso para hacer esto.',
  NOT_FOUND: 'No hemos encontrado lo que buscas.',
  CONFLICT: 'La operación no es posible en el estado actual.',
  INVALID_TRANSITION: 'Esta acción no es posible en el estado actual del caso.',
  PAYLOAD_TOO_LARGE: 'El archivo es demasiado grande (máximo 5 MB).',
  UNSUPPORTED_MEDIA_TYPE: 'Formato no admitido: solo se aceptan imágenes PNG o JPEG.',
  RATE_LIMITED: 'Demasiados intentos. Espera unos minutos y vuelve a intentarlo.',
  INTERNAL_ERROR: 'Se ha producido un error inesperado. Inténtalo de nuevo más tarde.',
  SERVICE_UNAVAILABLE: 'El servicio no está disponible en este momento.',
  BAD_CREDENTIALS: es.login.badCredentials,
  USER_NOT_FOUND: es.login.userNotFound,
  USER_BANNED: es.login.banned,
  LAWYER_NOT_VERIFIED: es.login.lawyerNotVerified,
  USER_EXISTS: es.validation.userExists,
  INVALID_TOKEN: 'El enlace para cambiar la contraseña no es válido o ha caducado.',
  BAD_CODE: 'El código no es correcto.',
  INVALID_SIGNATURE: 'La firma del evento no es válida.',
} as const;

export type ErrorCode = keyof typeof ERROR_MESSAGES;
