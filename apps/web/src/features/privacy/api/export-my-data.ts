import { EXPORT_PATH, exportFileName } from '@l4l/shared/constants/privacy';
import { es } from '@l4l/shared/texts/es/profile';
import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/download-file.ts';

/** GET /api/me/export: the ZIP of the person's data, saved under the name the server gives it. */
export function exportMyData(): Promise<void> {
  return downloadFile(EXPORT_PATH, exportFileName(new Date()), es.privacy.downloadError);
}

export function useExportMyData() {
  return useMutation({ mutationFn: exportMyData });
}
