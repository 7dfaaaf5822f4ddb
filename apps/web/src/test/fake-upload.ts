import { vi } from 'vitest';

/** One upload the stand-in received: where it went, its headers and what it carried. */
export type SentUpload = { url: string; headers: Record<string, string>; body: unknown };

/**
 * Test support: uploads go by XMLHttpRequest (lib/upload-with-progress.ts, for their progress), which
 * jsdom cannot send. `stubUploads` puts a stand-in in its place that reports half the body sent, then
 * answers `answer(url)` as JSON after `delayMs` (long enough to see the bar); `sent` lists the requests.
 * Call `vi.unstubAllGlobals()` afterwards.
 */
export function stubUploads(answer: (url: string) => unknown, delayMs = 600): SentUpload[] {
  const sent: SentUpload[] = [];
  class FakeRequest {
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    status = 0;
    responseText = '';
    withCredentials = false;
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private url = '';
    private headers: Record<string, string> = {};
    private timer: ReturnType<typeof setTimeout> | undefined;
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name.toLowerCase()] = value;
    }
    abort() {
      clearTimeout(this.timer);
      this.onabort?.();
    }
    send(body: unknown) {
      sent.push({ url: this.url, headers: this.headers, body });
      this.upload.onprogress?.({ lengthComputable: true, loaded: 2, total: 4 } as ProgressEvent);
      this.timer = setTimeout(() => {
        this.status = 200;
        this.responseText = JSON.stringify(answer(this.url));
        this.onload?.();
      }, delayMs);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeRequest);
  return sent;
}
