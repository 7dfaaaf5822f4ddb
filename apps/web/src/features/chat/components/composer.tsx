import { LIMITS } from '@l4l/shared/constants/limits';
import { MESSAGE_TYPE } from '@l4l/shared/constants/messages';
import { DOCUMENT_ACCEPT } from '@l4l/shared/schemas/documents';
import { es } from '@l4l/shared/texts/es/app';
import {
  type ChangeEvent,
  type FormEvent,
  type KeyboardEvent,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { Button } from '../../../components/button/button.tsx';
import { UploadProgress } from '../../../components/upload-progress/upload-progress.tsx';
import { toast } from '../../../lib/toast.ts';
import { UploadCancelled } from '../../../lib/upload-with-progress.ts';
import {
  CHAT_IMAGE_ACCEPT,
  isChatImage,
  uploadChatDocument,
  uploadChatImage,
} from '../api/upload-chat-image.ts';
import type { OutgoingMessage } from '../hooks/chat-socket.ts';
import styles from './composer.module.css';

/** How often the box tells the other participant that the person is typing. */
const TYPING_EVERY_MS = 3_000;

/**
 * The message box (docs/product.md, Private chat): Enter sends, Shift+Enter breaks the line, blank text is never sent, at most
 * 4000 characters; the clip attaches a JPG or PNG, uploaded first and then sent as an image message.
 */
export function Composer({
  onSend,
  disabled,
  documentCaseId,
  onTyping,
}: {
  onSend: (message: OutgoingMessage) => Promise<void>;
  /** no connection: typing stays possible, sending waits */
  disabled: boolean;
  /** the pair's active case: documents attached here are that case's (none: no document button) */
  documentCaseId?: string | null;
  /** the person typed (the other participant sees 'escribiendo…'); called at most every few seconds */
  onTyping?: () => void;
}) {
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const documentInput = useRef<HTMLInputElement>(null);
  const textArea = useRef<HTMLTextAreaElement>(null);
  const [upload, setUpload] = useState<{ name: string; percent: number; controller: AbortController } | null>(
    null,
  );
  const lastTyping = useRef(0);
  const inputId = useId();
  const hintId = useId();

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

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!isChatImage(file)) {
      toast.error(es.chat.imageTypeNotAllowed);
      return;
    }
    await withProgress(file, async (options) => {
      const imageUrl = await uploadChatImage(file, options);
      await onSend({ type: MESSAGE_TYPE.IMAGE, text: imageUrl });
    });
  };

  /** Runs an upload with its bar and cancel button; a cancel is not an error. */
  const withProgress = async (
    file: File,
    work: (options: { onProgress: (percent: number) => void; signal: AbortSignal }) => Promise<void>,
  ) => {
    const controller = new AbortController();
    setUpload({ name: file.name, percent: 0, controller });
    try {
      await work({
        signal: controller.signal,
        onProgress: (percent) => setUpload((current) => (current ? { ...current, percent } : current)),
      });
    } catch (error) {
      if (error instanceof UploadCancelled) toast.info(es.documents.cancelled);
      else toast.error(error instanceof Error ? error.message : es.chat.uploadFailed);
    } finally {
      setUpload(null);
    }
  };

  const onDocument = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file || !documentCaseId) return;
    // the server answers once stored; its document message arrives through the chat connection
    await withProgress(file, (options) => uploadChatDocument(documentCaseId, file, options));
  };

  const onTextChange = (value: string) => {
    setText(value);
    const now = Date.now();
    if (onTyping && value.trim() !== '' && now - lastTyping.current > TYPING_EVERY_MS) {
      lastTyping.current = now;
      onTyping();
    }
  };

  return (
    <form className={styles.composer} onSubmit={onSubmit}>
      <input
        ref={fileInput}
        type="file"
        accept={CHAT_IMAGE_ACCEPT}
        className="visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
        onChange={onFile}
        data-testid="chat-image-input"
      />
      <button
        type="button"
        className={styles.attach}
        aria-label={es.chat.attachImage}
        title={es.chat.attachImage}
        disabled={disabled || upload !== null}
        onClick={() => fileInput.current?.click()}
      >
        <svg
          viewBox="0 0 24 24"
          width="22"
          height="22"
          aria-hidden="true"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="M21.4 11.1l-8.5 8.5a5.5 5.5 0 0 1-7.8-7.8l8.5-8.5a3.7 3.7 0 0 1 5.2 5.2l-8.5 8.5a1.8 1.8 0 0 1-2.6-2.6l7.8-7.8" />
        </svg>
      </button>
      {documentCaseId ? (
        <>
          <input
            ref={documentInput}
            type="file"
            accept={DOCUMENT_ACCEPT}
            className="visually-hidden"
            tabIndex={-1}
            aria-hidden="true"
            onChange={onDocument}
            data-testid="chat-document-input"
          />
          <button
            type="button"
            className={styles.attach}
            aria-label={es.documents.attach}
            title={es.documents.attach}
            disabled={disabled || upload !== null}
            onClick={() => documentInput.current?.click()}
          >
            <svg
              viewBox="0 0 24 24"
              width="22"
              height="22"
              aria-hidden="true"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
            >
              <path d="M14 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V8z" />
              <path d="M14 2v6h6M12 18v-6M9 15h6" />
            </svg>
          </button>
        </>
      ) : null}
      <label htmlFor={inputId} className="visually-hidden">
        {es.chat.messageLabel}
      </label>
      <textarea
        ref={textArea}
        id={inputId}
        className={styles.input}
        value={text}
        rows={1}
        maxLength={LIMITS.chatTextMax}
        placeholder={es.chat.messagePlaceholder}
        onChange={(event) => onTextChange(event.target.value)}
        onKeyDown={onKeyDown}
        aria-describedby={hintId}
      />
      <Button
        type="submit"
        variant="accent"
        className={styles.send}
        disabled={disabled || sending || text.trim().length === 0}
      >
        <svg
          className={styles.sendIcon}
          viewBox="0 0 24 24"
          width="20"
          height="20"
          aria-hidden="true"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="M22 2L11 13M22 2l-7 20-4-9-9-4 20-7z" />
        </svg>
        <span className={styles.sendText}>{es.chat.send}</span>
      </Button>
      <p id={hintId} className={styles.hint}>
        {es.chat.composerHint}
      </p>
      {upload ? (
        <div className={styles.uploading}>
          <UploadProgress
            name={upload.name}
            percent={upload.percent}
            label={es.documents.progressLabel}
            cancelLabel={es.documents.cancel}
            onCancel={() => upload.controller.abort()}
          />
        </div>
      ) : null}
    </form>
  );
}
