import { useState } from 'react';
import { toast } from '../../lib/toast.ts';
import { UploadCancelled, type UploadOptions } from '../../lib/upload-with-progress.ts';

/** The upload on its way, for UploadProgress: what is sent, how far, and how to stop it. */
export type UploadState = { name: string; percent: number; cancel: () => void };

/**
 * One upload at a time with its progress bar and cancel button (documents, chat pictures, avatars):
 * `run(name, work)` gives `work` the options to hand to uploadWithProgress, tracks its percentage in
 * `upload` and clears it at the end. A cancel is told with `texts.cancelled`; a failure with its own
 * Spanish message (the server's), or `texts.failed`. Answers the work's result, or undefined when the
 * upload was cancelled or failed.
 */
export function useUpload(texts: { failed: string; cancelled: string }) {
  const [upload, setUpload] = useState<UploadState | null>(null);

  async function run<T>(
    name: string,
    work: (options: Required<UploadOptions>) => Promise<T>,
  ): Promise<T | undefined> {
    const controller = new AbortController();
    setUpload({ name, percent: 0, cancel: () => controller.abort() });
    try {
      return await work({
        signal: controller.signal,
        onProgress: (percent) => setUpload((current) => (current ? { ...current, percent } : current)),
      });
    } catch (error) {
      if (error instanceof UploadCancelled) toast.info(texts.cancelled);
      else toast.error(error instanceof Error && error.message ? error.message : texts.failed);
      return undefined;
    } finally {
      setUpload(null);
    }
  }

  return { upload, run };
}
