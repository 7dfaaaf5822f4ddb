import { z } from 'zod';

/** Zod's own messages in Spanish, for every field whose schema does not name its message. */
z.config(z.locales.es());

export { z };
