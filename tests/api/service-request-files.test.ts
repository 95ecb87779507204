/**
 * The photos and PDFs of a service request over HTTP, as an attacker would try them: the upload's
 * own body limit (above the 1 MB of every other route, and not a byte more than 5 MB), types read
 * from the bytes (SVG and HTML refused), names with a NUL or a path, another account's file, and
 * the way a file leaves (attachment, nosniff, sandbox) to the owner and to the hospital API.
 */
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REQUEST_FILE_MAX_BYTES, type ServiceRequest, type ServiceRequestFile } from '../../src/lib/api/contracts/service-requests.ts';
import { addDays } from '../../src/lib/appointments/slots.ts';
import { toTehranIsoDate } from '../../src/lib/format/date.ts';
import type { DeskServiceRequest } from '../../src/server/service-requests/hospital.ts';
import { nationalCode, newIp, newPhone, post, registerPatient } from '../support/portal-api.ts';
import { type RunningServer, startServer } from '../support/server.ts';

const DESK_KEY = 'desk-files-key-0123456789abcdefghijklmnopqrstuvwxyz';
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

let server: RunningServer;
let people = 0;
beforeAll(async () => {
  server = await startServer({ env: { TRUST_PROXY: '1', HOSPITAL_API_KEYS: `desk:${sha256(DESK_KEY)}:service-requests` } });
});
afterAll(() => server?.dispose());

async function patient() {
  return registerPatient(server, { phone: newPhone(), ip: newIp(), firstName: 'نگار', lastName: 'صالحی', internationalCode: nationalCode(9_800 + ++people) });
}

