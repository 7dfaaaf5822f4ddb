/** The first consultations feature's public entry: what app.ts and other modules may use. */

export { consultationsPrivacy } from './consultations.privacy.ts';
export { type ConsultationsPluginOptions, default as consultationsPlugin } from './consultations.routes.ts';
export type { ConsultationPayments, ConsultationsService } from './consultations.service.ts';
