import { fakeResponse } from '../test/render';
import { ApiError, apiFetch, apiFetchList, errorMessageFrom, messageOf } from './api-fetch';

describe('errorMessageFrom', () => {
  it('prefers body.message, then body.error, then the raw text, then the status text', () => {
    expect(errorMessageFrom('{"message":"Bad thing","error":"x"}', 'Bad Request')).toBe('Bad thing');
    expect(errorMessageFrom('{"error":"Only error"}', 'Bad Request')).toBe('Only error');
    expect(errorMessageFrom('plain failure', 'Bad Request')).toBe('plain failure');
    expect(errorMessageFrom('', 'Bad Request')).toBe('Bad Request');
    expect(errorMessageFrom('{"message":["a","b"]}', '')).toBe('a, b');
  });
});

describe('apiFetch', () => {
  it('sends cookies and a JSON body with a JSON content type', async () => {
    const fn = jest.fn(async () => fakeResponse(200, { ok: 1 }));
    global.fetch = fn;
    await expect(apiFetch('/api/x', { method: 'POST', body: { a: 1 } })).resolves.toEqual({ ok: 1 });
    const [, init] = fn.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.credentials).toBe('include');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
    expect(init.body).toBe('{"a":1}');
  });
  it('answers undefined for 204 and throws ApiError with the status for non-OK', async () => {
    global.fetch = async () => fakeResponse(204);
    await expect(apiFetch('/api/x')).resolves.toBeUndefined();
    global.fetch = async () => fakeResponse(409, { message: 'Taken' }, 'Conflict');
    const error = await apiFetch('/api/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, message: 'Taken', code: undefined });
    global.fetch = async () => fakeResponse(409, { statusCode: 409, message: 'That pickup time just filled up.', code: 'SLOT_FULL' }, 'Conflict');
    expect(await apiFetch('/api/x').catch((e: unknown) => e)).toMatchObject({ status: 409, message: 'That pickup time just filled up.', code: 'SLOT_FULL' });
  });
  it('treats a non-array list answer as an empty list', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    global.fetch = async () => fakeResponse(200, { not: 'a list' });
    await expect(apiFetchList('/api/list')).resolves.toEqual([]);
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});

describe('messageOf (a server message when present, else the fallback)', () => {
  it("shows the server's message and our own thrown ones", () => {
    expect(messageOf(new ApiError('Too many messages, try later', 429), 'Failed to send message. Please try again.')).toBe('Too many messages, try later');
    expect(messageOf(new Error('Card tokenization failed'), 'Unable to process payment')).toBe('Card tokenization failed');
  });
  it("never the browser's text for a call that did not reach the server", () => {
    for (const browserText of ['Failed to fetch', 'Load failed', 'NetworkError when attempting to fetch resource.']) {
      expect(messageOf(new TypeError(browserText), 'Failed to send message. Please try again.')).toBe('Failed to send message. Please try again.');
    }
    expect(messageOf(undefined, 'Fallback')).toBe('Fallback');
  });
});
