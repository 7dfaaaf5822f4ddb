import { axeEveryRouteOf } from './axe-routes.ts';

/** axe-core on every route of a visitor and of a client, at 1280 and 375 px (e2e/axe-routes.ts). */
axeEveryRouteOf(['visitor', 'client']);
