import { axeEveryRouteOf } from './axe-routes.ts';

/** axe-core on every route of a lawyer and of an administrator, at 1280 and 375 px (e2e/axe-routes.ts). */
axeEveryRouteOf(['lawyer', 'admin']);
