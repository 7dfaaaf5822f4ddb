import { useEffect, useState } from 'react';

/** True once the page has painted and the browser has a moment (at once where it cannot tell). */
export function useIdle(timeoutMs = 2000) {
  const [idle, setIdle] = useState(() => typeof window.requestIdleCallback !== 'function');
  useEffect(() => {
    if (idle) return;
    const handle = window.requestIdleCallback(() => setIdle(true), { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }, [idle, timeoutMs]);
  return idle;
}
