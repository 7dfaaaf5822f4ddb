import { es as publicTexts } from './public.ts';

/**
 * The checkout and its result pages.
 * Split by audience so a page's bundle carries the texts its screens read, not all of them; es.ts
 * composes every audience for the server and the tests.
 */
export const es = {
  ...publicTexts,
  payment: {
    completedTitle: 'Pago completado',
    successTitle: '¡Pago realizado con éxito!',
    successText: 'Esta pestaña se cerrará automáticamente.',
    failureTitle: '¡Pago no completado!',
    failureText: 'Algo salió mal durante el proceso de pago.',
    // a checkout the client left with 'Cancelar' (docs/product.md, Payment pages): not a failure
    cancelledTitle: 'Pago cancelado',
    cancelledText: 'Has cancelado el pago: no se ha cobrado nada.',
    cancelledNext: 'La propuesta sigue en el chat: puedes aceptarla de nuevo cuando quieras.',
    testPageTitle: 'Stripe Test Payload',
    unexpected: 'Error inesperado',
    genericError: 'Se ha producido un error.',
    // the sandbox provider's checkout page (docs/api/http.md, Payments)
    sandboxTitle: 'Pago de prueba',
    sandboxBadge: 'Pago de prueba: no se cobra ninguna tarjeta',
    sandboxExplanation:
      'Este es el entorno de pruebas de L4L. «Pagar» confirma el pago como lo haría el proveedor de tarjetas; «Cancelar» lo anula.',
    sandboxCase: 'Caso',
    sandboxConsultation: 'Primera consulta',
    sandboxLawyer: 'Abogado',
    sandboxAmount: 'Importe',
    sandboxWithheld: 'Retención de IRPF que ingresas tú en Hacienda',
    checkoutLawyer: (name: string) => `Abogado: ${name}`,
    checkoutWithholding: (rate: number, amount: string) =>
      `Retención de IRPF (${rate} %) que ingresas tú en Hacienda: ${amount}, descontada del precio`,
    sandboxPay: 'Pagar',
    sandboxCancel: 'Cancelar',
    sandboxUnknown: 'Este pago no existe o ya no está disponible.',
    sandboxAlreadyPaid: 'Este pago ya se ha completado.',
    sandboxClosed: 'Este pago se canceló. Puedes volver a aceptar la propuesta desde el chat.',
    backHome: 'Volver al inicio',
    providerUnavailable: 'El pago no está disponible en este momento. Inténtalo de nuevo en unos minutos.',
    /** the audit log's reason for money that arrived for a case already paid, given back without anyone asking */
    lateRefundReason: 'Pago recibido para un caso ya pagado: reembolsado automáticamente al cliente.',
    /** what the client reads of that refund */
    lateRefundNotice:
      'Recibimos un pago que el caso ya no necesitaba (ya estaba pagado o la propuesta se había cerrado). No tienes que hacer nada.',
    stripeNotConfigured: 'Los pagos con Stripe no están configurados en este servidor.',
    testPageUnavailable:
      'Stripe no está configurado en este servidor: «Pay now» hace un pago de prueba del entorno de L4L, sin tarjeta, y te lleva a la página de pago completado.',
    testAmount: 'Importe de prueba',
    loadingForm: 'Cargando el formulario de pago…',
    invalidPayload: 'Los datos del pago no son válidos.',
    invalidAmount: 'El importe debe ser un número mayor que 0 con dos decimales como máximo.',
    webhookUnsigned: 'Falta la firma del aviso de pago.',
    webhookBadSignature: 'La firma del aviso de pago no es válida o ha caducado.',
    webhookFailed: 'No se pudo procesar el aviso de pago. Se volverá a intentar.',
    successFallback: 'Si la pestaña no se cierra, puedes volver a tu panel.',
    goToDashboard: 'Ir a mi panel',
    failureClosing: 'Esta pestaña se cerrará en 3 segundos.',
    intentId: 'Identificador del pago',
    intentStatus: 'Estado',
    verifying: 'Comprobando el pago…',
    unverified: 'Sin verificar: el servidor no puede consultar el pago en Stripe.',
    verifyFailed: 'No se pudo comprobar el estado real del pago.',
    noIntent: 'No se ha indicado ningún pago.',
    noStatus: 'Estado no indicado',
    testIntro: 'Página de pruebas del pago con tarjeta integrado de Stripe.',
    testNoEmbeddedForm:
      'Esta instalación no tiene la clave publicable de Stripe, así que el formulario de tarjeta no se muestra aquí.',
    // the embedded card form (Stripe Payment Element) of the test page
    cardForm: 'Formulario de pago con tarjeta',
    paying: 'Procesando el pago…',
    cardFormHint: 'Introduce los datos de la tarjeta y pulsa «Pay now».',
    cardFormLoadFailed:
      'No se pudo cargar el formulario de pago de Stripe. Comprueba tu conexión (o el bloqueador de contenido) y vuelve a intentarlo.',
    intentStatuses: {
      succeeded: 'Pagado',
      processing: 'En proceso',
      requires_payment_method: 'Pendiente de pago',
      requires_confirmation: 'Pendiente de confirmación',
      requires_action: 'Pendiente de autenticación',
      requires_capture: 'Autorizado, pendiente de cobro',
      canceled: 'Cancelado',
      failed: 'Fallido',
    } as Record<string, string>,
  },
} as const;
