import { DOCUMENT_ACCEPT } from '@l4l/shared/constants/documents';
import { LIMITS } from '@l4l/shared/constants/limits';
import { es } from '@l4l/shared/texts/es/app';
import { type ChangeEvent, type ReactNode, type Ref, useId, useRef } from 'react';
import { Button } from '../../../components/button/button.tsx';
import { ClipIcon, DocumentAddIcon, SendIcon } from '../../../components/icons/icons.tsx';
import { UploadProgress } from '../../../components/upload-progress/upload-progress.tsx';
import { CHAT_IMAGE_ACCEPT } from '../api/upload-chat-image.ts';
import type { OutgoingMessage } from '../hooks/chat-socket.ts';
import { type ComposerHandle, type DocumentUpload, useComposerFiles } from '../hooks/use-composer-files.ts';
import { useMessageDraft } from '../hooks/use-message-draft.ts';
import styles from './composer.module.css';

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
  const { text, sending, textArea, onKeyDown, onSubmit, onTextChange } = useMessageDraft({
    onSend,
    disabled,
    onTyping,
  });
  const inputId = useId();
  const hintId = useId();
  const { upload, documentsTo, onFile, onDocument } = useComposerFiles({
    onSend,
    disabled,
    documentCaseId,
    uploadDocument,
    handle,
  });

  return (
    <form className={styles.composer} onSubmit={onSubmit}>
      <AttachButtons
        disabled={disabled || upload !== null}
        documents={Boolean(documentsTo)}
        onImage={onFile}
        onDocument={onDocument}
      />
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

/** The clip, which sends a picture, and, with a case to file it in, the button that sends a document. */
function AttachButtons({
  disabled,
  documents,
  onImage,
  onDocument,
}: {
  disabled: boolean;
  documents: boolean;
  onImage: (event: ChangeEvent<HTMLInputElement>) => void;
  onDocument: (event: ChangeEvent<HTMLInputElement>) => void;
}) {
  return (
    <>
      <AttachButton
        accept={CHAT_IMAGE_ACCEPT}
        label={es.chat.attachImage}
        disabled={disabled}
        onChange={onImage}
        testId="chat-image-input"
        icon={<ClipIcon size={22} />}
      />
      {documents ? (
        <AttachButton
          accept={DOCUMENT_ACCEPT}
          label={es.documents.attach}
          disabled={disabled}
          onChange={onDocument}
          testId="chat-document-input"
          icon={<DocumentAddIcon size={22} />}
        />
      ) : null}
    </>
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
