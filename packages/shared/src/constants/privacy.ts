/**
 * docs/domain.md, Privacy rights: GET /api/me/export answers a ZIP of the person's data; its name carries the
 * day it was made.
 */
export const EXPORT_PATH = '/api/me/export';
export const exportFileName = (day: Date) => `l4l-mis-datos-${day.toISOString().slice(0, 10)}.zip`;
