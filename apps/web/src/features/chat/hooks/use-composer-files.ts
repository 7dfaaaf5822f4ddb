import { MESSAGE_TYPE } from '@l4l/shared/constants/messages';
import { es } from '@l4l/shared/texts/es/app';
import { type ChangeEvent, type Ref, useImperativeHandle } from 'react';
import { useUpload } from '../../../components/upload-progress/use-upload.ts';
import { toast } from '../../../lib/toast.ts';
import type { UploadOptions } from '../../../lib/upload-with-progress.ts';
import { isChatImage, uploadChatImage } from '../api/upload-chat-image.ts';
import type { OutgoingMessage } from './chat-socket.ts';

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
 * The composer's files, one upload at a time: a JPG or PNG is uploaded first and then sent as an image
 * message; with a case and a way to send documents, any other file goes as a document of the case. A file
 * dropped on the conversation comes in through `handle`.
 */
export function useComposerFiles({
  onSend,
  disabled,
  documentCaseId,
  uploadDocument,
  handle,
}: {
  onSend: (message: OutgoingMessage) => Promise<void>;
  disabled: boolean;
  documentCaseId?: string | null;
  uploadDocument?: DocumentUpload;
  handle?: Ref<ComposerHandle>;
}) {
  const { upload, run } = useUpload({ failed: es.chat.uploadFailed, cancelled: es.documents.cancelled });

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

  return { upload, documentsTo, onFile, onDocument };
}
