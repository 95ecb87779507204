import { afterEach, describe, expect, it, vi } from 'vitest';
import { FetchError } from '#lib/api/fetch-error.ts';
import { createFetcher } from './fetcher.ts';

const defaults = { baseURL: '/api', method: 'POST', headers: { Accept: 'application/json', 'Content-Type': 'application/json' } };

function answer(status: number, body: string) {
  const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => new Response(body, { status }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe('the API client on fetch', () => {
  it('sends a JSON body and the query, and parses the JSON answer', async () => {
    const fetchMock = answer(200, '{"success":true,"data":1}');
    const onRequest = vi.fn(({ options }) => options.headers.set('Authorization', 'Bearer t'));
    const api = createFetcher(defaults).create({ onRequest });
    await expect(api('/wallet/transactions', { body: { amount: 5 }, query: { page: 2, type: ['charge', 'refund'], to: undefined } })).resolves.toEqual({ success: true, data: 1 });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/wallet/transactions?page=2&type=charge&type=refund');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"amount":5}');
    expect(new Headers(init.headers).get('authorization')).toBe('Bearer t');
  });

  it('rejects an error status with a FetchError carrying the response and its body, after the hook saw it', async () => {
    answer(422, '{"success":false,"message":"نامعتبر","errors":{"amount":["کم است"]}}');
    const onResponseError = vi.fn();
    const api = createFetcher(defaults, { onResponseError });
    const error = await api('/wallet/charge', { body: {} }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(FetchError);
    expect((error as FetchError).response?.status).toBe(422);
    expect((error as FetchError).data).toEqual({ success: false, message: 'نامعتبر', errors: { amount: ['کم است'] } });
    expect(onResponseError.mock.calls[0]![0].response._data).toEqual((error as FetchError).data);
  });

  it('rejects a request that got no answer with a FetchError without a response', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const onRequestError = vi.fn();
    const error = await createFetcher(defaults, { onRequestError })('/wallet', { method: 'GET' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(FetchError);
    expect((error as FetchError).response).toBeUndefined();
    expect(onRequestError).toHaveBeenCalledWith({ error: expect.objectContaining({ message: 'Failed to fetch' }) });
  });
});
