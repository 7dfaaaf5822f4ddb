import type { CaseStatus } from '@l4l/shared/constants/cases';
import type { Category } from '@l4l/shared/constants/categories';

export type DemoClient = { mail: string; name: string; surname: string };

/** The demo clients, cliente1@l4l.demo … cliente5@l4l.demo. */
export const DEMO_CLIENTS: DemoClient[] = [
  { mail: 'cliente1@l4l.demo', name: 'Ana', surname: 'Ortiz Campos' },
  { mail: 'cliente2@l4l.demo', name: 'Pablo', surname: 'Herrera Sanz' },
  { mail: 'cliente3@l4l.demo', name: 'María José', surname: 'Blanco Rey' },
  { mail: 'cliente4@l4l.demo', name: 'Carlos', surname: 'Medina Fuentes' },
  { mail: 'cliente5@l4l.demo', name: 'Lorena', surname: 'Santos Aguilar' },
];

/**
 * The one demo client who has not confirmed the address yet, so the dashboard shows the banner that asks
 * for it (docs/domain.md, Mail verification); no browser journey signs in as her.
 */
export const DEMO_UNVERIFIED_CLIENT = 'cliente5@l4l.demo';

/**
 * One line of a conversation between the client and one lawyer about one case, in order:
 * a text or a photographed document from either side, or an event of the case's story that the platform
 * (or the lawyer, for a proposal or a closure request) writes into the chat.
 */
export type ScriptLine =
  | readonly ['client' | 'lawyer', text: string]
  | readonly ['client-image' | 'lawyer-image', documentTitle: string]
  /** the lawyer's proposal (type 2) */
  | readonly ['proposal']
  /** the client accepted and paid it (type 10, and type 11 to the client) */
  | readonly ['paid']
  /** the client rejected it (type 8) */
  | readonly ['rejected']
  /** another lawyer's proposal was paid, so this one was rejected (type 8) */
  | readonly ['assigned-elsewhere']
  /** the lawyer asks to close the case (type 5) */
  | readonly ['closure']
  /** the client answered that the case is not finished yet (type 8) */
  | readonly ['closure-withdrawn']
  /** the client confirmed the closure (type 7, and the rating prompt, type 9, to the client) */
  | readonly ['closed']
  /** (+) the client asks the lawyer for a lower price, with a note (a `counteroffer` message) */
  | readonly ['counter-offer', price: number, note: string]
  /** (+) the lawyer replaces the proposal with a new price (type 8, then the new proposal, type 2) */
  | readonly ['new-price', price: number]
  /** (+) the lawyer withdraws the proposal (type 8) */
  | readonly ['withdrawn'];

export type DemoProposal = {
  /** the lawyer's mail without the domain */
  lawyer: string;
  /** euros */
  price: number;
  message: string;
  script: ScriptLine[];
};

export type DemoCase = {
  /** the client's mail */
  client: string;
  title: string;
  description: string;
  status: CaseStatus;
  /** set once an administrator validated the case */
  category?: Category;
  /** ACTIVO only: 2 to 6 */
  step?: number;
  createdDaysAgo: number;
  /** when the last message of a paid case was written */
  lastDaysAgo?: number;
  /** a case sent to one lawyer from their profile (create-case-chat) */
  addressedTo?: string;
  discardReason?: string;
  /** the paid proposal, if any, comes first */
  proposals?: DemoProposal[];
  rating?: {
    stars: number;
    title: string;
    description: string;
    /** the lawyer's public answer (docs/domain.md, Ratings) */
    reply?: string;
    /** the lawyer reported the rating with this reason, and no administrator has decided yet */
    reportedByLawyer?: string;
  };
};

