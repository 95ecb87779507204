import { describe, expect, it } from 'vitest';
import { isCrossSiteFormPost } from './origin-check.ts';

const site = 'https://portal.example.ir';
const request = (method: string, url: string, headers: Record<string, string>) => ({ method, url, headers: { host: 'portal.example.ir', ...headers } });

describe('isCrossSiteFormPost', () => {
  it.each([
    // [method, path, headers, refused]
    ['POST', '/some-page', { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' }, true],
    ['POST', '/some-page', { 'content-type': 'multipart/form-data; boundary=x', origin: 'https://evil.example' }, true],
    ['POST', '/some-page', { 'content-type': 'text/plain', origin: 'https://evil.example' }, true],
    ['POST', '/some-page', { origin: 'https://evil.example' }, true],
    ['POST', '/some-page', { 'content-type': 'application/x-www-form-urlencoded' }, true],
    ['POST', '/some-page', { 'content-type': 'application/x-www-form-urlencoded', origin: 'null' }, true],
    ['PUT', '/some-page', { 'content-type': 'text/plain', origin: 'https://evil.example' }, true],
    // Our own forms: the configured origin, or the host the request was sent to (behind TLS offload).
    ['POST', '/some-page', { 'content-type': 'application/x-www-form-urlencoded', origin: site }, false],
    ['POST', '/some-page', { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://portal.example.ir' }, false],
    // Not form-like: a browser would have asked first (CORS preflight), and we grant no CORS.
    ['POST', '/some-page', { 'content-type': 'application/json', origin: 'https://evil.example' }, false],
    // Safe methods and the API are never refused here.
    ['GET', '/some-page', { origin: 'https://evil.example' }, false],
    ['HEAD', '/', {}, false],
    ['POST', '/api/user/info', { authorization: 'Bearer x' }, false],
    ['POST', '/api/auth/logout', { 'content-type': 'text/plain', origin: 'https://evil.example' }, false],
    ['POST', '/api/hospital/v1/anything?x=1', {}, false],
    // A bank's form callback: accepted here, verified with the gateway by /return-bank.
    ['POST', '/return-bank?payment=x', { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://bank.example' }, false],
    ['POST', '/return-bank/other', { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://bank.example' }, true],
    // The public invoice page's pay form: no-referrer makes the browser send `Origin: null`; a named other site is still refused.
    ['POST', '/sr/invoice/AAAAAAAAAAAAAAAAAAAAAA', { 'content-type': 'application/x-www-form-urlencoded', origin: 'null' }, false],
    ['POST', '/sr/invoice/AAAAAAAAAAAAAAAAAAAAAA', { 'content-type': 'application/x-www-form-urlencoded' }, false],
    ['POST', '/sr/invoice/AAAAAAAAAAAAAAAAAAAAAA', { 'content-type': 'application/x-www-form-urlencoded', origin: site }, false],
    ['POST', '/sr/invoice/AAAAAAAAAAAAAAAAAAAAAA', { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' }, true],
    ['POST', '/sr/invoice/show/IN-ABC123', { 'content-type': 'application/x-www-form-urlencoded', origin: 'null' }, true],
    ['POST', '/sr/invoice/AAAAAAAAAAAAAAAAAAAAAA/x', { 'content-type': 'application/x-www-form-urlencoded', origin: 'null' }, true],
    ['POST', '/sandbox-bank/SBx', { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' }, true],
  ] as const)('%s %s %j → refused: %s', (method, url, headers, refused) => {
    expect(isCrossSiteFormPost(request(method, url, headers), site)).toBe(refused);
  });
});
