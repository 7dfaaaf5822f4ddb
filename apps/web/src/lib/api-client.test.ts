import { ERROR_MESSAGES } from '@l4l/shared/texts/errors';
import { es } from '@l4l/shared/texts/es';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, hang, json, mockApi, ok } from '../test/mock-api.ts';
import { ApiError, apiClient } from './api-client.ts';

describe('apiClient', () => {
  afterEach(() => vi.useRealTimers());

  it('returns the data of the envelope and sends JSON with the session cookie', async () => {
    mockApi({ 'POST /api/things': () => ok({ id: 7 }) });
    await expect(
      apiClient.post('/api/things', { a: 1 }, { query: { q: 'x y', none: undefined } }),
    ).resolves.toEqual({
      id: 7,
    });
    const [url, init] = vi.mocked(fetch).mock.calls[0] ?? [];
    expect(url).toBe('/api/things?q=x+y');
    expect(init).toMatchObject({ method: 'POST', credentials: 'same-origin', body: '{"a":1}' });
  });

  it('turns an error envelope into an ApiError with its Spanish message, fields and legacy status', async () => {
    mockApi({
      'POST /api/auth/login': () =>
        fail(403, 'USER_BANNED', 'Usuario baneado', {
          status: 69,
          reason: 'Spam',
          contact: 'soporte@l4l.es',
        }),
      'PUT /api/form': () => fail(400, 'VALIDATION_ERROR', 'Datos no válidos', { fields: { mail: 'Mal' } }),
    });
    const banned = await apiClient.post('/api/auth/login', {}).catch((error: unknown) => error);
    expect(banned).toBeInstanceOf(ApiError);
    expect(banned).toMatchObject({
      status: 403,
      code: 'USER_BANNED',
      message: 'Usuario baneado',
      bodyStatus: 69,
      details: { reason: 'Spam', contact: 'soporte@l4l.es' },
    });
    await expect(apiClient.put('/api/form', {})).rejects.toMatchObject({
      status: 400,
      fields: { mail: 'Mal' },
    });
  });

  it('falls back to the catalogue message when the body has none', async () => {
    mockApi({
      'GET /api/a': () => json(429, { error: { code: 'RATE_LIMITED' } }),
      'GET /api/b': () => new Response('<html>Bad gateway</html>', { status: 502 }),
    });
    await expect(apiClient.get('/api/a')).rejects.toMatchObject({ message: ERROR_MESSAGES.RATE_LIMITED });
    await expect(apiClient.get('/api/b')).rejects.toMatchObject({
      status: 502,
      message: ERROR_MESSAGES.INTERNAL_ERROR,
    });
  });

  it('reports a network failure as status 0 with the connection message', async () => {
    mockApi({ 'GET /api/a': () => Promise.reject(new TypeError('Failed to fetch')) });
    await expect(apiClient.get('/api/a')).rejects.toMatchObject({
      status: 0,
      code: 'NETWORK_ERROR',
      message: es.login.connectionError,
    });
  });

  it('gives up after the time-out with a TIMEOUT error', async () => {
    vi.useFakeTimers();
    mockApi({ 'GET /api/slow': hang });
    const request = apiClient.get('/api/slow', { timeoutMs: 1000 }).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(1000);
    const error = await request;
    expect(error).toMatchObject({ status: 0, code: 'TIMEOUT', isTimeout: true });
  });

  it('lets a cancellation by the caller through as an AbortError', async () => {
    mockApi({ 'GET /api/slow': hang });
    const controller = new AbortController();
    const request = apiClient.get('/api/slow', { signal: controller.signal });
    controller.abort();
    await expect(request).rejects.toMatchObject({ name: 'AbortError' });
  });
});
