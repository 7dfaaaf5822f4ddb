import type { NotificationType } from '../../constants/notifications.ts';

/** What a notification's text may name (docs/notifications.md): never a chat message nor a description. */
type NotificationFacts = {
  caseTitle: string;
  amount?: string;
  counterpart?: string;
  reason?: string;
  stars?: number;
  /** a transfer reversed by a refund to the client (not outside L4L) */
  byRefund?: boolean;
  /** the unread messages a digest counts */
  count?: number;
  /** proposal.replaced: the new price is the client's counter-offer */
  counterAccepted?: boolean;
  /** a new case on the board (case.match): its category and code, never its client */
  category?: string;
  code?: string;
};

const messagesCount = (count = 1) => (count === 1 ? 'un mensaje nuevo' : `${count} mensajes nuevos`);

/** In-app notifications, their mails and their preferences (docs/notifications.md). */
export const notificationsEs = {
  events: {
    'proposal.received': {
      title: (f: NotificationFacts) => `Nueva propuesta para «${f.caseTitle}»`,
      body: (f: NotificationFacts) =>
        `${f.counterpart ?? 'Un abogado'} te propone llevar tu caso «${f.caseTitle}» por ${f.amount}. Puedes aceptarla o rechazarla en el chat.`,
      action: 'Ver la propuesta',
    },
    'proposal.accepted': {
      title: (f: NotificationFacts) => `Han aceptado tu propuesta para «${f.caseTitle}»`,
      body: (f: NotificationFacts) =>
        `${f.counterpart ?? 'El cliente'} ha aceptado tu propuesta de ${f.amount} para el caso «${f.caseTitle}». El caso se activará en cuanto se complete el pago.`,
      action: 'Abrir el chat',
    },
    'proposal.rejected': {
      title: (f: NotificationFacts) => `Han rechazado tu propuesta para «${f.caseTitle}»`,
      body: (f: NotificationFacts) =>
        `${f.counterpart ?? 'El cliente'} ha rechazado tu propuesta de ${f.amount} para el caso «${f.caseTitle}».${f.reason ? ` Motivo: ${f.reason}` : ''}`,
      action: 'Abrir el chat',
    },
    'proposal.withdrawn': {
      title: (f: NotificationFacts) => `Han retirado una propuesta para «${f.caseTitle}»`,
      body: (f: NotificationFacts) =>
        `${f.counterpart ?? 'El abogado'} ha retirado su propuesta de ${f.amount} para tu caso «${f.caseTitle}». Las demás propuestas siguen abiertas.`,
      action: 'Abrir el chat',
    },
    'proposal.replaced': {
      title: (f: NotificationFacts) =>
        f.counterAccepted
          ? `Han aceptado tu contraoferta para «${f.caseTitle}»`
          : `Nuevo precio para «${f.caseTitle}»`,
      body: (f: NotificationFacts) =>
        f.counterAccepted
          ? `${f.counterpart ?? 'El abogado'} ha aceptado tu contraoferta para tu caso «${f.caseTitle}»: su nueva propuesta es de ${f.amount}. Puedes aceptarla y pagarla en el chat.`
          : `${f.counterpart ?? 'El abogado'} ha cambiado su propuesta para tu caso «${f.caseTitle}»: ahora es de ${f.amount}. Puedes aceptarla o rechazarla en el chat.`,
      action: 'Ver la propuesta',
    },
    'proposal.countered': {
      title: (f: NotificationFacts) => `Te piden un nuevo precio para «${f.caseTitle}»`,
      body: (f: NotificationFacts) =>
        `${f.counterpart ?? 'El cliente'} te pide llevar el caso «${f.caseTitle}» por ${f.amount}. Puedes enviarle una propuesta a ese precio desde el chat o mantener la tuya.`,
      action: 'Abrir el chat',
    },
    'case.approved': {
      title: (f: NotificationFacts) => `Tu caso «${f.caseTitle}» está publicado`,
      body: (f: NotificationFacts) =>
        `Hemos revisado tu caso «${f.caseTitle}» y ya está publicado: los abogados verificados de L4L pueden enviarte sus propuestas.`,
      action: 'Ver el caso',
    },
    'case.discarded': {
      title: (f: NotificationFacts) => `Tu caso «${f.caseTitle}» no se ha publicado`,
      body: (f: NotificationFacts) =>
        `Hemos revisado tu caso «${f.caseTitle}» y no podemos publicarlo.${f.reason ? ` Motivo: ${f.reason}` : ''} Puedes describirlo de nuevo desde «Iniciar un caso».`,
      action: 'Ver el caso',
    },
    'case.match': {
      title: (f: NotificationFacts) => `Nuevo caso para ti: «${f.caseTitle}»`,
      body: (f: NotificationFacts) =>
        `Se ha publicado en el tablón un caso ${f.category ? `de la categoría ${f.category} ` : ''}que encaja con tus búsquedas: «${f.caseTitle}»${f.code ? ` (caso #${f.code})` : ''}. Envía tu propuesta cuanto antes.`,
      action: 'Ver el caso en el tablón',
    },
    'payment.completed': {
      title: (f: NotificationFacts) => `Pago completado: «${f.caseTitle}»`,
      body: (f: NotificationFacts) =>
        `Se ha completado el pago de ${f.amount} del caso «${f.caseTitle}». El caso ya está activo.`,
      action: 'Ver el caso',
    },
    'closure.requested': {
      title: (f: NotificationFacts) => `Tu abogado pide cerrar «${f.caseTitle}»`,
      body: (f: NotificationFacts) =>
        `${f.counterpart ?? 'Tu abogado'} considera terminado el caso «${f.caseTitle}» y te pide que confirmes el cierre.`,
      action: 'Revisar el cierre',
    },
    'case.finished': {
      title: (f: NotificationFacts) => `Caso finalizado: «${f.caseTitle}»`,
      body: (f: NotificationFacts) =>
        `${f.counterpart ?? 'El cliente'} ha confirmado el cierre del caso «${f.caseTitle}».`,
      action: 'Ver el caso',
    },
    'payout.sent': {
      title: (f: NotificationFacts) => `Te hemos enviado ${f.amount}: «${f.caseTitle}»`,
      body: (f: NotificationFacts) =>
        `Hemos transferido ${f.amount} a tu cuenta de cobros por el caso «${f.caseTitle}». Llegará a tu banco en unos días.`,
      action: 'Ver mis cobros',
    },
    'payout.reversed': {
      title: (f: NotificationFacts) =>
        f.byRefund
          ? `Hemos retirado ${f.amount} de tu cobro: «${f.caseTitle}»`
          : `Transferencia revertida: «${f.caseTitle}»`,
      body: (f: NotificationFacts) =>
        f.byRefund
          ? `Hemos reembolsado al cliente parte del pago del caso «${f.caseTitle}» y, por eso, hemos retirado ${f.amount} de la transferencia que te enviamos.${f.reason ? ` Motivo: ${f.reason}` : ''} En Cobros aparece descontado.`
          : `El proveedor de pagos ha revertido ${f.amount} de la transferencia del caso «${f.caseTitle}», fuera de L4L. El equipo de L4L lo revisará; en Cobros aparece como revertida.`,
      action: 'Ver mis cobros',
    },
    'dispute.opened': {
      title: (f: NotificationFacts) => `Disputa abierta en «${f.caseTitle}»`,
      body: (f: NotificationFacts) =>
        `Se ha abierto una disputa sobre el caso «${f.caseTitle}». El pago queda retenido hasta que un administrador de L4L la resuelva.`,
      action: 'Ver el caso',
    },
    'dispute.resolved': {
      title: (f: NotificationFacts) => `Disputa resuelta en «${f.caseTitle}»`,
      body: (f: NotificationFacts) =>
        `Un administrador de L4L ha resuelto la disputa del caso «${f.caseTitle}».${f.reason ? ` Decisión: ${f.reason}` : ''}`,
      action: 'Ver el caso',
    },
    'refund.issued': {
      title: (f: NotificationFacts) => `Te hemos devuelto ${f.amount}: «${f.caseTitle}»`,
      body: (f: NotificationFacts) =>
        `Hemos devuelto ${f.amount} del pago del caso «${f.caseTitle}» a la misma tarjeta; lo verás en tu cuenta en unos días.${f.reason ? ` Motivo: ${f.reason}` : ''}`,
      action: 'Ver el caso',
    },
    'rating.received': {
      title: (f: NotificationFacts) => `Nueva valoración de «${f.caseTitle}»`,
      body: (f: NotificationFacts) =>
        `${f.counterpart ?? 'Tu cliente'} te ha valorado con ${f.stars} ${f.stars === 1 ? 'estrella' : 'estrellas'} por el caso «${f.caseTitle}».`,
      action: 'Ver mi perfil',
    },
    'rating.replied': {
      title: (f: NotificationFacts) => `Respuesta a tu valoración de «${f.caseTitle}»`,
      body: (f: NotificationFacts) =>
        `${f.counterpart ?? 'Tu abogado'} ha respondido a tu valoración del caso «${f.caseTitle}».`,
      action: 'Ver la respuesta',
    },
    'consultation.booked': {
      title: () => 'Primera consulta reservada',
      body: (f: NotificationFacts) =>
        `Tienes una primera consulta reservada con ${f.counterpart ?? 'tu contacto'}.`,
      action: 'Ver la consulta',
    },
    'consultation.cancelled': {
      title: () => 'Primera consulta cancelada',
      body: (f: NotificationFacts) =>
        `Se ha cancelado la primera consulta con ${f.counterpart ?? 'tu contacto'}.`,
      action: 'Ver la consulta',
    },
    'consultation.reminder': {
      title: () => 'Recordatorio de tu primera consulta',
      body: (f: NotificationFacts) => `Se acerca tu primera consulta con ${f.counterpart ?? 'tu contacto'}.`,
      action: 'Ver la consulta',
    },
    messages: {
      title: (f: Pick<NotificationFacts, 'counterpart' | 'count'>) =>
        `Tienes ${messagesCount(f.count)} de ${f.counterpart ?? 'tu contacto'}`,
      body: (f: Pick<NotificationFacts, 'counterpart' | 'count'>) =>
        `${f.counterpart ?? 'Tu contacto'} te ha escrito en el chat de L4L y tienes ${messagesCount(f.count)} sin leer. Por secreto profesional no incluimos su contenido en este correo: léelo en L4L.`,
      action: 'Leer en el chat',
    },
  } satisfies Record<
    NotificationType,
    { title(f: NotificationFacts): string; body(f: NotificationFacts): string; action: string }
  >,
  /** the switch of each type in Mi Perfil, and what the unsubscribe page names */
  typeLabels: {
    'proposal.received': 'Propuestas recibidas',
    'proposal.accepted': 'Propuestas aceptadas',
    'proposal.rejected': 'Propuestas rechazadas',
    'proposal.withdrawn': 'Propuestas retiradas',
    'proposal.replaced': 'Propuestas con un nuevo precio',
    'proposal.countered': 'Contraofertas recibidas',
    'case.approved': 'Casos publicados',
    'case.discarded': 'Casos no publicados',
    'case.match': 'Casos nuevos que encajan con tus búsquedas',
    'payment.completed': 'Pagos completados',
    'closure.requested': 'Peticiones de cierre',
    'case.finished': 'Casos finalizados',
    'rating.received': 'Valoraciones recibidas',
    'rating.replied': 'Respuestas a tus valoraciones',
    'payout.sent': 'Cobros enviados',
    'payout.reversed': 'Transferencias revertidas',
    'dispute.opened': 'Disputas abiertas',
    'dispute.resolved': 'Disputas resueltas',
    'refund.issued': 'Reembolsos',
    'consultation.booked': 'Primeras consultas reservadas',
    'consultation.cancelled': 'Primeras consultas canceladas',
    'consultation.reminder': 'Recordatorios de primeras consultas (24 h y 1 h antes)',
    messages: 'Mensajes sin leer (un resumen por chat, como mucho cada hora)',
  } satisfies Record<NotificationType, string>,
  mail: {
    footer: 'Recibes este correo porque tienes una cuenta en L4L.',
    unsubscribe: 'Dejar de recibir estos correos',
    preferences: 'Puedes elegir qué correos recibes en Mi Perfil.',
  },
  unsubscribe: {
    pageTitle: 'Correos de L4L',
    confirmQuestion: (label: string) => `¿Quieres dejar de recibir los correos de «${label}»?`,
    confirmHint: 'Seguirás viendo estos avisos en L4L; solo dejaremos de enviarlos por correo.',
    confirmButton: 'Sí, darme de baja',
    done: (label: string) => `Listo: ya no te enviaremos correos de «${label}».`,
    doneHint: 'Puedes volver a activarlos cuando quieras en Mi Perfil.',
    invalid: 'El enlace para darte de baja no es válido.',
  },
  centre: {
    title: 'Notificaciones',
    bell: (unread: number) => (unread === 0 ? 'Notificaciones' : `Notificaciones: ${unread} sin leer`),
    empty: 'No tienes notificaciones.',
    emptyUnread: 'No tienes notificaciones sin leer.',
    onlyUnread: 'Solo sin leer',
    markRead: 'Marcar como leída',
    markAllRead: 'Marcar todas como leídas',
    unreadLabel: 'Sin leer',
    preferencesTitle: 'Correos de avisos',
    preferencesHint: 'Elige qué avisos quieres recibir también por correo. En L4L los verás siempre.',
    preferencesSaved: 'Preferencias guardadas.',
    notYourSwitch: 'Este aviso no se envía a tu tipo de cuenta.',
    notFound: 'Notificación no encontrada',
  },
} as const;
