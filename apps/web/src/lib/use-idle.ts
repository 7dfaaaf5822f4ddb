import { useEffect, useState } from 'react';

/** Gives up waiting for a first contentful paint after this long (a page that shows only a spinner). */
const PAINT_WAIT_MS = 3000;

let firstPaint: Promise<void> | undefined;

/**
 * Settles once the page has shown something (its first contentful paint), or after PAINT_WAIT_MS; at once
 * where the browser cannot tell. One watch for the whole page, however many ask. The browser is often idle
 * before that, while the first screen waits for the session or its data: work started then (the toasts'
 * code, the chat socket) would compete with what the person is waiting for (ADR 0008).
 */
function whenPainted(): Promise<void> {
  firstPaint ??= new Promise<void>((resolve) => {
    if (typeof PerformanceObserver === 'undefined') return resolve();
    const timer = setTimeout(resolve, PAINT_WAIT_MS);
    try {
      new PerformanceObserver((list, observer) => {
        if (!list.getEntriesByName('first-contentful-paint').length) return;
        observer.disconnect();
        clearTimeout(timer);
        resolve();
      }).observe({ type: 'paint', buffered: true });
    } catch {
      // no paint timing here: the timer decides
    }
  });
  return firstPaint;
}

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
