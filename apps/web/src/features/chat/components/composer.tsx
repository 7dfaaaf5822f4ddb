import { DOCUMENT_ACCEPT } from '@l4l/shared/constants/documents';
import { LIMITS } from '@l4l/shared/constants/limits';
import { MESSAGE_TYPE } from '@l4l/shared/constants/messages';
import { es } from '@l4l/shared/texts/es/app';
import {
  type ChangeEvent,
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
  type Ref,
  useId,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { Button } from '../../../components/button/button.tsx';
import { ClipIcon, DocumentAddIcon, SendIcon } from '../../../components/icons/icons.tsx';
import { UploadProgress } from '../../../components/upload-progress/upload-progress.tsx';
import { useUpload } from '../../../components/upload-progress/use-upload.ts';
import { toast } from '../../../lib/toast.ts';
import type { UploadOptions } from '../../../lib/upload-with-progress.ts';
import { CHAT_IMAGE_ACCEPT, isChatImage, uploadChatImage } from '../api/upload-chat-image.ts';
import type { OutgoingMessage } from '../hooks/chat-socket.ts';
import { TYPING_SIGNAL_EVERY_MS } from '../hooks/use-typing-chats.ts';
import styles from './composer.module.css';

/** What the conversation hands the composer: a file dropped on it (desktop drag and drop). */
export type ComposerHandle = { attach: (file: File) => void };

/**
 * Sends a file as a document of the case (the documents feature's upload, composed in by app/); the server
 * posts its chat message, which arrives through the connection.
 */
export type DocumentUpload = (
  caseId: string,
  file: File,
  options: Required<UploadOptions>,
) => Promise<unknown>;

/**
 * The message box (docs/product.md, Private chat): Enter sends, Shift+Enter breaks the line, blank text is never sent, at most
 * 4000 characters; the clip attaches a JPG or PNG, uploaded first and then sent as an image message; with
 * a case, the document button sends a case document. A file dropped on the conversation comes in through
 * `handle`: a picture is sent as an image, anything else as a document of the case.
 */
export function Composer({
  onSend,
  disabled,
  documentCaseId,
  uploadDocument,
  onTyping,
  handle,
}: {
  onSend: (message: OutgoingMessage) => Promise<void>;
  /** no connection: typing stays possible, sending waits */
  disabled: boolean;
  /** the pair's active case: documents attached here are that case's (none: no document button) */
  documentCaseId?: string | null;
  /** how a document is sent (none: no document button) */
  uploadDocument?: DocumentUpload;
  /** the person typed (the other participant sees 'escribiendo…'); called at most every few seconds */
  onTyping?: () => void;
  handle?: Ref<ComposerHandle>;
}) {
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const textArea = useRef<HTMLTextAreaElement>(null);
  const { upload, run } = useUpload({ failed: es.chat.uploadFailed, cancelled: es.documents.cancelled });
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

  const sendImage = async (file: File) => {
    if (!isChatImage(file)) {
      toast.error(es.chat.imageTypeNotAllowed);
      return;
    }
    await run(file.name, async (options) => {
      const imageUrl = await uploadChatImage(file, options);
      await onSend({ type: MESSAGE_TYPE.IMAGE, text: imageUrl });
    });
  };

  // documents go to the pair's active case, when there is one and the page can send them
  const documentsTo = uploadDocument ? documentCaseId : null;

  const sendDocument = async (file: File) => {
    if (!documentsTo || !uploadDocument) return;
    // the server answers once stored; its document message arrives through the chat connection
    await run(file.name, (options) => uploadDocument(documentsTo, file, options));
  };

  /** The file picked with a button (its input is emptied, so the same file can be picked again). */
  const picked = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    return file;
  };

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = picked(event);
    if (file) await sendImage(file);
  };

  const onDocument = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = picked(event);
    if (file) await sendDocument(file);
  };

  useImperativeHandle(handle, () => ({
    attach: (file: File) => {
      if (disabled || upload) return;
      // without a case to file it in, only pictures travel in the chat
      void (isChatImage(file) || !documentsTo ? sendImage(file) : sendDocument(file));
    },
  }));

  const onTextChange = (value: string) => {
    setText(value);
    const now = Date.now();
    if (onTyping && value.trim() !== '' && now - lastTyping.current > TYPING_SIGNAL_EVERY_MS) {
      lastTyping.current = now;
      onTyping();
    }
  };

  return (
    <form className={styles.composer} onSubmit={onSubmit}>
      <AttachButton
        accept={CHAT_IMAGE_ACCEPT}
        label={es.chat.attachImage}
        disabled={disabled || upload !== null}
        onChange={onFile}
        testId="chat-image-input"
        icon={<ClipIcon size={22} />}
      />
      {documentsTo ? (
        <AttachButton
          accept={DOCUMENT_ACCEPT}
          label={es.documents.attach}
          disabled={disabled || upload !== null}
          onChange={onDocument}
          testId="chat-document-input"
          icon={<DocumentAddIcon size={22} />}
        />
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
        <SendIcon className={styles.sendIcon} />
        <span className={styles.sendText}>{es.chat.send}</span>
      </Button>
      <p id={hintId} className={styles.hint}>
        {es.chat.composerHint}
      </p>
      {upload ? (
        <div className={styles.uploading}>
          <UploadProgress upload={upload} />
        </div>
      ) : null}
    </form>
  );
}

/** A clip-style button that opens the file picker (its input is hidden; the button is what people use). */
function AttachButton({
  accept,
  label,
  disabled,
  onChange,
  testId,
  icon,
}: {
  accept: string;
  label: string;
  disabled: boolean;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  testId: string;
  icon: ReactNode;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={input}
        type="file"
        accept={accept}
        className="visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
        onChange={onChange}
        data-testid={testId}
      />
      <button
        type="button"
        className={styles.attach}
        aria-label={label}
        title={label}
        disabled={disabled}
        onClick={() => input.current?.click()}
      >
        {icon}
      </button>
    </>
  );
}
