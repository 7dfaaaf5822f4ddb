import { es as admin } from './es/admin.ts';
import { es as landing } from './es/landing.ts';
import { es as legal } from './es/legal.ts';
import { es as payment } from './es/payment.ts';
import { es as profile } from './es/profile.ts';
import { es as server } from './es/server.ts';

/**
 * Every Spanish text a person sees, written once (docs/product.md, Messages), no literal Spanish message twice. The
 * texts live in texts/es/, one file per audience (public, landing, account, signed-in, app, profile, payment, legal,
 * admin, server), each adding its sections to the one it builds on. This object composes them all for
 * the server and the tests; a web module imports the audience of its screen instead, so a page's bundle
 * carries only the texts that page can show.
 */
export const es = { ...landing, ...profile, ...payment, ...legal, ...admin, ...server } as const;
