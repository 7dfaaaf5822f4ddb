import { es } from '@l4l/shared/texts/es/admin';
import { UsersPage } from '../../features/admin/components/users-page.tsx';
import { useAdminTitle } from './admin-title.ts';

/** /admin/usuarios: the users (one chunk per section of the console). */
export function AdminUsersRoute() {
  useAdminTitle(es.admin.sections.users);
  return <UsersPage />;
}
