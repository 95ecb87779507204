import { describe, expect, it } from 'vitest';
import { decodableTarget, isDecodablePath } from './malformed-url.ts';

describe('paths with broken percent-encoding', () => {
  it('tells the paths Astro cannot decode', () => {
    for (const path of ['/sr/invoice/%ZZ', '/test-response/shared/%E0%A4%A', '/api/%C0%AE', `/x/%${'25'.repeat(12)}41`]) expect(isDecodablePath(path), path).toBe(false);
    for (const path of ['/', '/sr/invoice/abc', '/%D8%B3%D9%84%D8%A7%D9%85', '/x/%2541', '/x/%25ZZ']) expect(isDecodablePath(path), path).toBe(true);
  });

  it('hands Astro a broken path with its % escaped, which decodes to the raw path; the query stays as it was', () => {
    expect(decodableTarget('/sr/invoice/abc?x=%ZZ')).toBe('/sr/invoice/abc?x=%ZZ');
    const target = decodableTarget('/sr/invoice/%ZZ%41?x=%ZZ')!;
    expect(target).toBe('/sr/invoice/%25ZZ%2541?x=%ZZ');
    expect(isDecodablePath(target.split('?')[0]!)).toBe(true);
    expect(decodeURI(target.split('?')[0]!)).toBe('/sr/invoice/%ZZ%41');
    expect(decodableTarget(`/x/%${'25'.repeat(12)}41`)).toBeUndefined();
  });
});
