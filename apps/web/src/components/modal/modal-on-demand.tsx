import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { onDemand, preloadOn, useOpenedOnce } from '../../lib/on-demand.ts';

/**
 * A dialog whose code (its form, validation, Radix Dialog) loads when it is first opened, or earlier on
 * the intent to open it (`intent()`: spread on the button that opens it), never in front of the screen's
 * first paint (ADR 0008). Render `Dialog` inside <MountOnceOpened>.
 */
export function modalOnDemand<P extends { open: boolean }>(load: () => Promise<ComponentType<P>>) {
  const code = onDemand(() => {
    // the dialog's frame (modal-dialog.tsx, which modal.tsx loads on demand) starts loading beside its
    // content, not after it; a failure here is the frame's own to report when the dialog renders
    import('./modal-dialog.tsx').catch(() => {});
    return load();
  });
  return {
    Dialog: lazy(() => code.load().then((component) => ({ default: component }))),
    intent: () => preloadOn(code.load),
  };
}

/** Mounts a dialog loaded on demand the first time it opens; it then stays, to animate its closing. */
export function MountOnceOpened({ open, children }: { open: boolean; children: ReactNode }) {
  const mounted = useOpenedOnce(open);
  if (!mounted) return null;
  return <Suspense fallback={null}>{children}</Suspense>;
}
