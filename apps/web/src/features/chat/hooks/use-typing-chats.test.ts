import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TYPING_SHOWN_MS, useTypingChats } from './use-typing-chats.ts';

describe('useTypingChats', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the typing for at most 3 s after the last signal', () => {
    const { result } = renderHook(() => useTypingChats());
    act(() => result.current.typing('chat-1'));
    expect(result.current.typingChats.has('chat-1')).toBe(true);
    // a second signal 2 s later keeps it on, counted from that signal
    act(() => vi.advanceTimersByTime(2_000));
    act(() => result.current.typing('chat-1'));
    act(() => vi.advanceTimersByTime(2_999));
    expect(result.current.typingChats.has('chat-1')).toBe(true);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.typingChats.has('chat-1')).toBe(false);
    expect(TYPING_SHOWN_MS).toBeLessThanOrEqual(3_000);
  });

  it('clears it as soon as that person’s message arrives, leaving other chats alone', () => {
    const { result } = renderHook(() => useTypingChats());
    act(() => {
      result.current.typing('chat-1');
      result.current.typing('chat-2');
    });
    act(() => vi.advanceTimersByTime(100));
    act(() => result.current.stopped('chat-1'));
    expect(result.current.typingChats.has('chat-1')).toBe(false);
    expect(result.current.typingChats.has('chat-2')).toBe(true);
    // the cleared chat's timer is gone: nothing flips back later, the other one ends on time
    act(() => vi.advanceTimersByTime(TYPING_SHOWN_MS));
    expect([...result.current.typingChats]).toEqual([]);
  });

  it('does not come back after the message when no new signal arrives', () => {
    const { result } = renderHook(() => useTypingChats());
    act(() => result.current.typing('chat-1'));
    act(() => result.current.stopped('chat-1'));
    act(() => vi.advanceTimersByTime(10_000));
    expect(result.current.typingChats.size).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });
});
