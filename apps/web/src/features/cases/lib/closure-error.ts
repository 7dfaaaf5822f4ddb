import { es } from '@l4l/shared/texts/es/app';
import { isApiError } from '../../../lib/api-client.ts';

/** A closure failure: the server's reason, or the unexpected-error text for a fault or no answer (docs/product.md, Messages). */
export function closureErrorMessage(error: unknown): string {
  return isApiError(error) && error.status > 0 && error.status < 500
    ? error.message
    : es.cases.closeUnexpected;
}
