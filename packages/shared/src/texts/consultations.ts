/**
 * The Spanish texts of first consultations (docs/domain.md, First consultations): the availability form's
 * errors, the booking's refusals, the mails, the reminders and the chat notices. Kept beside es.ts in a
 * file of their own so that the server and the web screens read the same words.
 */
export const consultationsEs = {
  modes: { video: 'Videollamada', phone: 'Teléfono', office: 'En el despacho' } as Record<string, string>,
  status: {
    PENDIENTE_PAGO: 'Pendiente de pago',
    RESERVADA: 'Reservada',
    CANCELADA: 'Cancelada',
  } as Record<string, string>,
  validation: {
    weekday: 'El día de la semana va del 1 (lunes) al 7 (domingo).',
    time: 'Indica la hora con el formato HH:MM, entre 00:00 y 23:59 (24:00 para terminar a medianoche).',
    fromBeforeTo: 'La hora de inicio debe ser anterior a la hora de fin.',
    overlap: 'Hay horarios que se solapan en el mismo día de la semana: corrígelos.',
    tooManyRanges: 'Como mucho 21 franjas horarias por semana.',
    slotMinutes: 'La duración de cada consulta es de 30, 45 o 60 minutos.',
    date: 'Indica la fecha con el formato AAAA-MM-DD.',
    closed: 'Un día de excepción es un día cerrado (closed: true).',
    tooManyExceptions: 'Como mucho 100 días cerrados.',
    duplicateException: 'Hay un día cerrado repetido.',
    modes: 'Elige al menos una modalidad: videollamada, teléfono o despacho.',
    officeAddress:
      'Indica la dirección del despacho (hasta 300 caracteres) si ofreces consultas en el despacho.',
    mode: 'La modalidad es videollamada, teléfono o despacho.',
    rangeOrder: 'La fecha de inicio no puede ser posterior a la de fin.',
    rangeTooLong: 'Puedes consultar como mucho 31 días de huecos a la vez.',
    start:
      'Indica el inicio de la consulta como fecha y hora ISO 8601 con su zona (por ejemplo 2026-03-02T10:00:00+01:00).',
    note: 'La nota puede tener como mucho 1000 caracteres.',
    reason: 'El motivo puede tener como mucho 500 caracteres.',
    lawyerId: 'Indica el abogado con quien quieres la consulta.',
  },
  errors: {
    notFound: 'No encontramos esa consulta.',
    lawyerNotFound: 'No encontramos a ese abogado.',
    notOffered: 'Este abogado no ofrece todavía primeras consultas con cita.',
    self: 'No puedes reservar una consulta contigo mismo.',
    onlyClients: 'Solo los clientes pueden reservar una primera consulta.',
    past: 'Ese hueco ya ha pasado: elige otro.',
    tooFar: 'Solo puedes reservar con hasta 31 días de antelación.',
    outside: 'Ese hueco no está dentro del horario del abogado o no empieza en el inicio de un hueco.',
    closedDay: 'El abogado no atiende ese día.',
    modeNotOffered: 'El abogado no ofrece esa modalidad de consulta.',
    taken: 'Ese hueco acaba de reservarse: elige otro.',
    started: 'La consulta ya ha empezado y no se puede cancelar.',
    refundReason: 'Primera consulta cancelada',
    checkoutLine: (when: string) => `Primera consulta · ${when}`,
    alreadyCancelled: 'La consulta ya estaba cancelada.',
    noPrice: 'El abogado no ha indicado el precio de su primera consulta: no se puede reservar todavía.',
    noAvailability: 'Todavía no has indicado tu disponibilidad.',
  },
  mail: {
    bookedSubject: (when: string) => `Primera consulta reservada: ${when}`,
    bookedBody: (other: string, when: string, mode: string) =>
      `Tu primera consulta con ${other} es el ${when} (hora peninsular española), modalidad: ${mode}. Te adjuntamos la invitación para tu calendario.`,
    pendingBody: (other: string, when: string) =>
      `Hemos guardado tu hueco con ${other} el ${when}. La consulta quedará reservada cuando se complete el pago.`,
    cancelledSubject: (when: string) => `Consulta cancelada: ${when}`,
    cancelledBody: (other: string, when: string) =>
      `La primera consulta con ${other} del ${when} se ha cancelado. Hemos retirado la cita de tu calendario.`,
    reminderSubject: (when: string) => `Recordatorio: primera consulta el ${when}`,
    reminderBody: (other: string, when: string) =>
      `Te recordamos tu primera consulta con ${other} el ${when}.`,
    action: 'Ver la consulta',
    summary: (other: string) => `Primera consulta L4L con ${other}`,
    phoneLocation: (phone: string) => `Llamada telefónica al ${phone}`,
    videoLocation: (url: string) => `Videollamada: ${url}`,
  },
  notification: {
    booked: 'Primera consulta reservada',
    bookedBody: (other: string, when: string) => `Con ${other}, el ${when}.`,
    cancelled: 'Primera consulta cancelada',
    cancelledBody: (other: string, when: string) => `La consulta con ${other} del ${when} se ha cancelado.`,
    refunded: (amount: string) => `Se devuelven ${amount} al cliente.`,
    kept: 'El importe no se devuelve: se canceló con menos de 24 horas de antelación.',
    refundedToClient: 'Reembolso de tu primera consulta',
    refundedToClientBody: (amount: string, other: string, when: string, reason: string) =>
      `Te hemos devuelto ${amount} de la primera consulta con ${other} del ${when}. Motivo: ${reason}`,
    refundedToLawyer: 'Reembolso de una primera consulta',
    refundedToLawyerBody: (amount: string, other: string, when: string, reason: string) =>
      `Se han devuelto ${amount} a ${other} por la primera consulta del ${when}. Motivo: ${reason}`,
    reminder24: 'Tu primera consulta es mañana',
    reminder1: 'Tu primera consulta empieza en una hora',
    reminderBody: (other: string, when: string) => `Con ${other}, el ${when}.`,
  },
  chat: {
    booked: (when: string, mode: string) => `Primera consulta reservada para el ${when} (${mode}).`,
    cancelled: (when: string) => `La primera consulta del ${when} se ha cancelado.`,
  },
} as const;
