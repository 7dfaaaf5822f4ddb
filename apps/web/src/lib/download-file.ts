import { es } from '@l4l/shared/texts/es/public';
import { ApiError, errorFromAnswer, NETWORK_ERROR } from './api-client.ts';

/** 'attachment; filename="justificante-1A2B3C4D-0f8b1c7e.pdf"' → the file name. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const match = disposition ? /filename="?([^";]+)"?/i.exec(disposition) : null;
  return match?.[1] ?? fallback;
}

/**
 * A file of the API (a receipt, an invoice, the invoice book): it comes through fetch (the session travels
 * as the cookie here, as the Bearer header for API clients), then is saved from an object URL, so a failure
 * shows `errorMessage` in Spanish instead of a browser error page.
 */
export async function downloadFile(
  fileUrl: string,
  fallbackName: string,
  errorMessage: string,
): Promise<void> {
  let response: Response;
  try {
    response = await fetch(fileUrl, {
      credentials: 'same-origin',
      headers: { Accept: 'application/pdf' },
    });
  } catch {
    throw new ApiError({ status: 0, code: NETWORK_ERROR, message: es.login.connectionError });
  }
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => undefined);
    const { code } = errorFromAnswer(response.status, body);
    throw new ApiError({ status: response.status, code, message: errorMessage });
  }
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileNameOf(response.headers.get('content-disposition'), fallbackName);
    link.rel = 'noopener';
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // the click has handed the blob to the browser; give it a moment before letting it go
    setTimeout(() => URL.revokeObjectURL(url), 30_000);
  }
}
