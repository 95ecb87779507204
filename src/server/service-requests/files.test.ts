import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { expect, it, vi } from 'vitest';
import { REQUEST_FILE_MAX_BYTES, type ServiceRequestBody } from '#lib/api/contracts/service-requests.ts';
import { tehran } from '../../../tests/support/appointments.ts';
import { describeEachDatabase } from '../../../tests/support/databases.ts';
import { rejection } from '../../../tests/support/rejection.ts';
import { newPatient } from '../../../tests/support/wallet.ts';
import type { Account } from '../accounts/repository.ts';
import { readCatalogue } from '../catalogue/index.ts';
import { AppError } from '../errors.ts';
import { cleanFileName, FILES_PER_DAY, fileHeaders, LOOSE_FILES_MAX, prepareFile, sniffFileType, uploadRequestFile } from './files.ts';
import { deskRequestFile, deskServiceRequest } from './hospital.ts';
import { createServiceRequest, getServiceRequest, requestFileOf, savedContacts } from './service.ts';

vi.mock('../sms/notify.ts', () => ({ notify: async () => undefined }));
vi.stubEnv('SERVICE_REQUEST_DAILY_LIMIT', '');

const services = readCatalogue('src/content').services;
const NOW = tehran('2026-12-01', '09:30');
const later = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);
const requester = (account: Account) => ({ id: account.id, firstName: account.firstName, lastName: account.lastName });
const body = (changes: Partial<ServiceRequestBody> = {}): ServiceRequestBody => ({
  service_id: 'home-injection',
  phone: '02188001234',
  address: 'تهران، خیابان ولیعصر، کوچهٔ نسترن، پلاک ۱۲',
  preferred_date: '2026-12-03',
  preferred_window: 'morning',
  notes: '',
  prescription_code: '',
  file_ids: [],
  ...changes,
});

