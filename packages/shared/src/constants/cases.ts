/** docs/domain.md, Case statuses and progress steps: status values, as text labels on the wire. */
export const CASE_STATUS = {
  PDTEAVALIDACION: 'PENDIENTE DE VALIDACIÓN',
  PENDIENTE_ASIGNACION: 'PENDIENTE DE ASIGNACIÓN',
  ACTIVO: 'ACTIVO',
  FINALIZADO: 'FINALIZADO',
  DESCARTADO: 'DESCARTADO',
} as const;

export const CASE_STATUSES = Object.values(CASE_STATUS);
export type CaseStatus = (typeof CASE_STATUSES)[number];

export function isCaseStatus(value: string): value is CaseStatus {
  return (CASE_STATUSES as readonly string[]).includes(value);
}

/** docs/domain.md, Case statuses and progress steps: the 8 steps of the case-detail timeline, index 0 to 7. */
export const CASE_STEPS = [
  'Pendiente de validación',
  'Caso abierto',
  'Pago realizado',
  'En conversación con el abogado',
  'Procedimiento iniciado',
  'En espera de resolución',
  'Resolución dictada',
  'Procedimiento finalizado',
] as const;

/** docs/domain.md, Case statuses and progress steps: progressStep fixed by the status, except 3–6 which the case's lawyer sets (forward only). */
export const STEP_BY_STATUS: Record<CaseStatus, number> = {
  'PENDIENTE DE VALIDACIÓN': 0,
  'PENDIENTE DE ASIGNACIÓN': 1,
  ACTIVO: 2,
  FINALIZADO: 7,
  DESCARTADO: 0,
};
export const LAWYER_STEP_MIN = 3;
export const LAWYER_STEP_MAX = 6;

/**
 * docs/domain.md, Case statuses and progress steps: the status may arrive as a numeric index in a string or as a text label.
 * Returns the step index, or null when the value is neither a valid index nor a known label.
 */
export function stepIndexOf(status: string | number | null | undefined): number | null {
  if (status === null || status === undefined) return null;
  const text = String(status).trim();
  if (/^\d+$/.test(text)) {
    const index = Number(text);
    return index >= 0 && index < CASE_STEPS.length ? index : null;
  }
  if (isCaseStatus(text)) return STEP_BY_STATUS[text];
  const byLabel = CASE_STEPS.findIndex((label) => label.toLowerCase() === text.toLowerCase());
  return byLabel >= 0 ? byLabel : null;
}

/** The short, human case code shown as '/ Caso #ID' and in billing (first 8 characters, uppercased). */
export function caseCode(caseId: string): string {
  return caseId.replaceAll('-', '').slice(0, 8).toUpperCase();
}
