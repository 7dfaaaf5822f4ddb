import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubUploads } from '../test/fake-upload.ts';
import { UploadCancelled, uploadWithProgress } from './upload-with-progress.ts';

afterEach(() => vi.unstubAllGlobals());

describe('uploadWithProgress', () => {
  it('sends a JSON body (an avatar as a data URL) as JSON, with its progress, and answers the body', async () => {
    const sent = stubUploads(() => ({ data: { photoUrl: '/uploads/avatars/nueva.png' } }), 10);
    const progress: number[] = [];
    const answer = await uploadWithProgress(
      '/api/user/profile/photo',
      { id: 'u-1', image: 'data:image/png;base64,iVBORw0KGgo=', role: 'user' },
      { onProgress: (percent) => progress.push(percent), fallbackMessage: 'No se pudo subir la imagen.' },
    );
    expect(answer).toEqual({ data: { photoUrl: '/uploads/avatars/nueva.png' } });
    expect(sent[0]?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(String(sent[0]?.body))).toEqual({
      id: 'u-1',
      image: 'data:image/png;base64,iVBORw0KGgo=',
      role: 'user',
    });
    expect(progress).toEqual([50, 100]);
  });

  it('sends a form as multipart (the browser sets its boundary) and stops when cancelled', async () => {
    const sent = stubUploads(() => ({ data: null }), 1_000);
    const form = new FormData();
    form.append('file', new Blob(['%PDF']), 'acta.pdf');
    const controller = new AbortController();
    const upload = uploadWithProgress('/api/cases/c-1/documents', form, {
      signal: controller.signal,
      fallbackMessage: 'No se pudo subir.',
    });
    controller.abort();
    await expect(upload).rejects.toBeInstanceOf(UploadCancelled);
    expect(sent[0]?.body).toBe(form);
    expect(sent[0]?.headers['content-type']).toBeUndefined();
  });
});
