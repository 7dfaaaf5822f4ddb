import { DOCUMENT_ACCEPT, documentUrl } from '@l4l/shared/constants/documents';
import { LIMITS } from '@l4l/shared/constants/limits';
import type { CaseDocument } from '@l4l/shared/schemas/documents';
import { es } from '@l4l/shared/texts/es/app';
import { format, isValid, parseISO } from 'date-fns';
import { type ChangeEvent, type DragEvent, useId, useRef, useState } from 'react';
import { Button } from '../../../components/button/button.tsx';
import { Spinner } from '../../../components/spinner/spinner.tsx';
import { UploadProgress } from '../../../components/upload-progress/upload-progress.tsx';
import { useUpload } from '../../../components/upload-progress/use-upload.ts';
import { toast } from '../../../lib/toast.ts';
import { useCaseDocuments, useDeleteDocument, useSendCaseDocument } from '../api/case-documents.ts';
import styles from './case-documents.module.css';

/** A file's size as people read it: '820 KB', '1,4 MB'. */
function sizeLabel(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toLocaleString('es-ES', { maximumFractionDigits: 1 })} MB`;
}

function whenLabel(iso: string): string {
  const date = parseISO(iso);
  return isValid(date) ? format(date, 'dd/MM/yyyy HH:mm') : '';
}

/**
 * 'Documentos del caso' (docs/api/http.md, Case documents): the case's files with who sent each and when,
 * a download for each, an upload (button, or a file dropped on the panel on desktop) with its progress and
 * a cancel, and a delete for one's own documents during their first 24 hours.
 */
export function CaseDocuments({ caseId, viewerId }: { caseId: string; viewerId: string }) {
  const documents = useCaseDocuments(caseId);
  const sendDocument = useSendCaseDocument();
  const remove = useDeleteDocument(caseId);
  const input = useRef<HTMLInputElement>(null);
  const titleId = useId();
  const hintId = useId();
  const [dragging, setDragging] = useState(false);
  const { upload, run } = useUpload({ failed: es.chat.uploadFailed, cancelled: es.documents.cancelled });

  const send = async (file: File) => {
    if (upload) return;
    await run(file.name, (options) => sendDocument(caseId, file, options));
  };

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) void send(file);
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file) void send(file);
  };

  const onDelete = (doc: CaseDocument) => {
    if (!window.confirm(es.documents.removeConfirm(doc.name))) return;
    remove.mutate(doc.id, {
      onError: (error) => toast.error(error instanceof Error ? error.message : es.chat.uploadFailed),
    });
  };

  const deletable = (doc: CaseDocument) =>
    doc.uploadedBy === viewerId && Date.now() - Date.parse(doc.createdAt) < LIMITS.documentDeleteWindowMs;

  return (
    <section
      className={`${styles.panel} ${dragging ? styles.dragging : ''}`}
      aria-labelledby={titleId}
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      data-testid="case-documents"
    >
      <h2 id={titleId} className={styles.title}>
        {es.documents.title}
      </h2>
      <div className={styles.drop}>
        <p className={styles.dropText}>
          <span className={styles.desktopOnly}>{es.documents.dropHere} </span>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => input.current?.click()}
            disabled={upload !== null}
            aria-describedby={hintId}
          >
            {es.documents.upload}
          </Button>
        </p>
        <p id={hintId} className={styles.hint}>
          {es.documents.formats}
        </p>
        <input
          ref={input}
          type="file"
          accept={DOCUMENT_ACCEPT}
          className="visually-hidden"
          tabIndex={-1}
          aria-hidden="true"
          onChange={onFile}
          data-testid="case-document-input"
        />
      </div>
      {upload ? <UploadProgress upload={upload} /> : null}
      {documents.isPending ? (
        <Spinner label={es.cases.loading} />
      ) : documents.isError ? (
        <p role="alert">{es.chat.loadMessagesError}</p>
      ) : documents.data.length === 0 ? (
        <p className={styles.empty}>{es.documents.empty}</p>
      ) : (
        <ul className={styles.list}>
          {documents.data.map((doc) => (
            <li key={doc.id} className={styles.item}>
              <div className={styles.itemText}>
                <p className={styles.name}>{doc.name}</p>
                <p className={styles.meta}>
                  {sizeLabel(doc.size)} ·{' '}
                  {es.documents.uploadedBy(doc.uploaderName, whenLabel(doc.createdAt))}
                </p>
              </div>
              <div className={styles.actions}>
                <a className={styles.download} href={documentUrl(doc.id)} download={doc.name}>
                  {es.documents.download}
                  <span className="visually-hidden"> {doc.name}</span>
                </a>
                {deletable(doc) ? (
                  <Button variant="ghost" size="sm" onClick={() => onDelete(doc)} disabled={remove.isPending}>
                    {es.documents.remove}
                    <span className="visually-hidden"> {doc.name}</span>
                  </Button>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
