/** docs/domain.md, Roles: roles on the wire. */
export const ROLE = {
  USUARIO: 'USUARIO',
  ABOGADO: 'ABOGADO',
  ADMIN: 'ADMIN',
} as const;

export const ROLES = Object.values(ROLE);
export type Role = (typeof ROLES)[number];
