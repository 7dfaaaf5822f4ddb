import { MESSAGE_TYPE } from '@l4l/shared/constants/messages';
import { es } from '@l4l/shared/texts/es/app';
import { type FormEvent, type KeyboardEvent, useLayoutEffect, useRef, useState } from 'react';
import { toast } from '../../../lib/toast.ts';
import type { OutgoingMessage } from './chat-socket.ts';
import { TYPING_SIGNAL_EVERY_MS } from './use-typing-chats.ts';

/**
 * The composer's text (docs/product.md, Private chat): Enter sends, Shift+Enter breaks the line, blank text
 * is never sent, a failed send gives the text back; the box grows with its lines, and typing tells the other
 * participant at most every few seconds.
 */
export function useMessageDraft({
  onSend,
  disabled,
  onTyping,
}: {
  onSend: (message: OutgoingMessage) => Promise<void>;
  disabled: boolean;
  onTyping?: () => void;
}) {
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const textArea = useRef<HTMLTextAreaElement>(null);
  const lastTyping = useRef(0);

  // the box grows with its lines up to its CSS max-height, then scrolls
  // biome-ignore lint/correctness/useExhaustiveDependencies: the height follows the text
  useLayoutEffect(() => {
    const box = textArea.current;
    if (!box) return;
    box.style.height = 'auto';
    box.style.height = `${box.scrollHeight + 2}px`;
  }, [text]);

  const submit = async () => {
    if (disabled || sending || text.trim().length === 0) return;
    const draft = text;
    setSending(true);
    setText('');
    try {
      await onSend({ type: MESSAGE_TYPE.TEXT, text: draft });
    } catch (error) {
      // the text comes back so nothing typed is lost
      setText((current) => (current === '' ? draft : current));
      toast.error(error instanceof Error ? error.message : es.chat.sendFailed);
    } finally {
      setSending(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void submit();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit();
  };

  const onTextChange = (value: string) => {
    setText(value);
    const now = Date.now();
    if (onTyping && value.trim() !== '' && now - lastTyping.current > TYPING_SIGNAL_EVERY_MS) {
      lastTyping.current = now;
      onTyping();
    }
  };

  return { text, sending, textArea, onKeyDown, onSubmit, onTextChange };
}
