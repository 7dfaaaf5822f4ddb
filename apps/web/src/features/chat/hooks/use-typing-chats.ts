import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * (+) How long 'escribiendo…' stays after the last typing signal (docs/api/stomp.md, Destinations): the
 * composer signals at most every TYPING_SIGNAL_EVERY_MS while the person types, so the line never
 * outlasts their last keystroke by more than this.
 */
export const TYPING_SHOWN_MS = 3_000;
/** How often the composer tells the other participant that the person is still typing. */
export const TYPING_SIGNAL_EVERY_MS = 2_000;

/**
 * The chats whose other participant is typing: `typing(chatId)` on each signal shows it for
 * TYPING_SHOWN_MS; `stopped(chatId)` (their message arrived) clears it at once.
 */
export function useTypingChats() {
  const [typingChats, setTypingChats] = useState<ReadonlySet<string>>(new Set());
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());

  const stopped = useCallback((chatId: string) => {
    clearTimeout(timers.current.get(chatId));
    timers.current.delete(chatId);
    setTypingChats((current) => {
      if (!current.has(chatId)) return current;
      const next = new Set(current);
      next.delete(chatId);
      return next;
    });
  }, []);

  const typing = useCallback(
    (chatId: string) => {
      setTypingChats((current) => (current.has(chatId) ? current : new Set(current).add(chatId)));
      clearTimeout(timers.current.get(chatId));
      timers.current.set(
        chatId,
        setTimeout(() => stopped(chatId), TYPING_SHOWN_MS),
      );
    },
    [stopped],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending.values()) clearTimeout(timer);
    };
  }, []);

  return { typingChats, typing, stopped };
}
