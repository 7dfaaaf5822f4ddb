import { type ComponentProps, Suspense } from 'react';
import { modalOnDemand } from '../../../components/modal/modal-on-demand.tsx';
import type { PriceChangeDialog } from './price-change-dialog.tsx';

/**
 * The price-change dialog (price-change-dialog.tsx): its form, validation and react-hook-form load when the
 * button that opens it is about to be used (`intent()`), not in front of the case or the chat (ADR 0008).
 */
export const PriceChange = modalOnDemand(() =>
  import('./price-change-dialog.tsx').then((module) => module.PriceChangeDialog),
);

/** The dialog, rendered once its code has loaded. */
export function PriceChangeOnDemand(props: ComponentProps<typeof PriceChangeDialog>) {
  return (
    <Suspense fallback={null}>
      <PriceChange.Dialog {...props} />
    </Suspense>
  );
}
