import { es as publicTexts } from './public.ts';

/**
 * Opening an account and getting back into one: the registration modal and the password reset page, and a
 * lawyer's credentials, which the registration asks for and the signed-in screens show.
 * Split by audience so a page's bundle carries the texts its screens read, not all of them; es.ts
 * composes every audience for the server and the tests.
 */
export const es = {
  ...publicTexts,
  /** docs/domain.md, Colegiación and Response time: what every audience reads about a lawyer's credentials. */
  trust: {
    barAssociation: 'Colegio de la Abogacía',
    barNumber: 'Número de colegiado',
    barNumberHint: 'Tal como figura en tu colegio, por ejemplo 78.412.',
    chooseBarAssociation: 'Elige tu colegio',
    colegiado: (number: string, colegio: string, title: 'Abogado' | 'Abogada' = 'Abogado') =>
      `${title === 'Abogada' ? 'Colegiada' : 'Colegiado'} nº ${number} (${colegio})`,
    professionalTitle: 'Título profesional',
    professionalTitleHint:
      'Así aparecerá en tu perfil y en tus especialidades, por ejemplo «Abogada Laboral».',
    /** 'Suele responder en 2 h': minutes on the wire, rounded as a person would say it */
    respondsIn: (minutes: number) => {
      if (minutes < 60) return `Suele responder en ${Math.max(1, Math.round(minutes))} min`;
      const hours = Math.round(minutes / 60);
      if (hours < 24) return `Suele responder en ${hours} h`;
      const days = Math.round(hours / 24);
      return days === 1 ? 'Suele responder en 1 día' : `Suele responder en ${days} días`;
    },
    noResponseTime: 'Aún sin datos de respuesta',
    askTitle: 'Falta tu colegiación',
    askText:
      'Indica tu colegio de la abogacía y tu número de colegiado para que podamos comprobarlos y mostrarlos en tu perfil.',
    askAction: 'Completar mi colegiación',
  },
  register: {
    title: 'Crea tu cuenta',
    chooseRole: 'Elige tu perfil',
    roleUser: 'Busco un abogado',
    roleLawyer: 'Soy abogado',
    options: '¿Cómo quieres registrarte?',
    withEmail: 'Continuar con correo electrónico',
    name: 'Nombre',
    surname: 'Apellidos',
    phone: 'Teléfono',
    categories: 'Categorías',
    description: 'Descripción',
    price: 'Precio por hora',
    firstVisit: 'Primera consulta',
    firstVisitFree: 'Gratuita',
    firstVisitPaid: 'De pago',
    priceFirstVisit: 'Precio de la primera consulta',
    province: 'Provincia',
    photo: 'Foto de perfil',
    haveAccount: '¿Ya tienes cuenta? Inicia sesión',
    created: '¡Cuenta creada con éxito!',
    failed: 'Hubo un problema al crear la cuenta.',
    lawyerExists: 'El usuario ya existe. Por favor, usa otro correo.',
    // a refused step names what to fix (docs/product.md, Registration), never 'Hubo un error inesperado'
    fixFields: (labels: readonly string[]) =>
      labels.length === 1
        ? `Revisa el campo «${labels[0]}».`
        : `Revisa estos campos: ${labels.slice(0, -1).join(', ')} y ${labels.at(-1)}.`,
    checking: 'Comprobando…',
    stepOf: (step: number, total: number | null) =>
      total === null ? `Paso ${step}` : `Paso ${step} de ${total}`,
    consentBefore: 'Al crear tu cuenta aceptas las',
    termsLink: 'condiciones de uso',
    consentMiddle: 'de L4L y confirmas que has leído la',
    privacyLink: 'política de privacidad',
    consentAfter: ', que explica qué datos tratamos, para qué y cómo ejercer tus derechos.',
    roleUserHint: 'Cuéntanos tu caso y recibe propuestas de abogados verificados.',
    roleLawyerHint: 'Crea tu perfil profesional y responde a casos de tu especialidad.',
    credentialsTitle: 'Tus datos de acceso',
    personalTitle: 'Tus datos personales',
    lawyerTitle: 'Tu perfil profesional',
    phonePlaceholder: '600 123 456',
    categoriesPlaceholder: 'Elige tus especialidades',
    descriptionPlaceholder: 'Tu experiencia, cómo trabajas y en qué asuntos puedes ayudar.',
    descriptionCounter: (length: number, max: number) => `${length}/${max}`,
    pricePlaceholder: '60,00',
    priceHint: 'En euros. Usa la coma para los céntimos.',
    provincePlaceholder: 'Elige una provincia',
    photoChoose: 'Elegir foto',
    photoChange: 'Cambiar foto',
    photoRemove: 'Quitar foto',
    photoHint: 'Opcional. PNG o JPG de hasta 5 MB.',
    creating: 'Creando la cuenta…',
    lawyerPendingTitle: 'Tu cuenta está pendiente de verificación',
    lawyerPendingText:
      'Hemos recibido tus datos. Un administrador de L4L comprobará tu identidad y tu colegiación; cuando tu perfil esté verificado podrás iniciar sesión con tu correo y tu contraseña.',
    gotIt: 'Entendido',
  },
  /** /confirmar-correo?token=…, the page the link to a new sign-in mail opens. */
  confirmMail: {
    title: 'Confirmar el nuevo correo',
    confirming: 'Confirmando tu nuevo correo…',
    done: (mail: string) => `¡Listo! Desde ahora entras en L4L con ${mail}.`,
    failed: 'No hemos podido confirmar el correo.',
    goHome: 'Ir a L4L',
  },
  /** /verificar-correo?token=…, the page the verification link opens (docs/domain.md, Mail verification). */
  verifyMail: {
    title: 'Confirmar tu correo',
    confirming: 'Confirmando tu correo…',
    done: 'Tu correo está confirmado',
    doneText: (mail: string) => `Gracias: a partir de ahora te avisaremos en ${mail}.`,
    failed: 'No hemos podido confirmar tu correo.',
    goDashboard: 'Ir a mi panel',
    goHome: 'Ir a L4L',
  },
  /** The dashboard's banner for a person whose address is not confirmed yet. */
  verifyMailBanner: {
    title: 'Confirma tu correo electrónico',
    text: (mail: string) =>
      `Te hemos enviado un enlace a ${mail}. Ábrelo para confirmar que la dirección es tuya; si no lo encuentras, mira en la carpeta de correo no deseado.`,
    resend: 'Reenviar el correo',
    resending: 'Enviando…',
    resent: 'Te hemos enviado un correo nuevo. El enlace caduca en 48 horas.',
    dismiss: 'Cerrar el aviso',
  },
  resetPassword: {
    failed: 'No se pudo actualizar la contraseña.',
    title: 'Cambiar contraseña',
    newPassword: 'Nueva contraseña',
    confirmPassword: 'Confirmar contraseña',
    busy: 'Cambiando…',
    success: '¡Contraseña actualizada con éxito!',
    redirecting: 'Serás redirigido al inicio de sesión en breve…',
    lead: 'Elige una contraseña nueva para tu cuenta de L4L.',
    requestNewLink: 'Pide un enlace nuevo',
    requirementsLabel: 'Requisitos de la contraseña',
    reqLength: 'Al menos 8 caracteres',
    reqUpper: 'Una letra mayúscula',
    reqLower: 'Una letra minúscula',
    reqDigit: 'Un número',
    met: '(cumplido)',
    unmet: '(pendiente)',
  },
} as const;
