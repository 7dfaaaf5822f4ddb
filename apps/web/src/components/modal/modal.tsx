import { lazy, Suspense, useEffect } from 'react';
import { onDemand, useOpenedOnce } from '../../lib/on-demand.ts';
import { useIdle } from '../../lib/use-idle.ts';
import type { ModalProps } from './modal-dialog.tsx';

/**
 * The dialog's code (Radix Dialog with its focus trap and scroll lock, about 14 KiB gzipped): loaded once
 * the page has painted and the browser is idle, or when a dialog first opens, whichever comes first; never
 * in front of a screen's first paint (bench/README.md: every route at most 200 KiB of JavaScript up front).
 */
const dialog = onDemand(() => import('./modal-dialog.tsx').then((module) => module.ModalDialog));
const LoadingDialog = lazy(() => dialog.load().then((component) => ({ default: component })));

/** Starts loading the dialog's code, e.g. beside a dialog's own code loaded on demand (modal-on-demand.tsx). */
export const preloadModal = dialog.load;

/**
 * A centred dialog (a bottom sheet on phones): focus is trapped, Escape and a click outside close it
 * (docs/product.md, Landing page), focus returns to the control that opened it. Closed and never opened, it
 * renders nothing, as Radix's closed dialog does; once opened it stays mounted, to animate its closing.
 */
export function Modal(props: ModalProps) {
  const mounted = useOpenedOnce(props.open);
  const idle = useIdle();
  useEffect(() => {
    // a failed preload is tried again when the dialog opens, which shows the route's error if it fails again
    if (idle) dialog.load().catch(() => {});
  }, [idle]);
  if (!mounted) return null;
  const Loaded = dialog.current();
  if (Loaded) return <Loaded {...props} />;
  return (
    <Suspense fallback={null}>
      <LoadingDialog {...props} />
    </Suspense>
  );
}
