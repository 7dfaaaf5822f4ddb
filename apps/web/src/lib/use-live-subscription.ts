import { useEffect, useRef } from 'react';
import { onDemand } from './on-demand.ts';
import { useIdle } from './use-idle.ts';

// STOMP is not needed to paint a screen (ADR 0008): it loads once the browser is idle
const stompCode = onDemand(() => import('./stomp-client.ts'));

/**
 * One subscription of a screen to the tab's one STOMP connection (lib/stomp-client.ts, shared with the
 * chat), held while `enabled` and left on unmount. `onMessage` gets each pushed body; `onSubscribed` runs
 * after each (re)subscription, so a screen can read again what was pushed while none was held. Offline
 * (the STOMP code cannot load), nothing is live: the screen reads afresh on its next visit.
 */
export function useLiveSubscription(
  userId: string,
  destination: string,
  handlers: { onMessage: (body: string) => void; onSubscribed: () => void },
  enabled = true,
) {
  const idle = useIdle();
  // the latest handlers, without re-subscribing when a render makes new functions
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => {
    if (!enabled || !idle) return;
    let closed = false;
    let close: (() => void) | undefined;
    stompCode.load().then(
      ({ joinSharedStomp }) => {
        if (closed) return;
        const membership = joinSharedStomp(userId, {
          onConnected: (live) =>
            void live.subscribe(
              destination,
              (body) => latest.current.onMessage(body),
              () => latest.current.onSubscribed(),
            ),
        });
        close = () => membership.leave();
      },
      () => {},
    );
    return () => {
      closed = true;
      close?.();
    };
  }, [userId, destination, enabled, idle]);
}
