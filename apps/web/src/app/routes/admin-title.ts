import { es } from '@l4l/shared/texts/es/admin';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/** The tab's title of a section of the console (/admin/...): 'Sección · Consola'. */
export function useAdminTitle(section: string) {
  useDocumentTitle(`${section} · ${es.admin.consoleTitle}`);
}