/** A small JPEG carrying GPS coordinates in its EXIF, as a phone writes them. */
async function jpegWithLocation(): Promise<Buffer> {
  return sharp({ create: { width: 40, height: 30, channels: 3, background: '#c0ffee' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'PhoneMaker', Model: 'Phone 7' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '35/1 41/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '51/1 25/1 0/1' } })
    .toBuffer();
}
/** A PNG's signature, a header claiming `width` × `height` grey pixels, a little compressed data and its end. */
function pngClaiming(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type), data])));
    return Buffer.concat([length, Buffer.from(type), data, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(width + 1))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

it('recognises the four types by their bytes and refuses SVG, HTML, an HTML page named .pdf and a PDF without its end', async () => {
  expect(sniffFileType(await jpegWithLocation())).toBe('image/jpeg');
  expect(
    sniffFileType(
      await sharp({ create: { width: 2, height: 2, channels: 3, background: '#000' } })
        .png()
        .toBuffer(),
    ),
  ).toBe('image/png');
  expect(
    sniffFileType(
      await sharp({ create: { width: 2, height: 2, channels: 3, background: '#000' } })
        .webp()
        .toBuffer(),
    ),
  ).toBe('image/webp');
  expect(sniffFileType(PDF)).toBe('application/pdf');
  for (const hostile of [
    '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    '<!doctype html><script>alert(1)</script>',
    '%PDF-1.4\n<html><script>alert(1)</script></html>',
    'GIF89a',
  ]) {
    expect(sniffFileType(Buffer.from(hostile)), hostile).toBeUndefined();
    expect((await rejection(prepareFile(Buffer.from(hostile), 'x.pdf'), AppError)).code).toBe('unsupported_media_type');
  }
});

it('keeps a plain name with the extension of the real type: no path, no NUL, no disguise', () => {
  expect(cleanFileName('نسخه دکتر.JPG', 'image/jpeg')).toBe('نسخه دکتر.jpg');
  expect(cleanFileName('../../etc/passwd', 'application/pdf')).toBe('passwd.pdf');
  expect(cleanFileName('C:\\Users\\me\\scan.pdf', 'application/pdf')).toBe('scan.pdf');
  expect(cleanFileName('a\u0000b.png', 'image/png')).toBe('ab.png');
  expect(cleanFileName('photo\u202Egpj.exe', 'image/jpeg')).toBe('photogpj.jpg');
  expect(cleanFileName('page.html', 'application/pdf')).toBe('page.pdf');
  expect(cleanFileName('', 'image/webp')).toBe('پیوست.webp');
  expect(cleanFileName('..', 'image/webp')).toBe('پیوست.webp');
  expect(cleanFileName(`${'ب'.repeat(300)}.pdf`, 'application/pdf')).toHaveLength(84);
});

it('re-encodes an image without its EXIF (no location), upright, and refuses a pixel bomb and a broken image', async () => {
  const original = await jpegWithLocation();
  expect((await sharp(original).metadata()).exif).toBeDefined();
  const prepared = await prepareFile(original, 'photo.jpeg');
  expect(prepared.type).toBe('image/jpeg');
  const kept = await sharp(prepared.data).metadata();
  expect(kept.exif).toBeUndefined();
  expect(prepared.data.includes('PhoneMaker')).toBe(false);
  expect([kept.width, kept.height]).toEqual([40, 30]);
  // A PNG whose header claims 20 000 × 20 000 pixels (400 MP) in a few bytes: refused before it is decoded.
  const bomb = pngClaiming(20_000, 20_000);
  expect(bomb.length).toBeLessThan(1024);
  expect((await rejection(prepareFile(bomb, 'bomb.png'), AppError)).code).toBe('invalid_input');
  expect((await rejection(prepareFile(original.subarray(0, 100), 'cut.jpg'), AppError)).code).toBe('invalid_input');
  expect((await rejection(prepareFile(Buffer.alloc(0), 'empty.pdf'), AppError)).code).toBe('invalid_input');
  expect((await rejection(prepareFile(Buffer.alloc(REQUEST_FILE_MAX_BYTES + 1), 'big.pdf'), AppError)).code).toBe('payload_too_large');
});

it('sends a file back as an attachment that the browser does not sniff or run', () => {
  const headers = fileHeaders({ name: 'نسخه "۱".pdf', contentType: 'application/pdf', size: 10 });
  expect(headers.get('content-type')).toBe('application/pdf');
  expect(headers.get('content-disposition')).toMatch(/^attachment; filename="[^"]*"; filename\*=UTF-8''/);
  expect(headers.get('x-content-type-options')).toBe('nosniff');
  expect(headers.get('content-security-policy')).toContain('sandbox');
});

describeEachDatabase('files of service requests', (database) => {
  it('attaches the owner’s uploads to the request; the owner and the hospital read them, another account gets 404', async () => {
    const { db } = database();
    const [owner, stranger] = [await newPatient(db), await newPatient(db)];
    const photo = await uploadRequestFile(db, owner.id, { bytes: await jpegWithLocation(), name: 'نسخه.jpg' }, NOW);
    const pdf = await uploadRequestFile(db, owner.id, { bytes: PDF, name: 'ارجاع.pdf' }, NOW);
    expect(photo).toMatchObject({ name: 'نسخه.jpg', type: 'image/jpeg' });
    expect(photo.id).toMatch(/^[A-Za-z0-9_-]{22}$/);

    // Another account cannot put these files on its request; nothing is filed then.
    const theirs = await rejection(createServiceRequest(db, { services, requester: requester(stranger), body: body({ file_ids: [photo.id] }), now: NOW }), AppError);
    expect(theirs.code).toBe('invalid_input');
    expect(theirs.errors).toHaveProperty('file_ids');

    const created = await createServiceRequest(db, { services, requester: requester(owner), body: body({ file_ids: [photo.id, pdf.id], prescription_code: '12345' }), now: NOW });
    expect(created.prescription_code).toBe('12345');
    expect(created.files.map((file) => file.name)).toEqual(['نسخه.jpg', 'ارجاع.pdf']);
    // A file goes on one request only, also when two requests naming it arrive at once.
    expect((await rejection(createServiceRequest(db, { services, requester: requester(owner), body: body({ file_ids: [pdf.id] }), now: NOW }), AppError)).code).toBe('invalid_input');
    const spare = await uploadRequestFile(db, owner.id, { bytes: PDF, name: 'spare.pdf' }, NOW);
    const race = await Promise.allSettled([1, 2].map(() => createServiceRequest(db, { services, requester: requester(owner), body: body({ file_ids: [spare.id] }), now: NOW })));
    expect(race.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);

    expect((await requestFileOf(db, owner.id, created.key, pdf.id)).data.equals(PDF)).toBe(true);
    expect((await rejection(requestFileOf(db, stranger.id, created.key, pdf.id), AppError)).code).toBe('not_found');
    expect((await rejection(requestFileOf(db, owner.id, created.key, 'A'.repeat(22)), AppError)).code).toBe('not_found');
    expect((await rejection(requestFileOf(db, owner.id, created.key, '../../x'), AppError)).code).toBe('not_found');

    const desk = await deskServiceRequest(db, services, created.key);
    expect(desk.prescription_code).toBe('12345');
    expect(desk.files).toHaveLength(2);
    expect((await deskRequestFile(db, created.key, photo.id)).contentType).toBe('image/jpeg');
    expect((await getServiceRequest(db, services, owner.id, created.key)).files).toHaveLength(2);
  });

  it(`keeps at most ${LOOSE_FILES_MAX} files waiting for a request per account (oldest dropped) and ${FILES_PER_DAY} uploads a day`, async () => {
    const { db } = database();
    const owner = await newPatient(db);
    const uploaded = [];
    for (let i = 0; i < LOOSE_FILES_MAX + 2; i++) uploaded.push(await uploadRequestFile(db, owner.id, { bytes: PDF, name: `p${i}.pdf` }, later(i)));
    const oldest = uploaded[0]!;
    expect((await rejection(createServiceRequest(db, { services, requester: requester(owner), body: body({ file_ids: [oldest.id] }), now: later(30) }), AppError)).code).toBe(
      'invalid_input',
    );
    const newest = uploaded.at(-1)!;
    expect((await createServiceRequest(db, { services, requester: requester(owner), body: body({ file_ids: [newest.id] }), now: later(30) })).files).toHaveLength(1);
    for (let i = uploaded.length; i < FILES_PER_DAY; i++) await uploadRequestFile(db, owner.id, { bytes: PDF, name: 'p.pdf' }, later(40));
    expect((await rejection(uploadRequestFile(db, owner.id, { bytes: PDF, name: 'p.pdf' }, later(41)), AppError)).code).toBe('rate_limited');
  });

  it('offers the latest distinct phone and address pairs of the account’s own requests', async () => {
    const { db } = database();
    const [owner, other] = [await newPatient(db), await newPatient(db)];
    await createServiceRequest(db, { services, requester: requester(owner), body: body({ address: 'تهران، خیابان آزادی، پلاک ۱' }), now: NOW });
    await createServiceRequest(db, { services, requester: requester(owner), body: body({ address: 'تهران، خیابان انقلاب، پلاک ۲' }), now: later(1) });
    await createServiceRequest(db, { services, requester: requester(owner), body: body({ address: 'تهران، خیابان آزادی، پلاک ۱' }), now: later(2) });
    await createServiceRequest(db, { services, requester: requester(other), body: body({ address: 'کرج، خیابان بهار، پلاک ۹' }), now: later(3) });
    expect(await savedContacts(db, owner.id)).toEqual([
      { phone: '02188001234', address: 'تهران، خیابان آزادی، پلاک ۱' },
      { phone: '02188001234', address: 'تهران، خیابان انقلاب، پلاک ۲' },
    ]);
  });
});