export const DEMO_CASES: DemoCase[] = [
  {
    client: 'cliente1@l4l.demo',
    title: 'Divorcio de mutuo acuerdo con custodia compartida',
    description:
      'Mi pareja y yo hemos decidido divorciarnos de mutuo acuerdo. Tenemos dos hijos de 6 y 9 años y queremos custodia compartida. La vivienda es de los dos y tiene hipoteca.',
    status: 'FINALIZADO',
    category: 'Abogado Divorcios',
    createdDaysAgo: 40,
    lastDaysAgo: 6,
    addressedTo: 'lucia.garcia',
    proposals: [
      {
        lawyer: 'lucia.garcia',
        price: 1200,
        message:
          'Divorcio de mutuo acuerdo con convenio regulador, liquidación de gananciales y custodia compartida. Incluye redacción del convenio, presentación de la demanda y asistencia a la ratificación.',
        script: [
          [
            'client',
            'Hola, Lucía. Mi pareja y yo hemos decidido divorciarnos de mutuo acuerdo. Tenemos dos hijos de 6 y 9 años y queremos custodia compartida. ¿Podrías ayudarnos?',
          ],
          [
            'lawyer',
            'Hola, Ana. Claro que sí. En un divorcio de mutuo acuerdo lo más importante es un buen convenio regulador. ¿Tenéis pensado cómo repartir la vivienda y los gastos de los niños?',
          ],
          [
            'client',
            'La casa es de los dos, con hipoteca. Habíamos pensado que se quede él y me compense mi parte.',
          ],
          [
            'lawyer',
            'Perfecto, eso lo recogemos en el convenio junto con la liquidación de gananciales. Te envío una propuesta con todo incluido.',
          ],
          ['proposal'],
          ['paid'],
          [
            'lawyer',
            'Gracias, Ana. Para empezar necesito el libro de familia, la escritura de la vivienda y las tres últimas nóminas de ambos.',
          ],
          ['client-image', 'Libro de familia'],
          ['client', 'Te paso la escritura y las nóminas en cuanto las escanee.'],
          [
            'lawyer',
            'Recibido. Os he enviado el borrador del convenio; revisadlo juntos y me decís si queréis cambiar algo del calendario de vacaciones.',
          ],
          ['client', 'Estamos de acuerdo. Solo cambiaríamos la Semana Santa: los años pares conmigo.'],
          [
            'lawyer',
            'Hecho. Demanda presentada en el Juzgado de Familia de Madrid; os citarán para ratificar en unas semanas.',
          ],
          ['lawyer', 'Ya tenemos la sentencia de divorcio: aprueba el convenio tal como lo firmasteis.'],
          ['closure'],
          ['closed'],
        ],
      },
    ],
    rating: {
      stars: 5,
      title: 'Todo muy fácil en un momento difícil',
      description:
        'Lucía nos explicó cada paso y el convenio quedó exactamente como queríamos. Rápida, cercana y sin sorpresas en el precio.',
      reply:
        'Gracias, Ana. Fue un placer acompañaros; cualquier duda con el convenio, ya sabéis dónde estoy.',
    },
  },
  {
    client: 'cliente1@l4l.demo',
    title: 'Reclamación de la cláusula suelo de mi hipoteca',
    description:
      'Firmé la hipoteca en 2006 con un suelo del 3,5 %. Nunca me explicaron la cláusula y quiero saber si puedo recuperar lo que he pagado de más.',
    status: 'ACTIVO',
    category: 'Abogado Bancario',
    step: 4,
    createdDaysAgo: 25,
    lastDaysAgo: 2,
    proposals: [
      {
        lawyer: 'alvaro.fernandez',
        price: 600,
        message:
          'Reclamación de la cláusula suelo: requerimiento extrajudicial al banco y, si no contesta o lo rechaza, demanda de nulidad y devolución de cantidades. Incluye el cálculo de lo pagado de más.',
        script: [
          [
            'lawyer',
            'Hola, Ana. He visto tu caso en el tablón. Con una escritura de 2006 y un suelo del 3,5 % tienes muy buenas opciones de recuperar lo pagado de más.',
          ],
          ['client', 'Hola, Álvaro. ¿Cuánto tiempo suele tardar?'],
          [
            'lawyer',
            'Primero reclamamos al banco por la vía extrajudicial: tienen tres meses para contestar. Si no devuelven, demanda; en Madrid, entre 8 y 12 meses.',
          ],
          ['proposal'],
          ['paid'],
          ['client-image', 'Escritura de hipoteca'],
          [
            'lawyer',
            'Gracias. He calculado unos 7.800 € pagados de más, más los intereses. Hoy mismo envío el requerimiento al banco.',
          ],
          [
            'lawyer',
            'El banco ha rechazado la devolución, como esperábamos. Presentamos la demanda esta semana.',
          ],
          ['client', 'Perfecto, gracias por tenerme al día.'],
          [
            'lawyer',
            'La demanda está admitida a trámite. Ahora toca esperar a que el banco conteste; te aviso en cuanto haya fecha.',
          ],
        ],
      },
      {
        lawyer: 'alejandro.suarez',
        price: 550,
        message:
          'Reclamación de la cláusula suelo y de los gastos hipotecarios, con demanda si el banco no devuelve.',
        script: [
          [
            'lawyer',
            'Hola, Ana. Llevo muchos casos de cláusula suelo; te dejo mi propuesta por si te encaja.',
          ],
          ['proposal'],
          ['assigned-elsewhere'],
        ],
      },
    ],
  },
  {
    client: 'cliente1@l4l.demo',
    title: 'Factura de la luz desorbitada por una regularización',
    description:
      'Me ha llegado una factura de luz de 1.240 € cuando normalmente pago unos 80 €. La compañía dice que es una regularización de lecturas de hace años, pero nunca me avisaron.',
    status: 'PENDIENTE DE VALIDACIÓN',
    createdDaysAgo: 0.2,
  },
  {
    client: 'cliente2@l4l.demo',
    title: 'Despido durante una baja médica',
    description:
      'Trabajo en un almacén de logística en Sevilla desde hace cinco años. Estaba de baja por una lesión de espalda y me han despedido alegando bajo rendimiento.',
    status: 'ACTIVO',
    category: 'Abogado Laboral',
    step: 2,
    createdDaysAgo: 6,
    lastDaysAgo: 0.2,
    proposals: [
      {
        lawyer: 'jose.martinez',
        price: 450,
        message:
          'Impugnación del despido: papeleta de conciliación, asistencia al acto de conciliación y demanda ante el Juzgado de lo Social si no hay acuerdo.',
        script: [
          [
            'lawyer',
            'Buenas tardes, Pablo. Un despido durante una baja médica puede ser incluso nulo. Es importante no dejar pasar el plazo de 20 días hábiles.',
          ],
          ['client', 'Me despidieron el día 3. ¿Llegamos a tiempo?'],
          [
            'lawyer',
            'Sí, vamos bien. Presentamos la papeleta de conciliación esta semana. Te envío la propuesta.',
          ],
          ['proposal'],
          ['paid'],
          ['client-image', 'Carta de despido'],
          ['client', 'Te mando la carta de despido. También tengo los partes de baja.'],
          ['lawyer', 'Perfecto, mándame los partes cuando puedas. Mañana presento la papeleta.'],
        ],
      },
    ],
  },
  {
    client: 'cliente2@l4l.demo',
    title: 'Recurso contra una multa de radar',
    description:
      'Me han puesto una multa de 600 € y 6 puntos por un radar en la A-4, pero la señal de límite de velocidad estaba tapada por unas obras.',
    status: 'FINALIZADO',
    category: 'Abogado Administrativo',
    createdDaysAgo: 50,
    lastDaysAgo: 30,
    addressedTo: 'jose.martinez',
    proposals: [
      {
        lawyer: 'jose.martinez',
        price: 150,
        message:
          'Alegaciones y, en su caso, recurso de reposición contra la sanción de tráfico, con solicitud del certificado de verificación del radar.',
        script: [
          [
            'client',
            'Hola, José. Me han puesto una multa de 600 € y 6 puntos por un radar en la A-4, pero creo que la señal estaba tapada por obras.',
          ],
          [
            'lawyer',
            'Hola, Pablo. Si tienes fotos de la señal, podemos alegar falta de señalización y pedir el certificado de verificación del radar.',
          ],
          ['client-image', 'Denuncia de trafico'],
          ['proposal'],
          ['paid'],
          ['lawyer', 'Alegaciones presentadas ante la DGT. Te aviso cuando resuelvan.'],
          ['lawyer', '¡Buenas noticias! Han archivado el expediente: ni multa ni puntos.'],
          ['client', '¡Genial! Muchísimas gracias.'],
          ['closure'],
          ['closed'],
        ],
      },
    ],
    rating: {
      stars: 4,
      title: 'Multa anulada',
      description:
        'Muy resolutivo. Le quito una estrella porque al principio tardó un poco en contestar, pero el resultado fue perfecto.',
    },
  },
  {
    // (+) docs/domain.md, Proposals: a counter-offer the lawyer has yet to answer, a proposal replaced by a
    // new price and one withdrawn, all on one case waiting for its lawyer
    client: 'cliente1@l4l.demo',
    title: 'Cambiar el régimen de visitas tras mudarme a Valencia',
    description:
      'Me he mudado de Madrid a Valencia por trabajo y el régimen de visitas de mi hijo de 8 años ya no se puede cumplir. Su padre no está de acuerdo con cambiarlo y quiero pedir una modificación de medidas.',
    status: 'PENDIENTE DE ASIGNACIÓN',
    category: 'Abogado Divorcios',
    createdDaysAgo: 3,
    proposals: [
      {
        lawyer: 'lucia.garcia',
        price: 650,
        message:
          'Modificación de medidas por cambio de domicilio: propuesta de nuevo régimen de visitas y reparto de los desplazamientos, intento de acuerdo con el padre y demanda si no lo acepta.',
        script: [
          [
            'lawyer',
            'Hola de nuevo, Ana. Un traslado por trabajo es un cambio de circunstancias claro; lo importante es proponer un régimen que el juez vea bueno para tu hijo.',
          ],
          ['proposal'],
          ['client', 'Gracias, Lucía. Me encaja todo, pero el precio se me va un poco este mes.'],
          ['counter-offer', 550, '¿Podrías dejarlo en 550 €? Es lo que puedo asumir ahora mismo.'],
        ],
      },
      {
        lawyer: 'sofia.jimenez',
        price: 720,
        message:
          'Demanda de modificación de medidas con nuevo calendario de visitas, vacaciones por mitades y reparto de los gastos de viaje. Incluye la vista y la negociación previa.',
        script: [
          ['proposal'],
          [
            'lawyer',
            'Ana, he revisado los plazos del juzgado de Valencia y puedo ajustar el precio. Te envío la propuesta actualizada.',
          ],
          ['new-price', 600],
        ],
      },
      {
        lawyer: 'rocio.dominguez',
        price: 500,
        message:
          'Modificación del régimen de visitas: intento de acuerdo y, si no lo hay, demanda y asistencia a la vista.',
        script: [
          ['proposal'],
          [
            'lawyer',
            'Lo siento, Ana: me ha entrado un juicio largo estas semanas y no podría atenderte como mereces. Retiro mi propuesta.',
          ],
          ['withdrawn'],
        ],
      },
    ],
  },
  {
    client: 'cliente2@l4l.demo',
    title: 'La aseguradora no me paga las lesiones de un accidente',
    description:
      'Un coche me golpeó por detrás en una rotonda de Sevilla. Estuve dos meses de rehabilitación y la aseguradora del otro conductor me ofrece solo 900 €. Tengo el informe médico y el atestado.',
    status: 'PENDIENTE DE ASIGNACIÓN',
    category: 'Abogado Civil',
    createdDaysAgo: 5,
    proposals: [
      {
        lawyer: 'david.romero',
        price: 300,
        message:
          'Reclamación a la aseguradora por lesiones en accidente de tráfico: valoración conforme al baremo, respuesta a la oferta motivada y demanda si no hay acuerdo.',
        script: [
          [
            'lawyer',
            'Hola, Pablo. Con dos meses de rehabilitación, según el baremo de tráfico te corresponde bastante más de 900 €. ¿Tienes el informe de alta?',
          ],
          ['client', 'Sí, y también las facturas del fisioterapeuta.'],
          ['proposal'],
        ],
      },
      {
        lawyer: 'pilar.gomez',
        price: 280,
        message:
          'Valoración de las lesiones según el baremo, reclamación a la aseguradora y procedimiento judicial si es necesario.',
        script: [['proposal']],
      },
    ],
  },
  {
    client: 'cliente2@l4l.demo',
    title: 'Tarjeta revolving con un interés del 26 %',
    description:
      'Llevo años pagando una tarjeta revolving y la deuda no baja. El interés es del 26 % TAE. Quiero saber si puedo reclamar.',
    status: 'FINALIZADO',
    category: 'Abogado Bancario',
    createdDaysAgo: 80,
    lastDaysAgo: 25,
    proposals: [
      {
        lawyer: 'alejandro.suarez',
        price: 400,
        message:
          'Reclamación por usura de la tarjeta revolving: solicitud del contrato y los movimientos, reclamación extrajudicial y demanda de nulidad si la entidad no acepta.',
        script: [
          [
            'lawyer',
            'Hola, Pablo. Con un 26 % TAE el Tribunal Supremo considera el interés usurario en muchos casos. Si se declara nulo, solo devolverías el capital prestado.',
          ],
          ['client', '¿Y lo que ya he pagado de intereses?'],
          ['lawyer', 'Te lo devolverían, o se descontaría de lo que debes. Te envío propuesta.'],
          ['proposal'],
          ['paid'],
          [
            'lawyer',
            'El banco nos ha enviado el contrato y los movimientos: has pagado 2.300 € más de lo que te prestaron.',
          ],
          ['lawyer', 'Demanda presentada en los Juzgados de Sevilla.'],
          [
            'lawyer',
            'Sentencia favorable: contrato nulo por usura. Te devolverán 2.300 € más los intereses, y el banco paga las costas.',
          ],
          ['client', '¡Increíble! Gracias, Alejandro.'],
          ['closure'],
          ['closed'],
        ],
      },
    ],
    rating: {
      stars: 5,
      title: 'Recuperé todo lo pagado de más',
      description: 'Alejandro me explicó todo con claridad y ganamos el juicio. Lo recomiendo sin dudarlo.',
    },
  },
  {
    client: 'cliente3@l4l.demo',
    title: 'Herencia de mis padres con un piso en Valencia',
    description:
      'Mis padres fallecieron este año. Dejaron testamento a partes iguales para mi hermano y para mí, un piso en Ruzafa y dos cuentas bancarias. Mi hermano vive en Londres.',
    status: 'FINALIZADO',
    category: 'Abogado Sucesiones y testamentos',
    createdDaysAgo: 60,
    lastDaysAgo: 20,
    proposals: [
      {
        lawyer: 'elena.navarro',
        price: 900,
        message:
          'Tramitación completa de la herencia: certificados, inventario, escritura de aceptación y partición, impuesto de sucesiones, plusvalía e inscripción en el Registro.',
        script: [
          [
            'lawyer',
            'Hola, María José. Siento mucho lo de tus padres. Con testamento la herencia es más sencilla. ¿Sabes ante qué notario lo firmaron?',
          ],
          ['client', 'Sí, en una notaría de la calle Colón, en 2015. Tengo una copia.'],
          [
            'lawyer',
            'Entonces pedimos el certificado de últimas voluntades y preparamos la escritura de aceptación y partición. Te envío presupuesto cerrado.',
          ],
          ['proposal'],
          ['paid'],
          ['client-image', 'Testamento'],
          [
            'lawyer',
            'Ya tengo el certificado de últimas voluntades. Con la bonificación autonómica el impuesto de sucesiones os sale casi a cero.',
          ],
          ['client', '¡Qué alivio! Mi hermano pregunta si puede firmar desde Londres.'],
          ['lawyer', 'Sí, con un poder notarial en el consulado. Os mando las instrucciones.'],
          ['lawyer', 'Escritura firmada e inscrita en el Registro. El piso ya está a nombre de los dos.'],
          ['closure'],
          ['closed'],
        ],
      },
    ],
    rating: {
      stars: 5,
      title: 'Profesional y muy humana',
      description:
        'Elena se ocupó de todo, incluso de coordinar la firma de mi hermano desde el extranjero. Nos ahorró mucho dinero en impuestos.',
    },
  },
  {
    client: 'cliente3@l4l.demo',
    title: 'Ayuda con la herencia de mis padres',
    description: 'Necesito ayuda con la herencia de mis padres, hay un piso en Valencia.',
    status: 'DESCARTADO',
    createdDaysAgo: 59,
    discardReason: 'Caso duplicado: ya tienes abierto un caso con la misma consulta. Continúa en él.',
  },
  {
    client: 'cliente3@l4l.demo',
    title: 'Compra de vivienda con una hipoteca antigua sin cancelar',
    description:
      'Voy a comprar un piso en Valencia y en la nota simple aparece una hipoteca de 2004 que el vendedor dice que ya pagó. Queremos firmar las arras pronto y necesito que alguien lo revise todo antes.',
    status: 'ACTIVO',
    category: 'Abogado Inmobiliario',
    step: 5,
    createdDaysAgo: 30,
    lastDaysAgo: 1,
    proposals: [
      {
        lawyer: 'javier.lopez',
        price: 1500,
        message:
          'Revisión de la documentación registral y urbanística, contrato de arras, gestión de la cancelación de la hipoteca anterior y asistencia en la firma ante notario.',
        script: [
          [
            'lawyer',
            'Hola, María José. Es muy habitual: la deuda está pagada pero nadie canceló la hipoteca en el Registro. Hay que exigir que se cancele antes de la firma o en ella.',
          ],
          ['client', '¿Y eso retrasa la compra?'],
          [
            'lawyer',
            'No tiene por qué. Lo dejamos atado en el contrato de arras y retenemos parte del precio para la cancelación. Te paso propuesta.',
          ],
          ['proposal'],
          ['paid'],
          ['client-image', 'Nota simple'],
          [
            'lawyer',
            'Revisada la nota simple: aparte de esa hipoteca no hay más cargas. Te envío el borrador de arras.',
          ],
          ['lawyer-image', 'Contrato de arras'],
          ['client', 'Firmadas las arras. ¡Gracias!'],
          ['lawyer', 'Escritura de compraventa firmada. Enhorabuena por tu nueva casa.'],
          ['closure'],
          ['closure-withdrawn'],
          [
            'client',
            'Prefiero esperar a que el Registro confirme la cancelación de la hipoteca antigua antes de cerrar.',
          ],
          ['lawyer', 'Tienes razón. Ya está presentada; en cuanto la inscriban te lo confirmo y cerramos.'],
        ],
      },
      {
        lawyer: 'beatriz.molina',
        price: 1300,
        message: 'Revisión registral, contrato de arras y acompañamiento en la notaría.',
        script: [
          [
            'lawyer',
            'Hola, María José. Reviso compraventas a diario en la Costa Blanca; te dejo mi propuesta por si te encaja.',
          ],
          ['proposal'],
          ['assigned-elsewhere'],
        ],
      },
    ],
  },
  {
    client: 'cliente3@l4l.demo',
    title: 'Testamento para proteger a mi hijo con discapacidad',
    description:
      'Quiero hacer testamento para que mi hijo, que tiene una discapacidad reconocida del 65 %, quede protegido cuando yo falte. He oído hablar de la legítima reforzada y del patrimonio protegido, pero no sé qué me conviene.',
    status: 'PENDIENTE DE ASIGNACIÓN',
    category: 'Abogado Sucesiones y testamentos',
    createdDaysAgo: 2.5,
  },
  {
    client: 'cliente3@l4l.demo',
    title: 'Mi exmarido quiere bajar la pensión de nuestra hija',
    description:
      'Me divorcié en 2019 y mi exmarido ha presentado una demanda de modificación de medidas para bajar la pensión de nuestra hija porque dice que gana menos.',
    status: 'FINALIZADO',
    category: 'Abogado Divorcios',
    createdDaysAgo: 100,
    lastDaysAgo: 65,
    proposals: [
      {
        lawyer: 'lucia.garcia',
        price: 480,
        message:
          'Contestación a la demanda de modificación de medidas, prueba sobre los ingresos del demandante y asistencia a la vista.',
        script: [
          [
            'lawyer',
            'Hola, María José. Tienes 20 días para contestar a la demanda. Lo primero es comprobar si de verdad han bajado sus ingresos.',
          ],
          ['client', 'Sé que ha cambiado de empresa, pero no creo que gane menos.'],
          ['lawyer', 'Pediremos sus nóminas y su declaración de la renta. Te envío propuesta.'],
          ['proposal'],
          ['paid'],
          ['client-image', 'Demanda de modificacion de medidas'],
          ['lawyer', 'Contestación presentada. La vista es el día 14 a las 11:30.'],
          [
            'lawyer',
            'Sentencia recibida: el juzgado mantiene la pensión en 350 €. Puede recurrir, pero lo veo difícil.',
          ],
          ['client', 'Muchísimas gracias, Lucía.'],
          ['closure'],
          ['closed'],
        ],
      },
    ],
    rating: {
      stars: 4,
      title: 'Defendió muy bien a mi hija',
      description:
        'Preparó la vista a conciencia y ganamos. Solo eché en falta que me avisara antes de algunos plazos.',
    },
  },
  {
    client: 'cliente4@l4l.demo',
    title: 'Constitución de una sociedad limitada con un socio',
    description:
      'Quiero montar una SL con un socio para mi tienda online de cerámica. Necesito los estatutos, un pacto de socios y que alguien se ocupe de la notaría y el registro.',
    status: 'FINALIZADO',
    category: 'Abogado Mercantil',
    createdDaysAgo: 90,
    lastDaysAgo: 60,
    addressedTo: 'marta.sanchez',
    proposals: [
      {
        lawyer: 'marta.sanchez',
        price: 800,
        message:
          'Constitución de la sociedad limitada: estatutos a medida, pacto de socios, firma en notaría e inscripción en el Registro Mercantil.',
        script: [
          [
            'client',
            'Hola, Marta. Quiero montar una SL con un socio para mi tienda online de cerámica. ¿Qué necesitamos?',
          ],
          [
            'lawyer',
            'Hola, Carlos. Certificado de denominación, cuenta bancaria con el capital, estatutos y escritura. Os recomiendo además un pacto de socios.',
          ],
          ['client', '¿Qué debería decir el pacto?'],
          [
            'lawyer',
            'Quién aporta qué, qué pasa si uno quiere salir, cómo se toman las decisiones importantes y cómo se reparte el beneficio. Te preparo propuesta.',
          ],
          ['proposal'],
          ['paid'],
          [
            'lawyer',
            'Denominación reservada: «Terra Blava Ceràmica, S.L.». Os envío el borrador de estatutos y del pacto.',
          ],
          [
            'client',
            'Todo bien. Solo queremos que las inversiones de más de 10.000 € requieran la firma de los dos.',
          ],
          ['lawyer', 'Incluido. Firma en la notaría el jueves a las 10:00.'],
          ['lawyer', 'Sociedad inscrita en el Registro Mercantil de Barcelona. Ya tenéis NIF definitivo.'],
          ['closure'],
          ['closed'],
        ],
      },
    ],
    rating: {
      stars: 4,
      title: 'Sociedad constituida sin complicaciones',
      description:
        'Muy buen asesoramiento con el pacto de socios. La notaría se retrasó una semana, pero Marta nos mantuvo informados en todo momento.',
    },
  },
  {
    client: 'cliente4@l4l.demo',
    title: 'Adaptar mi tienda online al RGPD',
    description:
      'Tengo una tienda online con unos 3.000 suscriptores a la newsletter. No sé si mi política de privacidad y el banner de cookies cumplen la ley.',
    status: 'ACTIVO',
    category: 'Abogado Protección de datos',
    step: 3,
    createdDaysAgo: 12,
    lastDaysAgo: 0.8,
    proposals: [
      {
        lawyer: 'nuria.puig',
        price: 700,
        message:
          'Adaptación de la tienda online al RGPD y la LOPDGDD: auditoría, política de privacidad y de cookies, registro de actividades, contratos con encargados y revisión de la newsletter.',
        script: [
          [
            'lawyer',
            'Hola, Carlos. He revisado tu web: el banner de cookies carga la analítica antes del consentimiento y falta el registro de actividades. Nada grave si lo corregimos ya.',
          ],
          ['client', 'Vaya. ¿Y la newsletter?'],
          ['lawyer', 'Habrá que comprobar cómo se obtuvo el consentimiento. Lo incluyo en la propuesta.'],
          ['proposal'],
          ['paid'],
          ['client-image', 'Politica de cookies'],
          ['client', 'Te paso la política de cookies que tengo ahora.'],
          [
            'lawyer',
            'Gracias. Esta semana te envío los textos legales nuevos y las instrucciones para configurar el banner.',
          ],
        ],
      },
    ],
  },
  {
    client: 'cliente4@l4l.demo',
    title: 'Un cliente en concurso de acreedores me debe 12.000 €',
    description:
      'Una cadena de tiendas a la que vendía ha entrado en concurso de acreedores y me debe 12.000 € en facturas. Me ha llegado una carta del administrador concursal y no sé qué tengo que hacer.',
    status: 'PENDIENTE DE ASIGNACIÓN',
    category: 'Abogado Concursal',
    createdDaysAgo: 6,
    proposals: [
      {
        lawyer: 'marta.sanchez',
        price: 600,
        message:
          'Comunicación del crédito, seguimiento del concurso e impugnación de la lista de acreedores si no reconocen el importe íntegro.',
        script: [
          [
            'lawyer',
            'Hola de nuevo, Carlos. Hay que comunicar el crédito al administrador concursal en el plazo de un mes desde la publicación en el BOE.',
          ],
          ['proposal'],
          ['client', 'Gracias, Marta, pero se me va de presupuesto para este importe.'],
          ['rejected'],
        ],
      },
      {
        lawyer: 'franciscojavier.ramos',
        price: 350,
        message:
          'Comunicación del crédito al administrador concursal y seguimiento del concurso hasta el convenio o la liquidación.',
        script: [
          [
            'lawyer',
            'Hola, Carlos. Puedo encargarme de comunicar el crédito ya; el plazo corre. ¿Tienes las facturas y los albaranes firmados?',
          ],
          ['client', 'Sí, lo tengo todo. ¿Qué probabilidad hay de cobrar?'],
          [
            'lawyer',
            'Depende de los bienes de la empresa, pero un crédito bien comunicado suele cobrar una parte en el convenio. Te envío propuesta.',
          ],
          ['proposal'],
        ],
      },
    ],
  },
  {
    client: 'cliente4@l4l.demo',
    title: 'Demanda a un cliente de Francia que no me paga',
    description: 'Un cliente de Lyon no me paga un pedido de 2.000 €. Quiero demandarle en Francia.',
    status: 'DESCARTADO',
    createdDaysAgo: 20,
    discardReason:
      'Las reclamaciones ante tribunales extranjeros quedan fuera de la plataforma. Para importes de hasta 5.000 € puedes usar el proceso europeo de escasa cuantía.',
  },
  {
    client: 'cliente4@l4l.demo',
    title: 'Canal de denuncias para mi empresa de 55 empleados',
    description:
      'Nos han dicho que con más de 50 trabajadores estamos obligados a tener un canal de denuncias. Necesitamos implantarlo y saber qué más nos exige la ley.',
    status: 'FINALIZADO',
    category: 'Abogado Compliance',
    createdDaysAgo: 120,
    lastDaysAgo: 85,
    proposals: [
      {
        lawyer: 'jordi.vidal',
        price: 950,
        message:
          'Implantación del sistema interno de información: política, procedimiento de gestión, designación del responsable, selección de la herramienta y formación a la plantilla.',
        script: [
          [
            'lawyer',
            'Hola, Carlos. Así es: la Ley 2/2023 obliga a las empresas de 50 o más trabajadores. Hay que nombrar un responsable del sistema y aprobar una política.',
          ],
          ['client', '¿Podemos usar una herramienta externa?'],
          [
            'lawyer',
            'Sí, siempre que garantice la confidencialidad y el anonimato. Incluyo la selección de la herramienta en la propuesta.',
          ],
          ['proposal'],
          ['paid'],
          [
            'lawyer',
            'Os envío la política y el procedimiento para que los apruebe el órgano de administración.',
          ],
          ['client', 'Aprobado. ¿Cuándo sería la formación?'],
          ['lawyer', 'El martes por videoconferencia. Después comunicamos el nombramiento del responsable.'],
          ['closure'],
          ['closed'],
        ],
      },
    ],
    rating: {
      stars: 3,
      title: 'Correcto, aunque algo lento',
      description:
        'El resultado es bueno y cumplimos la ley, pero los documentos tardaron más de lo acordado y tuvimos que recordárselo varias veces.',
      reportedByLawyer:
        'No es cierto: entregué cada documento en la fecha acordada y conservo los correos que lo prueban.',
    },
  },
  {
    client: 'cliente4@l4l.demo',
    title: 'Mi proveedor me obliga a vender a un precio mínimo',
    description:
      'Distribuyo una marca de cerámica y el fabricante amenaza con cortarme el suministro si vendo por debajo de su precio recomendado en mi tienda online.',
    status: 'FINALIZADO',
    category: 'Abogado Competencia',
    createdDaysAgo: 110,
    lastDaysAgo: 70,
    proposals: [
      {
        lawyer: 'raul.moreno',
        price: 1800,
        message:
          'Análisis del contrato de distribución, requerimiento al fabricante, negociación de una nueva cláusula de precios y, si no hay acuerdo, denuncia ante la CNMC.',
        script: [
          [
            'lawyer',
            'Hola, Carlos. Imponer un precio mínimo de reventa está prohibido por la normativa de competencia. Podemos requerir al fabricante y, si insiste, denunciarlo ante la CNMC.',
          ],
          ['client', 'No quiero perder al proveedor, es mi principal marca.'],
          [
            'lawyer',
            'Lo entiendo. Empezaríamos con un requerimiento firme pero negociador. Te envío propuesta.',
          ],
          ['proposal'],
          ['paid'],
          ['client-image', 'Contrato de distribucion'],
          ['lawyer', 'Requerimiento enviado. Su abogado ya ha pedido una reunión.'],
          [
            'lawyer',
            'Acuerdo firmado: el fabricante retira la cláusula de precio mínimo y mantiene el suministro.',
          ],
          ['client', 'Perfecto, justo lo que queríamos.'],
          ['closure'],
          ['closed'],
        ],
      },
    ],
    rating: {
      stars: 5,
      title: 'Solución sin romper la relación',
      description:
        'Raúl consiguió que el fabricante cambiara el contrato sin llegar a la CNMC. Domina la materia.',
    },
  },
  {
    client: 'cliente5@l4l.demo',
    title: 'Renovación de la tarjeta de residencia de mi madre',
    description:
      'Mi madre es argentina y vive conmigo en Málaga desde hace tres años. Su tarjeta de residencia caduca el mes que viene y no sé qué documentos necesita.',
    status: 'FINALIZADO',
    category: 'Abogado Extranjería',
    createdDaysAgo: 75,
    lastDaysAgo: 40,
    addressedTo: 'carmen.rodriguez',
    proposals: [
      {
        lawyer: 'carmen.rodriguez',
        price: 350,
        message:
          'Renovación de la tarjeta de residencia de familiar de ciudadano de la Unión: expediente, cita previa, presentación y seguimiento hasta la resolución.',
        script: [
          [
            'client',
            'Hola, Carmen. Mi madre es argentina y vive conmigo en Málaga desde hace tres años. Su tarjeta de residencia caduca el mes que viene.',
          ],
          [
            'lawyer',
            'Hola, Lorena. Como familiar de una ciudadana española, tu madre puede renovar la tarjeta de familiar comunitario. Vamos bien de plazo.',
          ],
          ['client', '¿Qué documentos hacen falta?'],
          [
            'lawyer',
            'Pasaporte, certificado de empadronamiento, prueba de que está a tu cargo y tu DNI. Te paso propuesta con todo el trámite.',
          ],
          ['proposal'],
          ['paid'],
          ['client-image', 'Certificado de empadronamiento'],
          ['lawyer', 'Expediente presentado en la Oficina de Extranjería de Málaga. Ahora toca esperar.'],
          [
            'lawyer',
            'Resolución favorable: tarjeta renovada por cinco años. Tu madre ya puede pedir cita para la huella.',
          ],
          ['client', '¡Qué buena noticia! Muchas gracias, Carmen.'],
          ['closure'],
          ['closed'],
        ],
      },
    ],
    rating: {
      stars: 5,
      title: 'Rapidez y mucha tranquilidad',
      description:
        'Carmen nos dijo exactamente qué documentos llevar y la renovación salió en pocas semanas. Mi madre está encantada.',
    },
  },
  {
    client: 'cliente5@l4l.demo',
    title: 'Reclamación a una aerolínea por un vuelo cancelado',
    description:
      'Mi vuelo Málaga–Ámsterdam se canceló con dos horas de aviso y la aerolínea solo nos ofrece un bono. Éramos cuatro personas.',
    status: 'FINALIZADO',
    category: 'Abogado Generalista',
    createdDaysAgo: 35,
    lastDaysAgo: 3,
    proposals: [
      {
        lawyer: 'sergio.gallego',
        price: 250,
        message:
          'Reclamación de la compensación por la cancelación del vuelo (4 pasajeros): reclamación a la aerolínea, queja ante AESA y demanda si no pagan.',
        script: [
          [
            'lawyer',
            'Hola, Lorena. Con una cancelación avisada con menos de 14 días os corresponden 400 € por persona según el Reglamento europeo 261/2004, además del reembolso.',
          ],
          ['client', '¿Aunque nos hayan ofrecido un bono?'],
          ['lawyer', 'Sí: el bono solo vale si lo aceptáis. Te paso propuesta para reclamar por los cuatro.'],
          ['proposal'],
          ['paid'],
          ['client-image', 'Tarjetas de embarque'],
          [
            'lawyer',
            'La aerolínea acepta pagar 1.600 € más el reembolso de los billetes. Recibiréis la transferencia en 15 días.',
          ],
          ['client', 'Ya nos ha llegado. ¡Gracias!'],
          ['closure'],
          ['closed'],
        ],
      },
    ],
  },
  {
    client: 'cliente5@l4l.demo',
    title: 'Comprobación de Hacienda por la venta de un local',
    description:
      'Vendí un local comercial que heredé y Hacienda me reclama 9.400 € por la ganancia patrimonial. Creo que no han tenido en cuenta el valor de la herencia ni las obras.',
    status: 'ACTIVO',
    category: 'Abogado Fiscal',
    step: 6,
    createdDaysAgo: 45,
    lastDaysAgo: 0.9,
    proposals: [
      {
        lawyer: 'inigo.etxeberria',
        price: 1100,
        message:
          'Defensa en el procedimiento de comprobación: alegaciones, recurso de reposición o reclamación económico-administrativa, y revisión de la sanción.',
        script: [
          [
            'lawyer',
            'Hola, Lorena. Hacienda suele tomar como valor de adquisición el catastral y no el declarado en la herencia. Podemos discutirlo con la escritura y las facturas de las obras.',
          ],
          ['client', 'Tengo todas las facturas de la reforma de 2019.'],
          ['proposal'],
          ['paid'],
          ['client-image', 'Requerimiento de Hacienda'],
          [
            'lawyer',
            'Alegaciones presentadas con la escritura y las facturas. Hacienda tiene seis meses para resolver.',
          ],
          [
            'lawyer',
            'Hacienda ha aceptado nuestras alegaciones: la liquidación baja a 1.150 € y sin sanción.',
          ],
          ['client', 'Es un alivio enorme. Muchas gracias.'],
          ['closure'],
        ],
      },
    ],
  },
  {
    client: 'cliente5@l4l.demo',
    title: 'Filtración de agua desde el piso de arriba',
    description:
      'Desde hace un mes entra agua por el techo del baño desde el piso de arriba. El vecino no contesta y su seguro dice que no es cosa suya. Ya tengo moho en la pared.',
    status: 'PENDIENTE DE VALIDACIÓN',
    createdDaysAgo: 0.4,
  },
  {
    client: 'cliente5@l4l.demo',
    title: 'Desahucio de un inquilino que no paga el alquiler',
    description:
      'Tengo alquilado un piso en Alicante y el inquilino no paga desde hace cuatro meses. Le he enviado un burofax sin respuesta. Quiero recuperar el piso y las rentas.',
    status: 'PENDIENTE DE ASIGNACIÓN',
    category: 'Abogado Inmobiliario',
    createdDaysAgo: 3,
    addressedTo: 'beatriz.molina',
    proposals: [
      {
        lawyer: 'beatriz.molina',
        price: 690,
        message:
          'Demanda de desahucio por falta de pago con reclamación de rentas, asistencia a la vista y solicitud del lanzamiento.',
        script: [
          [
            'client',
            'Hola, Beatriz. Te escribo por mi piso de Alicante: el inquilino no paga desde hace cuatro meses.',
          ],
          [
            'lawyer',
            'Hola, Lorena. Con el burofax enviado podemos presentar ya la demanda de desahucio por falta de pago y reclamar las rentas.',
          ],
          ['proposal'],
          ['client', 'Gracias, Beatriz. Lo reviso esta noche y te digo algo.'],
        ],
      },
    ],
  },
];

