// no React here: landing.html's first script (landing-boot.ts) waits on it before loading React

/** Gives up waiting for a first contentful paint after this long (a page that shows only a spinner). */
const PAINT_WAIT_MS = 3000;

let firstPaint: Promise<void> | undefined;

/**
 * Settles once the page has shown something (its first contentful paint), or after PAINT_WAIT_MS; at once
 * where the browser cannot tell. One watch for the whole page, however many ask. The browser is often idle
 * before that, while the first screen waits for the session or its data: work started then (the toasts'
 * code, the chat socket) would compete with what the person is waiting for (ADR 0022).
 */
export function whenPainted(): Promise<void> {
  firstPaint ??= new Promise<void>((resolve) => {
    if (
      typeof PerformanceObserver === 'undefined' ||
      !PerformanceObserver.supportedEntryTypes?.includes('paint')
    ) {
      return resolve();
    }
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
