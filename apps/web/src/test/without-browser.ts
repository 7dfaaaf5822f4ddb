import { vi } from 'vitest';

/**
 * `render()` as the build runs it (build/prerender.ts): in Node, with no window, no storage, no address bar.
 * Every stubbed global is put back afterwards, a test's own fetch stub included: stub it after this.
 */
export function withoutBrowser(render: () => string): string {
  vi.stubGlobal('window', undefined);
  try {
    return render();
  } finally {
    vi.unstubAllGlobals();
  }
}