function upload(token: string | undefined, bytes: Uint8Array, name: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(new URL(`/api/service-requests/files?name=${encodeURIComponent(name)}`, server.url), {
    method: 'POST',
    headers: { 'content-type': 'image/jpeg', 'x-forwarded-for': newIp(), ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    body: new Uint8Array(bytes),
  });
}
const get = (path: string, key: string) => fetch(new URL(path, server.url), { headers: { authorization: `Bearer ${key}` } });
const dataOf = async <T>(response: Response) => ((await response.json()) as { data: T }).data;

/** A photo with the phone's location in its EXIF, padded past 1 MB with an APP segment of noise. */
async function bigJpegWithLocation(): Promise<Buffer> {
  const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#88aa33' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'PhoneMaker' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '35/1 41/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '51/1 25/1 0/1' } })
    .toBuffer();
  // APP15 segments of 64 KB each after the SOI marker: valid JPEG, ignored by decoders.
  const segments: Buffer[] = [];
  for (let i = 0; i < 20; i++) segments.push(Buffer.concat([Buffer.from([0xff, 0xef, 0xff, 0xff]), Buffer.alloc(0xffff - 2, i)]));
  return Buffer.concat([photo.subarray(0, 2), ...segments, photo.subarray(2)]);
}
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

async function fileRequest(token: string, extra: Record<string, unknown> = {}) {
  return post(
    server,
    'service-requests',
    {
      service_id: 'home-injection',
      phone: '02188001234',
      address: 'تهران، خیابان آزادی، کوچهٔ لاله، پلاک ۷',
      preferred_date: addDays(toTehranIsoDate(new Date()), 2),
      preferred_window: 'morning',
      ...extra,
    },
    { token, ip: newIp() },
  );
}

describe('service request files', () => {
  it('takes a photo above 1 MB on this route, strips its location, and serves it to the owner and the hospital only, as an attachment', async () => {
    const owner = await patient();
    const stranger = await patient();
    const photo = await bigJpegWithLocation();
    expect(photo.length).toBeGreaterThan(1024 * 1024);
    const uploaded = await upload(owner.token, photo, 'C:\\fakepath\\نسخه.JPG');
    expect(uploaded.status).toBe(201);
    const file = await dataOf<ServiceRequestFile>(uploaded);
    expect(file).toMatchObject({ name: 'نسخه.jpg', type: 'image/jpeg' });
    expect(file.size).toBeLessThan(photo.length);
    const pdf = await dataOf<ServiceRequestFile>(await upload(owner.token, PDF, 'referral.pdf', { 'content-type': 'text/html' }));
    expect(pdf.type).toBe('application/pdf');

    // Another account cannot put the owner's files on its request.
    expect((await fileRequest(stranger.token, { file_ids: [file.id] })).status).toBe(422);
    const created = await fileRequest(owner.token, { file_ids: [file.id, pdf.id], prescription_code: '۱۲۳۴۵' });
    expect(created.status).toBe(201);
    const request = await dataOf<ServiceRequest>(created);
    expect(request.prescription_code).toBe('12345');
    expect(request.files.map((f) => f.id)).toEqual([file.id, pdf.id]);

    const mine = await get(`/api/service-requests/${request.key}/files/${file.id}`, owner.token);
    expect(mine.status).toBe(200);
    expect(mine.headers.get('content-type')).toBe('image/jpeg');
    expect(mine.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(mine.headers.get('x-content-type-options')).toBe('nosniff');
    expect(mine.headers.get('cache-control')).toContain('no-store');
    const served = Buffer.from(await mine.arrayBuffer());
    expect((await sharp(served).metadata()).exif).toBeUndefined();
    expect(served.includes('PhoneMaker')).toBe(false);
    expect((await get(`/api/service-requests/${request.key}/files/${file.id}`, stranger.token)).status).toBe(404);
    expect((await get(`/api/service-requests/${request.key}/files/..%2F..%2Fetc%2Fpasswd`, owner.token)).status).toBe(404);

    // The hospital: the request lists the files and the code; each file downloads.
    const desk = await get(`/api/hospital/v1/service-requests/${request.key}`, DESK_KEY);
    expect(desk.status).toBe(200);
    const deskRequest = await dataOf<DeskServiceRequest>(desk);
    expect(deskRequest.prescription_code).toBe('12345');
    expect(deskRequest.files.map((f) => f.name)).toEqual(['نسخه.jpg', 'referral.pdf']);
    const deskPdf = await get(`/api/hospital/v1/service-requests/${request.key}/files/${pdf.id}`, DESK_KEY);
    expect(deskPdf.status).toBe(200);
    expect(deskPdf.headers.get('content-type')).toBe('application/pdf');
    expect(deskPdf.headers.get('content-security-policy')).toContain('sandbox');
    expect(Buffer.from(await deskPdf.arrayBuffer()).equals(PDF)).toBe(true);
    expect((await get(`/api/hospital/v1/service-requests/${request.key}/files/${'A'.repeat(22)}`, DESK_KEY)).status).toBe(404);
    expect((await get(`/api/hospital/v1/service-requests/${request.key}/files/${pdf.id}`, 'not-a-key')).status).toBe(401);

    const openapi = (await (await fetch(new URL('/api/hospital/v1/openapi.json', server.url))).json()) as {
      paths: Record<string, { get?: { responses: Record<string, { content: object }> } }>;
    };
    expect(Object.keys(openapi.paths['/service-requests/{key}/files/{id}']!.get!.responses['200']!.content)).toContain('application/pdf');
    expect(openapi.paths['/service-requests/{key}']?.get).toBeDefined();
  });

  it('refuses what is not a photo or PDF, a body above 5 MB, a name with a NUL, and an upload without a token', async () => {
    const { token } = await patient();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');
    expect((await upload(token, svg, 'x.jpg', { 'content-type': 'image/svg+xml' })).status).toBe(415);
    expect((await upload(token, Buffer.from('<!doctype html><script>alert(1)</script>'), 'x.pdf', { 'content-type': 'application/pdf' })).status).toBe(415);
    expect((await upload(token, Buffer.from('%PDF-1.7\n<html><script>alert(1)</script>'), 'x.pdf')).status).toBe(415);
    expect((await upload(token, PDF, 'a\u0000b.pdf')).status).toBe(422);
    const tooBig = Buffer.concat([PDF.subarray(0, 9), Buffer.alloc(REQUEST_FILE_MAX_BYTES)]);
    const refused = await upload(token, tooBig, 'big.pdf');
    expect(refused.status).toBe(413);
    expect(((await refused.json()) as { message: string }).message).toMatch(/حجم/);
    expect((await upload(undefined, PDF, 'x.pdf')).status).toBe(401);
    // Other routes keep their own small limits.
    expect((await post(server, 'service-requests', { notes: 'ب'.repeat(20_000) }, { token, ip: newIp() })).status).toBe(413);
  });

  it('keeps the JSON request without files working, and offers its address for the next request', async () => {
    const { token } = await patient();
    const created = await fileRequest(token);
    expect(created.status).toBe(201);
    const request = await dataOf<ServiceRequest>(created);
    expect(request.files).toEqual([]);
    expect(request.invoices).toEqual([]);
    expect((await fileRequest(token, { prescription_code: '12' })).status).toBe(422);
    const contacts = await dataOf<Array<{ phone: string; address: string }>>(await get('/api/service-requests/contacts', token));
    expect(contacts).toEqual([{ phone: '02188001234', address: 'تهران، خیابان آزادی، کوچهٔ لاله، پلاک ۷' }]);
  });
});
