import { ApiError, errorFromAnswer, NETWORK_ERROR } from './api-client.ts';

/** The upload was cancelled by the person (the cancel button): not an error to show. */
export class UploadCancelled extends Error {
  override name = 'UploadCancelled';
}

/**
 * A POST whose progress the page shows (XMLHttpRequest: fetch has no upload progress in every browser):
 * multipart (`FormData`), or a JSON body (`{json}`, a photo sent as a data URL). `onProgress` gets 0–100;
 * `signal` cancels it (UploadCancelled). Answers the parsed JSON body; a refusal becomes the ApiError of
 * its envelope, with the server's Spanish text.
 */
export function uploadWithProgress(
  url: string,
  body: FormData | { json: unknown },
  options: { onProgress?: (percent: number) => void; signal?: AbortSignal; fallbackMessage: string },
): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', url);
    request.withCredentials = true;
    request.setRequestHeader('Accept', 'application/json');
    if (!(body instanceof FormData)) request.setRequestHeader('Content-Type', 'application/json');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable)
        options.onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    request.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        body = undefined;
      }
      if (request.status >= 200 && request.status < 300) {
        options.onProgress?.(100);
        resolve(body);
      } else reject(errorFromAnswer(request.status, body, options.fallbackMessage));
    };
    request.onerror = () =>
      reject(new ApiError({ status: 0, code: NETWORK_ERROR, message: options.fallbackMessage }));
    request.onabort = () => reject(new UploadCancelled());
    if (options.signal) {
      if (options.signal.aborted) {
        reject(new UploadCancelled());
        return;
      }
      options.signal.addEventListener('abort', () => request.abort(), { once: true });
    }
    request.send(body instanceof FormData ? body : JSON.stringify(body.json));
  });
}
