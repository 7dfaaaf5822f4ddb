/**
 * Times of consultations as a person in Spain reads them (docs/consultations.md): every slot is shown in
 * Europe/Madrid, whatever the browser's own zone, with Spanish names of days and months.
 */
export const MADRID = 'Europe/Madrid';

const dayKeyFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: MADRID,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const timeFormat = new Intl.DateTimeFormat('es-ES', { timeZone: MADRID, hour: '2-digit', minute: '2-digit' });
const dayFormat = new Intl.DateTimeFormat('es-ES', {
  timeZone: MADRID,
  weekday: 'long',
  day: 'numeric',
  month: 'long',
});
const shortDayFormat = new Intl.DateTimeFormat('es-ES', {
  timeZone: MADRID,
  weekday: 'short',
  day: 'numeric',
  month: 'short',
});

/** The Madrid calendar day of an instant, 'YYYY-MM-DD'. */
export function madridDayKey(at: Date | string): string {
  return dayKeyFormat.format(typeof at === 'string' ? new Date(at) : at);
}

/** 'YYYY-MM-DD' plus `days` calendar days. */
export function addDays(dayKey: string, days: number): string {
  const date = new Date(`${dayKey}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** '09:30' */
export function madridTime(at: string | Date): string {
  return timeFormat.format(typeof at === 'string' ? new Date(at) : at);
}

/** 'lunes, 7 de diciembre' of a day key or an instant. */
export function madridDay(at: string | Date): string {
  const date = typeof at === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(at) ? new Date(`${at}T12:00:00Z`) : at;
  return dayFormat.format(typeof date === 'string' ? new Date(date) : date);
}

/** 'lun, 7 dic' of a day key. */
export function madridShortDay(dayKey: string): string {
  return shortDayFormat.format(new Date(`${dayKey}T12:00:00Z`));
}

/** 'lunes, 7 de diciembre, de 09:30 a 10:00' */
export function madridRange(start: string, end: string): string {
  return `${madridDay(start)}, de ${madridTime(start)} a ${madridTime(end)}`;
}

/** '1 h 05 min', '4 min 09 s': what is left until an instant, for the room's countdown. */
export function countdownText(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  if (days > 0) return `${days} d ${hours} h`;
  if (hours > 0) return `${hours} h ${String(minutes).padStart(2, '0')} min`;
  return `${minutes} min ${String(seconds).padStart(2, '0')} s`;
}

/** Groups ISO instants by their Madrid day, in order. */
export function groupByMadridDay<T extends { start: string }>(items: readonly T[]): Map<string, T[]> {
  const days = new Map<string, T[]>();
  for (const item of items) {
    const key = madridDayKey(item.start);
    const list = days.get(key) ?? [];
    list.push(item);
    days.set(key, list);
  }
  return days;
}
