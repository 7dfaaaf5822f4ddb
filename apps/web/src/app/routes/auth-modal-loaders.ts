/**
 * The login and register modals carry the forms, their zod schemas and the pickers: most of the web's
 * JavaScript. The landing page loads them only when a visitor is about to open one (a pointer over or a
 * focus on a way in), so the page itself stays light on a slow phone (ADR 0008: at most 95 KiB of JS).
 */
export const loadLoginModal = () => import('../../features/auth/components/login-modal.tsx');
export const loadRegisterModal = () => import('../../features/auth/components/register-modal.tsx');

// the same handlers serve every control that opens code loaded on demand
export { preloadOn } from '../../lib/on-demand.ts';
