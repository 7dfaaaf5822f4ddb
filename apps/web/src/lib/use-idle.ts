import { useEffect, useState } from 'react';
import { whenPainted } from './first-paint.ts';

/**
 * True once the page has painted its first content and the browser then has a moment (once painted, where
 * it cannot tell: Safari has no requestIdleCallback). False on the first render everywhere, so a page
 * rendered ahead of time (landing-prerender.tsx) hydrates as it was rendered.
 */
export function useIdle(timeoutMs = 2000) {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (idle) return;
    let cancelled = false;
    let handle: number | undefined;
    void whenPainted().then(() => {
      if (cancelled) return;
      if (typeof window.requestIdleCallback !== 'function') setIdle(true);
      else handle = window.requestIdleCallback(() => setIdle(true), { timeout: timeoutMs });
    });
    return () => {
      cancelled = true;
      if (handle !== undefined) window.cancelIdleCallback(handle);
    };
  }, [idle, timeoutMs]);
  return idle;
}