/**
 * Older cases that each verified lawyer finished before the stories above, so every lawyer in the
 * directory has a record of ratings: one per category, told briefly (proposal, payment, closure).
 */
export const PAST_CASES: Record<Category, { title: string; description: string; proposal: string }> = {
  'Abogado Generalista': {
    title: 'Reclamación de una deuda a un antiguo cliente',
    description:
      'Un antiguo cliente me debe 3.200 € de unos trabajos de reforma y no contesta a mis mensajes.',
    proposal: 'Requerimiento de pago y, si no paga, procedimiento monitorio hasta el cobro.',
  },
  'Abogado Civil': {
    title: 'Defectos en la reforma de mi cocina',
    description:
      'La empresa que reformó mi cocina dejó los muebles mal instalados y no quiere volver a arreglarlos.',
    proposal: 'Reclamación a la empresa por cumplimiento defectuoso y demanda si no repara o indemniza.',
  },
  'Abogado Inmobiliario': {
    title: 'Revisión del contrato de alquiler de mi local',
    description:
      'Voy a alquilar un local para una cafetería y quiero que alguien revise el contrato antes de firmar.',
    proposal: 'Revisión y negociación del contrato de arrendamiento del local, con informe de riesgos.',
  },
  'Abogado Sucesiones y testamentos': {
    title: 'Aceptación de la herencia de mi abuela',
    description: 'Mi abuela nos dejó un pequeño piso a mis primos y a mí. Necesitamos aceptar la herencia.',
    proposal: 'Aceptación y partición de la herencia, liquidación de impuestos e inscripción en el Registro.',
  },
  'Abogado Divorcios': {
    title: 'Régimen de visitas tras la separación',
    description: 'Me separé hace un año sin convenio y quiero fijar por escrito las visitas con mi hijo.',
    proposal: 'Convenio sobre guarda, visitas y alimentos, y su aprobación judicial.',
  },
  'Abogado Mercantil': {
    title: 'Contrato con un proveedor de software',
    description:
      'Vamos a contratar un programa de gestión para la empresa y el contrato no nos parece equilibrado.',
    proposal: 'Revisión y negociación del contrato de servicios y licencia del software.',
  },
  'Abogado Bancario': {
    title: 'Gastos de constitución de mi hipoteca',
    description:
      'Pagué todos los gastos de notaría, registro y gestoría de mi hipoteca y quiero recuperarlos.',
    proposal: 'Reclamación extrajudicial y judicial de los gastos hipotecarios.',
  },
  'Abogado Competencia': {
    title: 'Reclamación por el cártel de los camiones',
    description:
      'Mi empresa de transporte compró tres camiones entre 2004 y 2010 y quiero reclamar el sobreprecio.',
    proposal: 'Informe pericial del sobreprecio y demanda de daños por el cártel de fabricantes.',
  },
  'Abogado Concursal': {
    title: 'Segunda oportunidad tras cerrar mi negocio',
    description: 'Cerré mi tienda con deudas de 40.000 € con bancos y proveedores que no puedo pagar.',
    proposal: 'Procedimiento de segunda oportunidad hasta la exoneración de las deudas.',
  },
  'Abogado Protección de datos': {
    title: 'Cámaras de videovigilancia en mi comunidad',
    description: 'Un vecino ha instalado una cámara que graba el rellano y la puerta de mi casa.',
    proposal: 'Requerimiento al vecino y reclamación ante la Agencia Española de Protección de Datos.',
  },
  'Abogado Laboral': {
    title: 'Reclamación de la indemnización por fin de contrato',
    description:
      'Terminó mi contrato temporal y la empresa no me ha pagado la indemnización ni las vacaciones.',
    proposal: 'Reclamación de cantidad: conciliación y demanda si la empresa no paga.',
  },
  'Abogado Administrativo': {
    title: 'Recurso contra la denegación de una licencia de obras',
    description: 'El ayuntamiento me ha denegado la licencia para reformar la fachada de mi casa.',
    proposal: 'Recurso de reposición y, si se desestima, recurso contencioso-administrativo.',
  },
  'Abogado Fiscal': {
    title: 'Sanción de Hacienda por la declaración de la renta',
    description: 'Hacienda me ha sancionado por no declarar un alquiler de temporada en la renta.',
    proposal: 'Alegaciones contra la liquidación y recurso contra la sanción.',
  },
  'Abogado Compliance': {
    title: 'Protocolo contra el acoso laboral en la empresa',
    description: 'Tenemos 30 empleados y necesitamos un protocolo de prevención del acoso.',
    proposal: 'Redacción del protocolo, designación del comité y formación a la plantilla.',
  },
  'Abogado Extranjería': {
    title: 'Nacionalidad española por residencia',
    description: 'Llevo diez años viviendo en España y quiero solicitar la nacionalidad.',
    proposal: 'Expediente de nacionalidad por residencia: documentos, exámenes, solicitud y seguimiento.',
  },
};

/** Ratings of the past cases, by stars. */
export const PAST_RATINGS: Record<number, { title: string; descriptions: string[] }> = {
  5: {
    title: 'Excelente profesional',
    descriptions: [
      'Me explicó cada paso con paciencia y cumplió el presupuesto cerrado.',
      'Rápido, claro y muy resolutivo. Lo recomiendo sin dudarlo.',
      'Se notó su experiencia desde la primera consulta. Muy satisfecha.',
    ],
  },
  4: {
    title: 'Muy buena experiencia',
    descriptions: [
      'Todo por el chat de la plataforma, sin desplazamientos. Muy cómodo.',
      'Buen resultado; a veces tardaba un día en contestar, pero siempre lo hacía.',
    ],
  },
  3: {
    title: 'Correcto',
    descriptions: [
      'Buen trabajo, aunque tardó más de lo previsto y tuve que preguntar por el estado varias veces.',
    ],
  },
};
