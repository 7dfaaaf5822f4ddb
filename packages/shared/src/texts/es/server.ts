import { plural } from '../../wording.ts';

/**
 * What only the server writes: mails and the chat broker's errors.
 * Split by audience so a page's bundle carries the texts its screens read, not all of them; es.ts
 * composes every audience for the server and the tests.
 */
export const es = {
  mail: {
    greeting: (name: string) => (name ? `Hola, ${name}:` : 'Hola:'),
    signature: 'El equipo de L4L',
    linkFallback: 'Si el botón no funciona, copia este enlace en tu navegador:',
    recovery: {
      subject: 'Cambia tu contraseña de L4L',
      intro: 'Hemos recibido una petición para cambiar la contraseña de tu cuenta de L4L.',
      action: 'Elegir una contraseña nueva',
      expiry: 'El enlace caduca en 1 hora y solo se puede usar una vez.',
      ignore: 'Si no lo has pedido tú, ignora este correo: tu contraseña seguirá siendo la misma.',
    },
    verifyMail: {
      subject: 'Confirma tu correo electrónico en L4L',
      intro:
        'Para terminar de configurar tu cuenta de L4L, confirma que esta dirección de correo es tuya. Así sabremos que te llegan los avisos de tus casos.',
      action: 'Confirmar mi correo',
      expiry: 'El enlace caduca en 48 horas y solo se puede usar una vez.',
      ignore: 'Si no has creado una cuenta en L4L, ignora este correo.',
    },
    mailChangeConfirm: {
      subject: 'Confirma tu nuevo correo en L4L',
      intro: 'Has pedido usar esta dirección para entrar en tu cuenta de L4L.',
      action: 'Confirmar mi nuevo correo',
      expiry: 'El enlace caduca en 24 horas y solo se puede usar una vez.',
      ignore: 'Si no lo has pedido tú, ignora este correo: la cuenta seguirá con su correo de siempre.',
    },
    mailChangeNotice: {
      subject: 'Se ha pedido cambiar el correo de tu cuenta de L4L',
      body: (newMail: string) =>
        `Se ha pedido cambiar el correo con el que entras en L4L por ${newMail}. El cambio solo se hará cuando se confirme desde esa dirección.`,
      advice: 'Si no has sido tú, elige una contraseña nueva cuanto antes y escríbenos a soporte@l4l.es.',
    },
    signInAttempts: {
      subject: 'Intentos de acceso a tu cuenta de L4L',
      intro:
        'Alguien está intentando entrar en tu cuenta de L4L con contraseñas incorrectas. Hemos frenado esos intentos y tú puedes seguir entrando con normalidad.',
      advice:
        'Si no has sido tú, te recomendamos elegir una contraseña nueva que no uses en ningún otro sitio.',
      action: 'Iniciar sesión en L4L',
    },
    lawyerVerified: {
      subject: 'Tu perfil de abogado en L4L está verificado',
      intro: 'Hemos comprobado tus datos y tu perfil de abogado ya está verificado.',
      next: 'Ya puedes iniciar sesión con tu correo y tu contraseña, completar tu ficha y enviar propuestas a los casos del tablón.',
      action: 'Iniciar sesión en L4L',
    },
    lawyerRejected: {
      subject: 'No hemos podido verificar tu perfil de abogado en L4L',
      intro:
        'Hemos revisado los datos de tu registro como abogado y, por ahora, no podemos verificar tu perfil.',
      reason: (reason: string) => `Motivo: ${reason}`,
      next: 'Si crees que es un error o quieres aportar más información, responde a este correo o escríbenos a soporte@l4l.es y volveremos a revisarlo.',
    },
  },
  /** STOMP chat connection: the `message` header of ERROR frames and the WebSocket close reasons. */
  stomp: {
    unauthorized: 'No autorizado',
    unsupportedVersion: 'Versión de STOMP no soportada',
    connectFirst: 'El primer frame debe ser CONNECT o STOMP',
    alreadyConnected: 'La sesión STOMP ya está conectada',
    missingHeader: (name: string) => `Falta la cabecera ${name}`,
    invalidHeader: (name: string) => `Valor no válido en la cabecera ${name}`,
    duplicateSubscription: 'Ya existe una suscripción con ese id',
    tooManySubscriptions: 'Demasiadas suscripciones en esta conexión',
    transactionsUnsupported: 'Transacciones no soportadas',
    invalidBody: 'El cuerpo del mensaje no es UTF-8 válido',
    frameTooLarge: (max: number) => `El frame supera el máximo de ${max} bytes`,
    tooManyHeaders: (max: number) => `El frame tiene más de ${max} cabeceras`,
    headerLineTooLong: (max: number) => `Una cabecera supera los ${max} bytes`,
    unknownCommand: 'Comando STOMP desconocido',
    malformedHeader: 'Cabecera STOMP mal formada',
    undefinedEscape: 'Secuencia de escape no definida en una cabecera',
    invalidUtf8: 'Las cabeceras deben estar en UTF-8 válido',
    missingNul: 'Falta el octeto NUL que cierra el frame',
    unexpectedBody: (command: string) => `El frame ${command} no admite cuerpo`,
    badEol: 'Fin de línea no válido',
    tooManyPending: 'Demasiados frames pendientes de procesar',
    connectTimeout: 'No se recibió CONNECT a tiempo',
    heartbeatTimeout: 'Conexión cerrada por inactividad',
    slowConsumer: 'Conexión cerrada porque el cliente no lee los mensajes a tiempo',
    tooManyConnections: (max: number) =>
      `Tienes demasiadas conexiones de chat abiertas (máximo ${max}). Cierra alguna pestaña y vuelve a intentarlo.`,
  },
  /** The server's refusals of requests that do not come from L4L's own pages. */
  /** docs/domain.md, Public lawyer pages: the server-rendered /abogados/{slug}, read by search engines too. */
  lawyerPage: {
    /** '<title>': the name, where ('toda España' for a lawyer who acts everywhere) and their first areas */
    title: (name: string, where: string, areas: string) =>
      `${name}, abogacía en ${where}${areas ? ` (${areas})` : ''} | L4L`,
    everywhere: 'toda España',
    /** the meta description when the lawyer wrote none */
    fallbackDescription: (name: string, categories: string, where: string) =>
      `${name} atiende consultas de ${categories} en ${where}. Pide presupuesto cerrado en L4L.`,
    verified: 'Perfil verificado por L4L',
    province: 'Provincia',
    specialties: 'Especialidades',
    about: 'Presentación',
    price: 'Precio',
    /** an hourly rate (docs/domain.md, Lawyers' prices) */
    priceFrom: (amount: string) => `Desde ${amount} €/hora`,
    firstVisit: (price: string) => `Primera consulta: ${price}`,
    /** the JSON-LD offer's service (its price is per hour) */
    offerName: 'Asesoramiento jurídico por horas',
    free: 'gratuita',
    rating: 'Valoración',
    stars: (stars: number) => `${stars} de 5 estrellas`,
    noRatings: 'Todavía no tiene valoraciones.',
    latestRatings: 'Últimas valoraciones',
    cta: (name: string) => `Consultar con ${name}`,
    /** (+) the second call to action: the first consultation's slot picker (docs/consultations.md) */
    bookConsultation: 'Reservar una primera consulta',
    ctaHint:
      'Inicia sesión o crea tu cuenta gratis para escribirle y recibir su propuesta con precio cerrado.',
    backHome: 'Ir a L4L',
    notFoundTitle: 'No encontramos esta página',
    notFoundText:
      'No hay ningún abogado publicado en esta dirección. Puede que el perfil ya no esté disponible o que el enlace tenga un error.',
    notFoundAction: 'Buscar abogados en L4L',
    legal: 'Información legal',
  },
  /**
   * docs/domain.md, Public directory pages: /abogados/{category} and /abogados/{category}/{province}, the
   * lawyers of a legal area (and a province) for search engines and visitors without an account.
   */
  directoryPage: {
    /** who the page lists, by category: 'Abogados de derecho civil' */
    lawyersOf: {
      'Abogado Generalista': 'Abogados generalistas',
      'Abogado Civil': 'Abogados de derecho civil',
      'Abogado Inmobiliario': 'Abogados de derecho inmobiliario',
      'Abogado Sucesiones y testamentos': 'Abogados de sucesiones y testamentos',
      'Abogado Divorcios': 'Abogados de divorcios',
      'Abogado Mercantil': 'Abogados de derecho mercantil',
      'Abogado Bancario': 'Abogados de derecho bancario',
      'Abogado Competencia': 'Abogados de derecho de la competencia',
      'Abogado Concursal': 'Abogados de derecho concursal',
      'Abogado Protección de datos': 'Abogados de protección de datos',
      'Abogado Laboral': 'Abogados laboralistas',
      'Abogado Administrativo': 'Abogados de derecho administrativo',
      'Abogado Fiscal': 'Abogados fiscalistas',
      'Abogado Compliance': 'Abogados de compliance',
      'Abogado Extranjería': 'Abogados de extranjería',
    } as Record<string, string>,
    /** the heading: 'Abogados de derecho civil en Madrid', '… en España' */
    heading: (lawyers: string, where: string) => `${lawyers} en ${where}`,
    spain: 'España',
    title: (heading: string, page: number) => `${heading}${page > 1 ? ` (página ${page})` : ''} | L4L`,
    description: (heading: string, count: string) =>
      `${heading}: ${count} con la colegiación comprobada. Compara precios, valoraciones y tiempo de respuesta y pide presupuesto cerrado en L4L.`,
    /** how many lawyers the page's list holds in all; `exact` false: it stopped counting at `count` */
    count: (count: number, exact = true) =>
      `${exact ? '' : 'más de '}${plural(count, 'abogado verificado', 'abogados verificados')}`,
    lead: 'Todos los abogados de L4L tienen la identidad y la colegiación comprobadas. Elige uno, consúltale tu caso y recibe su propuesta con precio cerrado.',
    empty: 'Todavía no hay ningún abogado verificado de esta especialidad en esta provincia.',
    emptyEverywhere: 'Todavía no hay ningún abogado verificado de esta especialidad.',
    /** an empty page's next steps (docs/domain.md, Public directory pages) */
    nextSteps: 'Qué puedes hacer ahora',
    otherAreasIn: (province: string) => `Otras especialidades con abogados en ${province}:`,
    tellUs: 'Cuéntanos tu caso',
    tellUsHint:
      'Publica tu caso gratis: lo revisamos y los abogados verificados de la especialidad te envían su propuesta con precio cerrado.',
    breadcrumbs: 'Ruta de navegación',
    home: 'Inicio',
    byProvince: 'Por provincia',
    byProvinceLead: (lawyers: string) => `${lawyers} con despacho en cada provincia:`,
    /** the way from a province's page to the whole country's: 'Ver todos los abogados de divorcios de España' */
    allSpain: (lawyers: string) => `Ver todos los ${lawyers.toLowerCase()} de España`,
    acrossSpain: 'Trabaja en toda España',
    /** links into the signed-in directory with this page's category and province already chosen */
    refine: 'Afina la búsqueda en el directorio:',
    refineByPrice: 'por precio por hora',
    refineFirstVisitFree: 'solo con primera consulta gratis',
    profile: (name: string) => `Ver el perfil de ${name}`,
    pages: 'Páginas de resultados',
    previous: 'Página anterior',
    next: 'Página siguiente',
    pageOf: (page: number, pages: number) => `Página ${page} de ${pages}`,
  },
  security: {
    foreignOrigin:
      'Hemos rechazado la petición porque no procede de la web de L4L. Vuelve a abrir L4L e inténtalo de nuevo.',
  },
} as const;
