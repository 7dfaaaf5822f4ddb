import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, vi } from 'vitest';
import { preloadModal } from '../components/modal/modal.tsx';

// a dialog's frame (Radix Dialog) loads on demand in the app, once the page is idle or a dialog first opens
// (components/modal/modal.tsx); loaded here before any test, a test's dialog opens at once, as it does in a
// browser that loaded it while idle
await preloadModal();

// the shared schemas load beside the requests they check (lib/parse-answer.ts, lazySchema); loaded here
// before any test, an answer is checked at once, as in a browser that has them already, rather than after
// the test's wait for it has begun (which a loaded machine can make longer than that wait)
await Promise.all(
  Object.values(
    import.meta.glob([
      '../../../../packages/shared/src/envelope.ts',
      '../../../../packages/shared/src/schemas/*.ts',
      '!**/*.test.ts',
    ]),
  ).map((load) => load()),
);

// a screen's first answer, or the code it loads on demand, can take more than testing-library's 1 s on a
// two-core machine busy with the rest of the test run; findBy and waitFor wait up to 5 s for what must appear
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  // sonner keeps its toasts in a module-wide store: one test's toast must not appear in the next
  toast.dismiss();
  window.localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

// jsdom lacks the pointer-capture and scrolling APIs Radix Select and Popover call
if (!Element.prototype.hasPointerCapture) {
  Element.prototype.hasPointerCapture = () => false;
  Element.prototype.setPointerCapture = () => {};
  Element.prototype.releasePointerCapture = () => {};
}
if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => {};
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (!globalThis.ResizeObserver) {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
