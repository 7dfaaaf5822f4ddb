import { es as publicTexts } from './public.ts';

/**
 * The legal pages: privacy, cookies and legal notice.
 * Split by audience so a page's bundle carries the texts its screens read, not all of them; es.ts
 * composes every audience for the server and the tests.
 */
export const es = {
  ...publicTexts,
  legal: {
    privacyTitle: 'Política de privacidad',
    cookiesTitle: 'Política de cookies',
    noticeTitle: 'Aviso legal',
    updated: 'Última actualización: 16 de noviembre de 2026',
    documentsNav: 'Documentos legales',
    contents: 'En esta página',
    cookieChoiceTitle: 'Tu elección actual',
    cookieChoiceAccepted: 'Has aceptado que recordemos tu sesión en este navegador.',
    cookieChoiceRejected:
      'Has rechazado las cookies no imprescindibles: tu sesión termina al cerrar la pestaña.',
    cookieChoiceNone: 'Todavía no has elegido.',
    cookieChoiceReset: 'Cambiar mi elección',
    notice: {
      intro: [
        'En cumplimiento del artículo 10 de la Ley 34/2002, de 11 de julio, de Servicios de la Sociedad de la Información y de Comercio Electrónico (LSSI-CE), te informamos de quién es el titular de L4L y de las condiciones que rigen el uso de la plataforma.',
      ],
      sections: [
        {
          id: 'titular',
          heading: '1. Titular de la plataforma',
          blocks: [
            {
              list: [
                'Denominación social: L4L Plataforma Legal, S.L.',
                'NIF: B19874361',
                'Domicilio social: Calle de Serrano, 41, 4.ª planta, 28001 Madrid (España)',
                'Datos registrales: inscrita en el Registro Mercantil de Madrid, tomo 44.218, folio 87, sección 8.ª, hoja M-781.456, inscripción 1.ª',
                'Correo electrónico de contacto: soporte@l4l.es',
              ],
            },
          ],
        },
        {
          id: 'objeto',
          heading: '2. Qué es L4L',
          blocks: [
            'L4L es un mercado en línea que pone en contacto a personas que necesitan un abogado con abogados colegiados que ejercen en España. A través de la plataforma el cliente describe su caso, recibe propuestas con precio cerrado, paga de forma segura y habla en privado con el abogado que elige.',
            'L4L no es un despacho de abogados ni presta asesoramiento jurídico. Cada abogado actúa con plena independencia profesional y es el único responsable del servicio jurídico que presta, conforme al Estatuto General de la Abogacía Española y a las normas deontológicas de su colegio. El encargo profesional se celebra directamente entre el cliente y el abogado.',
          ],
        },
        {
          id: 'condiciones',
          heading: '3. Condiciones de uso',
          blocks: [
            'El uso de L4L implica la aceptación de estas condiciones. Para registrarte debes ser mayor de edad y facilitar datos veraces y actualizados; eres responsable de custodiar tu contraseña.',
            {
              list: [
                'Los abogados solo pueden acceder a la plataforma después de que un administrador de L4L haya comprobado su identidad y su colegiación.',
                'Todos los casos se revisan antes de publicarse; la revisión tarda entre 24 y 48 horas. L4L puede rechazar casos incompletos, ilícitos o que no correspondan a una consulta jurídica.',
                'Los pagos de los servicios contratados a través de L4L deben hacerse dentro de la plataforma, mediante nuestro proveedor de pagos. L4L retiene una comisión por la intermediación, que se informa antes de pagar.',
                'No está permitido publicar contenidos falsos, ofensivos o que vulneren derechos de terceros, suplantar a otra persona ni usar la plataforma para fines distintos de la contratación de servicios jurídicos.',
                'L4L puede suspender o cancelar las cuentas que incumplan estas condiciones.',
              ],
            },
          ],
        },
        {
          id: 'responsabilidad',
          heading: '4. Responsabilidad',
          blocks: [
            'L4L actúa como prestador de servicios de intermediación en los términos de los artículos 16 y 17 de la LSSI-CE. No responde del contenido de los casos, mensajes y propuestas que publican los usuarios ni del asesoramiento que prestan los abogados, sin perjuicio de retirar con diligencia cualquier contenido ilícito del que tenga conocimiento efectivo.',
            'Trabajamos para que la plataforma esté disponible de forma continuada, pero puede haber interrupciones por mantenimiento o causas ajenas a nuestro control.',
          ],
        },
        {
          id: 'propiedad',
          heading: '5. Propiedad intelectual e industrial',
          blocks: [
            'La marca L4L, el diseño de la plataforma y su código son titularidad de L4L Plataforma Legal, S.L. o de sus licenciantes. No se permite su reproducción, distribución o transformación sin autorización previa y por escrito. Los contenidos que publican los usuarios siguen siendo suyos; nos autorizan a mostrarlos en la plataforma para prestar el servicio.',
          ],
        },
        {
          id: 'ley',
          heading: '6. Legislación aplicable y jurisdicción',
          blocks: [
            'Estas condiciones se rigen por la legislación española. Para cualquier controversia serán competentes los juzgados y tribunales que correspondan conforme a la ley; si eres consumidor, los de tu domicilio.',
            'Para cualquier duda o reclamación puedes escribirnos a soporte@l4l.es.',
          ],
        },
      ],
    },
    privacy: {
      intro: [
        'En L4L tratamos datos personales que pueden ser delicados: los de las personas que buscan ayuda jurídica y los de los abogados que se la prestan. Esta política explica qué datos tratamos, para qué, con qué base legal, durante cuánto tiempo y cómo puedes ejercer tus derechos, conforme al Reglamento (UE) 2016/679 (RGPD) y a la Ley Orgánica 3/2018 de Protección de Datos Personales y garantía de los derechos digitales (LOPDGDD).',
      ],
      sections: [
        {
          id: 'responsable',
          heading: '1. Responsable del tratamiento',
          blocks: [
            'L4L Plataforma Legal, S.L., con NIF B19874361 y domicilio en Calle de Serrano, 41, 4.ª planta, 28001 Madrid. Puedes contactar con nosotros para cualquier asunto relacionado con tus datos en soporte@l4l.es.',
          ],
        },
        {
          id: 'datos',
          heading: '2. Qué datos tratamos',
          blocks: [
            {
              list: [
                'Datos de registro: nombre, apellidos, correo electrónico, teléfono, tipo de perfil y contraseña (que guardamos cifrada con un algoritmo de resumen irreversible). Si eres abogado, además: especialidades, descripción profesional, precio, provincia de actuación, colegio profesional y, si la subes, tu fotografía.',
                'Información de uso: fecha de tu última conexión, registros técnicos de acceso (dirección IP, navegador, fecha y hora) y la información necesaria para mantener tu sesión abierta.',
                'Comunicaciones entre abogado y cliente: los casos que describes, las propuestas, los mensajes e imágenes del chat privado y las valoraciones.',
                'Datos de pago: importe, fecha y estado de cada pago. Los datos de tu tarjeta los trata directamente nuestro proveedor de pagos; L4L no los conoce ni los almacena.',
              ],
            },
            'Te pedimos que en la descripción de tu caso incluyas solo la información necesaria para que los abogados puedan valorarlo. Si compartes datos de salud u otras categorías especiales, lo haces para que un profesional pueda asesorarte en la defensa de tus derechos.',
          ],
        },
        {
          id: 'finalidades',
          heading: '3. Para qué los usamos y con qué base legal',
          blocks: [
            {
              list: [
                'Crear y gestionar tu cuenta, publicar tus casos, enviarte propuestas, permitir el chat y gestionar los pagos: ejecución del contrato que aceptas al registrarte (art. 6.1.b RGPD).',
                'Verificar la identidad y la colegiación de los abogados y revisar los casos antes de publicarlos: interés legítimo en ofrecer un servicio seguro y fiable (art. 6.1.f RGPD).',
                'Prevenir el fraude, proteger la plataforma y atender incidencias de seguridad: interés legítimo (art. 6.1.f RGPD).',
                'Cumplir obligaciones contables, fiscales y de conservación de la documentación de los pagos: obligación legal (art. 6.1.c RGPD).',
                'Recordar tu sesión en este navegador durante 30 días: tu consentimiento, que puedes retirar en cualquier momento (art. 6.1.a RGPD).',
              ],
            },
            'No tomamos decisiones basadas únicamente en tratamientos automatizados que produzcan efectos jurídicos sobre ti, ni usamos tus datos para publicidad.',
          ],
        },
        {
          id: 'conservacion',
          heading: '4. Cuánto tiempo los conservamos',
          blocks: [
            'Conservamos tus datos mientras mantengas tu cuenta. Cuando la eliminas, borramos al momento tu nombre, teléfono, foto, descripción, datos fiscales, notificaciones y los documentos que subiste, y liberamos tu correo. Solo conservamos, sin tus datos de contacto, lo que puede exigirse durante los plazos legales: los casos, mensajes y valoraciones, que la otra parte sigue viendo a nombre de «Usuario eliminado», hasta 5 años (artículo 1964 del Código Civil), y las facturas y los pagos, tal como se emitieron, 6 años (artículo 30 del Código de Comercio). Transcurridos esos plazos, los suprimimos. Los registros técnicos de acceso se eliminan a los 12 meses.',
          ],
        },
        {
          id: 'destinatarios',
          heading: '5. Con quién los compartimos',
          blocks: [
            {
              list: [
                'El abogado o el cliente con quien te relacionas en cada caso, que verá los datos necesarios para prestar o recibir el servicio. Los abogados solo ven los datos de contacto de un cliente cuando este acepta su propuesta.',
                'Nuestro proveedor de pagos (Stripe Payments Europe, Ltd., Irlanda), que trata los datos de la tarjeta y del pago como responsable independiente.',
                'Proveedores que nos prestan servicios de alojamiento, correo electrónico y soporte técnico dentro de la Unión Europea, como encargados del tratamiento y con contrato conforme al artículo 28 del RGPD.',
                'Si eliges iniciar sesión con Google, Google Ireland Limited nos confirma tu identidad y tu correo electrónico.',
                'Autoridades y tribunales, cuando exista una obligación legal.',
              ],
            },
            'Si alguno de estos proveedores trata datos fuera del Espacio Económico Europeo, lo hace con las garantías previstas en el RGPD, como el Marco de Privacidad de Datos UE-EE. UU. o las cláusulas contractuales tipo de la Comisión Europea.',
          ],
        },
        {
          id: 'derechos',
          heading: '6. Tus derechos',
          blocks: [
            'Puedes ejercer en cualquier momento tus derechos de acceso, rectificación, supresión, oposición, limitación del tratamiento y portabilidad (ARCO-POL), así como retirar tu consentimiento sin que ello afecte a la licitud del tratamiento anterior.',
            'Los derechos de acceso, portabilidad y supresión puedes ejercerlos tú mismo, cuando quieras, en la sección «Tus datos» de Mi Perfil (en la Ficha de Abogado, si eres abogado): «Descargar mis datos» te da un archivo ZIP con tus datos en un formato legible por máquina y los archivos que has subido, y «Eliminar mi cuenta» la elimina tras confirmar tu contraseña.',
            'Para ejercer los demás derechos, o si prefieres no hacerlo desde la aplicación, escríbenos a soporte@l4l.es desde el correo asociado a tu cuenta, o por carta a nuestro domicilio social, indicando el derecho que quieres ejercer. Si no podemos identificarte con seguridad, te pediremos que acredites tu identidad. Te responderemos en el plazo de un mes.',
            'Si consideras que no hemos atendido correctamente tu solicitud, puedes presentar una reclamación ante la Agencia Española de Protección de Datos (www.aepd.es, calle Jorge Juan, 6, 28001 Madrid).',
          ],
        },
        {
          id: 'seguridad',
          heading: '7. Seguridad',
          blocks: [
            'Aplicamos medidas técnicas y organizativas adecuadas al riesgo: comunicaciones cifradas, contraseñas protegidas con algoritmos de resumen robustos, sesiones que se pueden revocar, control de acceso por perfil y revisión de los abogados antes de darles acceso.',
          ],
        },
      ],
    },
    cookies: {
      intro: [
        'Esta política explica qué cookies y tecnologías de almacenamiento similares usa L4L, conforme al artículo 22.2 de la LSSI-CE y a la guía sobre el uso de cookies de la Agencia Española de Protección de Datos.',
      ],
      sections: [
        {
          id: 'que-son',
          heading: '1. Qué son las cookies',
          blocks: [
            'Las cookies son pequeños archivos que una web guarda en tu navegador. El almacenamiento local (localStorage) es una tecnología parecida que permite a la web recordar un dato en tu navegador.',
          ],
        },
        {
          id: 'cuales',
          heading: '2. Qué usamos en L4L',
          blocks: [
            'Usamos únicamente elementos propios. No usamos cookies de analítica, de publicidad ni de redes sociales, y no compartimos con terceros la información que guardan.',
            {
              table: {
                caption: 'Cookies y almacenamiento que usa L4L',
                head: ['Nombre', 'Tipo', 'Finalidad', 'Duración'],
                rows: [
                  [
                    'l4l_session',
                    'Cookie propia, técnica, HttpOnly',
                    'Mantener tu sesión iniciada de forma segura. No es accesible desde el código de la página.',
                    'Hasta que cierras el navegador; 30 días si has aceptado las cookies',
                  ],
                  [
                    'cookieConsent',
                    'Almacenamiento local propio',
                    'Recordar si has aceptado o rechazado las cookies, para no volver a preguntarte.',
                    'Hasta que borres los datos del sitio',
                  ],
                ],
              },
            },
            'La cookie de sesión es imprescindible para usar la plataforma una vez has iniciado sesión, por lo que no necesita tu consentimiento. Lo que sí depende de tu elección es que la sesión se recuerde durante 30 días: si rechazas las cookies, la sesión termina al cerrar la pestaña.',
          ],
        },
        {
          id: 'terceros',
          heading: '3. Servicios de terceros',
          blocks: [
            'Solo si eliges iniciar sesión con Google, o cuando pagas en la página de nuestro proveedor de pagos, esos servicios pueden usar sus propias cookies conforme a sus políticas de privacidad. L4L no tiene acceso a ellas.',
          ],
        },
        {
          id: 'retirar',
          heading: '4. Cómo cambiar o retirar tu consentimiento',
          blocks: [
            'Puedes cambiar tu elección en cualquier momento con el botón de esta página: volverá a aparecer el aviso de cookies. También puedes borrar las cookies y los datos del sitio desde la configuración de tu navegador; en ese caso tendrás que volver a iniciar sesión.',
            'Si tienes cualquier duda sobre esta política, escríbenos a soporte@l4l.es.',
          ],
        },
      ],
    },
  },
} as const;
