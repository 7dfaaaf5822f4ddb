import { useEffect, useState } from 'react';

/** Gives up waiting for a first contentful paint after this long (a page that shows only a spinner). */
const PAINT_WAIT_MS = 3000;

let painted = false;

/**
 * Calls `callback` once the page has shown something (its first contentful paint), or after
 * PAINT_WAIT_MS; at once where the browser cannot tell. The browser is often idle before that, while
 * the first screen waits for the session or its data: work started then (the toasts' code, the chat
 * socket) would compete with what the person is waiting for (issue #9). Returns a cancel function.
 */
function afterFirstPaint(callback: () => void): () => void {
  if (painted || typeof PerformanceObserver === 'undefined') {
    callback();
    return () => {};
  }
  let done = false;
  const finish = () => {
    if (done) return;
    done = true;
    painted = true;
    observer?.disconnect();
    clearTimeout(timer);
    callback();
  };
  let observer: PerformanceObserver | undefined;
  try {
    observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length) finish();
    });
    observer.observe({ type: 'paint', buffered: true });
  } catch {
    // no paint timing here: the timer decides
  }
  const timer = setTimeout(finish, PAINT_WAIT_MS);
  return () => {
    done = true;
    observer?.disconnect();
    clearTimeout(timer);
  };
}

/**
 * True once the page has painted its first content and the browser then has a moment (at once where it
 * cannot tell).
 */
export function useIdle(timeoutMs = 2000) {
  const [idle, setIdle] = useState(() => typeof window.requestIdleCallback !== 'function');
  useEffect(() => {
    if (idle) return;
    let handle: number | undefined;
    const cancelWait = afterFirstPaint(() => {
      handle = window.requestIdleCallback(() => setIdle(true), { timeout: timeoutMs });
    });
    return () => {
      cancelWait();
      if (handle !== undefined) window.cancelIdleCallback(handle);
    };
  }, [idle, timeoutMs]);
  return idle;
}
