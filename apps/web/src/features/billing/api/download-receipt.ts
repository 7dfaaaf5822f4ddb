import type { ErrorEnvelope } from '@l4l/shared/envelope';
import { es } from '@l4l/shared/texts/es';
import { useMutation } from '@tanstack/react-query';
import { ApiError, NETWORK_ERROR } from '../../../lib/api-client.ts';

/** 'attachment; filename="justificante-1A2B3C4D-0f8b1c7e.pdf"' → the file name. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const match = disposition ? /filename="?([^";]+)"?/i.exec(disposition) : null;
  return match?.[1] ?? fallback;
}

/**
 * GET /api/transaccion/receipt/{paymentId} (+), and any other PDF of the API (an invoice): the PDF comes through fetch (the session travels as the
 * cookie here, as the Bearer header for API clients), then is saved from an object URL, so a failure
 * shows a Spanish message instead of a browser error page.
 */
export async function downloadReceipt(
  receiptUrl: string,
  fallbackName: string,
  errorMessage: string = es.billing.receiptError,
): Promise<void> {
  let response: Response;
  try {
    response = await fetch(receiptUrl, {
      credentials: 'same-origin',
      headers: { Accept: 'application/pdf' },
    });
  } catch {
    throw new ApiError({ status: 0, code: NETWORK_ERROR, message: es.login.connectionError });
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => undefined)) as Partial<ErrorEnvelope> | undefined;
    throw new ApiError({
      status: response.status,
      code: body?.error?.code ?? 'HTTP_ERROR',
      message: errorMessage,
    });
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

export function useDownloadReceipt() {
  return useMutation({
    mutationFn: ({ receiptUrl, fileName }: { receiptUrl: string; fileName: string }) =>
      downloadReceipt(receiptUrl, fileName),
  });
}
