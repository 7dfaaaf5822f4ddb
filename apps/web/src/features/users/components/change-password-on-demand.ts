import { modalOnDemand } from '../../../components/modal/modal-on-demand.tsx';

/** 'Cambiar tu contraseña' (change-password-modal.tsx), loaded when it is first opened. */
export const ChangePasswordDialog = modalOnDemand(() =>
  import('./change-password-modal.tsx').then((module) => module.ChangePasswordModal),
);
