import { request } from 'node:http';
import { newIp } from './portal-api.ts';
import type { RunningServer } from './server.ts';

/**
 * Sends `path` exactly as written (dot segments, raw bytes, `%00`) through node:http, which fetch
 * would normalise, from an address of its own (X-Forwarded-For; the server trusts it with
 * TRUST_PROXY). A POST carries `body` as JSON.
 */
export function rawRequest(
  server: Pick<RunningServer, 'url'>,
  method: 'GET' | 'POST',
  path: string,
  { token, body = '{}' }: { token?: string | undefined; body?: string } = {},
): Promise<{ status: number; text: string }> {
  const url = new URL(server.url);
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: url.hostname,
        port: url.port,
        path,
        method,
        headers: { 'x-forwarded-for': newIp(), ...(token ? { authorization: `Bearer ${token}` } : {}), ...(method === 'POST' ? { 'content-type': 'application/json' } : {}) },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
      },
    );
    outgoing.on('error', reject);
    outgoing.end(method === 'POST' ? body : undefined);
  });
}
