import { plural } from '../../wording.ts';

/**
 * What any page may show on its first paint: the brand, the frames (public and dashboard), buttons, the
 * cookie banner, sign-in and validation errors any form or answer can raise.
 * Split by audience so a page's bundle carries the texts its screens read, not all of them; es.ts
 * composes every audience for the server and the tests.
 */
export const es = {
  brand: {
    name: 'L4L',
    slogan: 'Tu abogado profesional, a un clic',
    sloganLead:
      'Cuéntanos tu caso y recibe propuestas de abogados verificados, con precio cerrado y chat privado.',
    about: '¿Qué es L4L?',
    lawyerCta: '¿Eres abogado y quieres darte a conocer? Crea tu perfil y empieza a resolver casos.',
    rights: 'Todos los derechos reservados.',
  },
  router: {
    unexpected: '¡Algo ha fallado en la aplicación!',
    notFound: 'La página que buscas no existe.',
    backHome: 'Volver al inicio',
    errorHelp: 'Algo no ha ido bien al mostrar esta página. Vuelve al inicio e inténtalo de nuevo.',
  },
  buttons: {
    login: 'Iniciar sesión',
    register: 'Registro',
    goToChat: 'Ir al chat',
    goToChatCase: 'Ir al Chat',
    caseTracking: 'Seguimiento del caso',
    tracking: 'Seguimiento',
    chat: 'Chat',
    tellYourCase: 'Cuéntame tu caso',
    createUser: 'Crear usuario',
    saveChanges: 'Guardar cambios',
    modify: 'Modificar datos',
    billingHistory: 'Historial de facturación',
    close: 'Cerrar',
    edit: 'Editar',
    remove: 'Borrar',
    createNew: 'Crear nueva',
    sendProposal: 'Enviar una propuesta',
    requestClosure: 'Solicitar cierre',
    continue: 'Continuar',
    back: 'Volver',
    logout: 'Cerrar sesión',
    renewPassword: 'Renovar contraseña',
    changePassword: 'Cambiar contraseña',
    knowMore: 'Saber más',
    accept: 'Aceptar',
    reject: 'Rechazar',
    save: 'Guardar',
    cancel: 'Cancelar',
    backToChats: 'Volver a chats',
    backHome: 'Volver al inicio',
    payNow: 'Pagar ahora',
    menu: 'Abrir menú',
    closeMenu: 'Cerrar menú',
  },
  nav: {
    home: 'Inicio',
    myCases: 'Mis casos',
    privateChat: 'Chat privado',
    startCase: 'Iniciar un caso',
    profile: 'Mi perfil',
    /** the header's profile link: its name starts with the name it shows (WCAG 2.5.3, label in name) */
    profileOf: (fullName: string) => `${fullName}, mi perfil`,
    mainNav: 'Navegación principal',
    menuTitle: 'Menú',
    goToDashboard: 'Ir a mi panel',
    backToHome: 'Volver al inicio',
  },
  footer: {
    categories: 'Categorías',
    about: '¿Qué es L4L?',
    press: 'Prensa y noticias',
    privacy: 'Política de privacidad',
    terms: 'Términos y condiciones',
    cookies: 'Política de cookies',
    legalNotice: 'Aviso legal',
    company: 'L4L',
    legal: 'Legal',
    contact: 'Contacto',
    pressMail: 'prensa@l4l.es',
    supportMail: 'soporte@l4l.es',
    copyright: (year: number) => `© ${year} L4L Plataforma Legal, S.L.`,
  },
  cookies: {
    text: 'Usamos cookies propias imprescindibles para que la plataforma funcione y, si lo aceptas, para recordar tu sesión en este navegador.',
    moreInfo: 'Más información',
    accept: 'Aceptar',
    reject: 'Rechazar',
    label: 'Aviso de cookies',
  },
  login: {
    title: '¿Ya tienes cuenta?',
    email: 'Correo electrónico',
    password: 'Contraseña',
    forgot: '¿Has olvidado tu contraseña?',
    recoverTitle: 'Recupera tu contraseña',
    recoverText: 'Escribe tu correo y te enviaremos un enlace para cambiar tu contraseña.',
    continueWith: (provider: string) => `Continuar con ${provider}`,
    noAccount: '¿No tienes cuenta? Regístrate',
    badCredentials: 'Correo o contraseña incorrectos.',
    userNotFound: 'Usuario no encontrado',
    banned: 'Tu cuenta está suspendida.',
    bannedBecause: (reason: string | undefined, contact: string) =>
      `Tu cuenta está suspendida.${reason ? ` Motivo: ${reason}` : ''} Si crees que es un error, escríbenos a ${contact}.`,
    lawyerRejected: (reason: string | undefined, contact: string) =>
      `Hemos revisado tu solicitud de alta como abogado y no la hemos aprobado.${reason ? ` Motivo: ${reason}` : ''} Para volver a solicitarla, escríbenos a ${contact} con la información que faltaba y la revisaremos de nuevo.`,
    lawyerNotVerified:
      'Tu perfil de abogado aún no está verificado. Un administrador de L4L lo revisará y te avisaremos por correo.',
    connectionError: 'Error de conexión. Inténtalo de nuevo más tarde.',
    recoverySent: 'Correo de recuperación enviado correctamente.',
    recoveryFailed: 'Hubo un error al enviar el correo. Inténtalo nuevamente.',
    googleFailed: 'No hemos podido verificar tu cuenta de Google. Inténtalo de nuevo.',
    googleUnavailable: 'El inicio de sesión con Google no está disponible.',
    subtitle: 'Accede para seguir tus casos y hablar con tu abogado.',
    emailPlaceholder: 'tu@correo.es',
    otherOptions: 'Otras formas de acceder',
  },
  validation: {
    email: 'El formato del correo electrónico no es correcto.',
    password:
      'La contraseña debe tener al menos 8 caracteres, una letra mayúscula, una minúscula y un número.',
    passwordCommon: 'Esa contraseña es demasiado común. Elige otra más difícil de adivinar.',
    phone: 'El formato del número de teléfono no es correcto.',
    csvDialect: 'El formato de CSV indicado no existe: usa «es» o «rfc4180».',
    passwordsDiffer: 'Las contraseñas no coinciden.',
    userExists: 'Ya existe una cuenta con ese correo.',
    description: 'La descripción es obligatoria.',
    descriptionTooLong: 'La descripción no puede superar los 500 caracteres.',
    price: 'El precio es obligatorio.',
    firstVisitChoice: 'Indica si la primera consulta es gratuita o cuánto cuesta.',
    required: 'Este campo es obligatorio.',
    category: 'Elige al menos una categoría.',
    province: 'Elige una provincia.',
    duplicateCaseTitle: 'Ya existe un caso con ese título.',
    experienceDates: 'La fecha de finalización no puede ser anterior a la fecha de inicio.',
    resetAllRequired: 'Todos los campos son obligatorios.',
    resetRequirements: 'La contraseña no cumple con los requisitos.',
    resetMismatch: 'Las contraseñas no coinciden.',
    invalidData: 'El servidor ha enviado datos no válidos. Inténtalo de nuevo.',
    currentPasswordWrong: 'La contraseña actual no es correcta.',
    currentPasswordForMail: 'Escribe tu contraseña actual para cambiar el correo.',
    mailChangeLinkInvalid: 'El enlace para confirmar el correo no es válido o ha caducado.',
    verifyMailLinkInvalid:
      'El enlace para confirmar tu correo no es válido, ya se ha usado o ha caducado. Pide uno nuevo desde tu panel.',
    mailVerifiedAlready: 'Tu correo electrónico ya está confirmado.',
    date: 'Introduce una fecha válida (AAAA-MM-DD).',
    barNumber: 'Escribe tu número de colegiado tal como figura en tu colegio (hasta 12 caracteres).',
    barAssociation: 'Elige tu colegio de la abogacía de la lista.',
    professionalTitle: 'Elige «Abogada» o «Abogado».',
    unknownCategory: 'Alguna de las categorías elegidas no existe.',
    priceFilter: 'Escribe el precio en euros, con dos decimales como mucho (por ejemplo, 40 o 45,50).',
    priceRange: 'El precio máximo no puede ser menor que el mínimo.',
    firstVisitFreeFilter: 'El filtro de primera consulta gratis solo admite «true» o «false».',
    searchTooLong: (max: number) => `La búsqueda no puede superar los ${max} caracteres.`,
    experienceLimit: (max: number) => `No puedes guardar más de ${max} entradas de experiencia.`,
    imageRequired: 'Adjunta una imagen PNG o JPEG.',
    imageTooManyPixels: (megapixels: number) =>
      `La imagen tiene demasiados píxeles: el máximo es ${megapixels} megapíxeles.`,
    badUrl: 'La dirección pedida no es válida.',
  },
  dashboard: {
    userHomeTitle: '¿Qué tipo de abogado estás buscando?',
    lawyerHomeTitle: 'Tablón de casos Generales',
    searchByName: 'Buscar abogado por nombre',
    searchCases: 'Buscar casos',
    sortBy: 'Ordenar por',
    free: 'Gratuita',
    firstConsultation: 'Primera consulta',
    noLawyers: 'No hay abogados disponibles en este momento.',
    noLawyersMatch: 'Ningún abogado coincide con tu búsqueda o tus filtros.',
    noLawyersMatchHelp: 'Prueba con otro nombre, otra especialidad u otra provincia, o borra los filtros.',
    clearFilters: 'Borrar filtros',
    lawyerCategories: 'Especialidades',
    matchesFilter: 'coincide con tu filtro',
    loadError: 'Ocurrió un error al cargar los datos.',
    loadingLawyers: 'Cargando abogados…',
    greeting: (name: string) => `Hola, ${name}`,
    userHomeLead:
      'Encuentra al abogado que necesitas entre profesionales verificados, o cuéntanos tu caso y deja que ellos te envíen su propuesta con precio cerrado.',
    lawyerHomeLead:
      'Aquí encontrarás los casos generales que la plataforma ha revisado y publicado. Envía una propuesta con tu precio cerrado; si el cliente la acepta y paga, el caso pasa a ser tuyo.',
    adminHomeTitle: 'Panel de administración',
    adminHomeLead: 'Verifica a los abogados y valida los casos antes de que se publiquen.',
    startCaseTitle: '¿Prefieres que los abogados vengan a ti?',
    lawyerProfileTitle: 'Tu perfil es tu carta de presentación',
    lawyerProfileText: 'Mantén tus datos de contacto al día para que los clientes puedan confiar en ti.',
    filterCategories: 'Especialidad',
    filterProvince: 'Provincia',
    filterPrice: 'Precio por hora',
    priceFrom: 'Desde (€)',
    priceTo: 'Hasta (€)',
    firstVisitFreeFilter: 'Primera consulta gratis',
    allCategories: 'Todas las especialidades',
    /** the lawyer's price is an hourly rate (docs/domain.md, Lawyers' prices) */
    pricePerHour: (price: string) => `${price} €/hora`,
    activeCases: 'Casos activos',
    finishedCases: 'Casos finalizados',
    ratingOf: (score: string, count: number) =>
      `${score} de 5 (${plural(count, 'valoración', 'valoraciones')})`,
    previousPage: 'Anterior',
    nextPage: 'Siguiente',
    pageOf: (page: number, pages: number) => `Página ${page} de ${pages}`,
    /** `exact` false: the directory stopped counting at `total` ('Más de 1000 abogados') */
    resultsCount: (total: number, exact = true) =>
      `${exact ? '' : 'Más de '}${plural(total, 'abogado', 'abogados')}`,
    // the lawyers' board of general cases (docs/product.md, Home, lawyer role)
    boardEmpty: 'No hay casos publicados en este momento.',
    boardNoMatch: 'Ningún caso coincide con tu búsqueda.',
    /** `exact` false: the board stopped counting at `total` ('Más de 1000 casos') */
    boardCount: (total: number, exact = true) => `${exact ? '' : 'Más de '}${plural(total, 'caso', 'casos')}`,
  },
  defaults: {
    noDescription: 'Descripción no disponible',
    noCategory: 'Sin categoría',
    noPrice: 'Precio sin definir',
    noLawyer: 'Abogado no asignado',
    caseInProgress: 'Caso en curso',
    noMessages: 'Sin mensajes disponibles',
    noDate: 'Fecha no disponible',
  },
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
  common: {
    loading: 'Cargando…',
    or: 'o',
    done: 'Listo',
    retry: 'Reintentar',
    sending: 'Enviando…',
    showPassword: 'Mostrar contraseña',
    hidePassword: 'Ocultar contraseña',
    skipToContent: 'Saltar al contenido',
    homeLink: 'L4L, ir a la página de inicio',
    accountNav: 'Acceso a tu cuenta',
    notifications: 'Notificaciones',
    closeNotification: 'Cerrar notificación',
    selectedCount: (count: number) => plural(count, 'seleccionada', 'seleccionadas'),
  },
  rateLimit: {
    retryIn: (minutes: number) =>
      minutes <= 1
        ? 'Demasiados intentos. Vuelve a intentarlo dentro de un minuto.'
        : `Demasiados intentos. Vuelve a intentarlo dentro de ${minutes} minutos.`,
    retryInSeconds: (seconds: number) =>
      seconds <= 1
        ? 'Demasiados intentos. Vuelve a intentarlo dentro de un segundo.'
        : `Demasiados intentos. Vuelve a intentarlo dentro de ${seconds} segundos.`,
  },
} as const;
