import type { ChatMessage } from '@l4l/shared/schemas/chat';
import { useEffect, useLayoutEffect, useRef } from 'react';

/** How close to the top (px) the reader must scroll before older messages load. */
const LOAD_OLDER_THRESHOLD_PX = 48;
/** How close to the bottom (px) still counts as reading the newest messages. */
const STICKY_BOTTOM_PX = 120;

type Options = {
  history: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => Promise<unknown> };
  newestId: string | null;
  newest: ChatMessage | undefined;
  /** a newest message that scrolls into view even when the reader is reading older ones */
  comesIntoView: (newest: ChatMessage | undefined) => boolean;
};

/**
 * The conversation's scrolling (docs/product.md, Private chat): newest at the bottom and kept in view while
 * the reader is there, older messages loaded at the top without moving the reader.
 */
export function useConversationScroll({ history, newestId, newest, comesIntoView }: Options) {
  const scroller = useRef<HTMLDivElement>(null);
  const restoreFrom = useRef<number | null>(null);
  const lastSeenId = useRef<string | null>(null);
  const lastScrollTop = useRef(0);
  /**
   * the reader is at the newest messages: a new one scrolls into view, and so does anything above it that
   * grows (a picture that loads); not once the reader has scrolled up to older ones
   */
  const atBottom = useRef(true);

  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    if (restoreFrom.current !== null) {
      // older messages were put above: keep the reader where they were
      element.scrollTop = element.scrollHeight - restoreFrom.current;
      restoreFrom.current = null;
    }
    if (newestId !== lastSeenId.current) {
      const shown = comesIntoView(newest);
      if (atBottom.current || shown || lastSeenId.current === null) {
        atBottom.current = true;
        element.scrollTop = element.scrollHeight;
      }
      lastSeenId.current = newestId;
    }
  });

  // what changes size under the reader (a picture that loads, a card that opens, the window) keeps the
  // newest message in view while the reader is at the bottom (docs/product.md, Private chat)
  useEffect(() => {
    const element = scroller.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const follow = () => {
      if (atBottom.current) element.scrollTop = element.scrollHeight;
    };
    const sizes = new ResizeObserver(follow);
    const watch = (node: Node) => node instanceof Element && sizes.observe(node);
    sizes.observe(element);
    element.childNodes.forEach(watch);
    const added = new MutationObserver((records) => {
      for (const record of records) record.addedNodes.forEach(watch);
    });
    added.observe(element, { childList: true });
    return () => {
      sizes.disconnect();
      added.disconnect();
    };
  }, []);

  const loadOlder = () => {
    if (!history.hasNextPage || history.isFetchingNextPage) return;
    const element = scroller.current;
    restoreFrom.current = element ? element.scrollHeight - element.scrollTop : null;
    void history.fetchNextPage();
  };

  const onScroll = () => {
    const element = scroller.current;
    if (!element) return;
    // only the reader moving up lets go of the bottom: content growing under a still reader does not
    const top = element.scrollTop;
    if (element.scrollHeight - top - element.clientHeight < STICKY_BOTTOM_PX) atBottom.current = true;
    else if (top < lastScrollTop.current) atBottom.current = false;
    lastScrollTop.current = top;
    if (top <= LOAD_OLDER_THRESHOLD_PX) loadOlder();
  };

  return { scroller, onScroll, loadOlder };
}
