/**
 * Photos and PDFs a patient sends with a service request (the paper prescription, a referral).
 *
 * Nothing the browser says about a file is believed: its type is read from its first bytes (JPEG,
 * PNG, WebP, PDF; SVG, HTML and everything else refused), its name is cut to a plain name with the
 * extension of that type, and an image is decoded and encoded again without its metadata (EXIF
 * holds the phone's location), under a pixel limit against decompression bombs. The bytes live in
 * the database (outside the web root, shared by every process) and leave only through two calls:
 * the owner's (bearer token; another account gets 404) and the hospital's (scope service-requests),
 * both as an attachment with nosniff and a sandbox CSP.
 */
import sharp from 'sharp';
import { REQUEST_FILE_MAX_BYTES, REQUEST_FILES_MAX, type RequestFileType, type ServiceRequestFile } from '#lib/api/contracts/service-requests.ts';
import type { Db } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { newCapabilityId } from '../keys.ts';
import { consumeAllowanceIn } from '../limits/service.ts';
import { serviceRequestMessages as M } from './messages.ts';
import { dropLooseFiles, insertRequestFile, lockRequestsOf, type RequestFileRow } from './repository.ts';

/**
 * Files an account may upload in a day (each is decoded and encoded again: CPU), and files it may
 * keep uploaded but not yet on a request (a form left half-filled); the oldest of those go first.
 */
export const FILES_PER_DAY = 30;
export const LOOSE_FILES_MAX = 2 * REQUEST_FILES_MAX;
/** A loose file older than this was left behind: dropped at the account's next upload. */
const LOOSE_FILE_TTL_MS = 24 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * Largest image decoded, in pixels: a 50-megapixel phone camera's photo, and not a pixel more (a
 * small PNG may claim 100 000 × 100 000 pixels and take gigabytes to decode).
 */
export const MAX_INPUT_PIXELS = 50_000_000;
/** Images are stored at most this many pixels on their long side: a page stays readable, the file small. */
const MAX_IMAGE_SIDE = 3000;

const EXTENSIONS: Record<RequestFileType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
};

/** The file's real type from its first bytes, or undefined for anything not accepted. */
export function sniffFileType(bytes: Uint8Array): RequestFileType | undefined {
  const at = (offset: number, ...expected: number[]) => expected.every((byte, i) => bytes[offset + i] === byte);
  const ascii = (offset: number, text: string) => at(offset, ...[...text].map((c) => c.charCodeAt(0)));
  if (at(0, 0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (ascii(0, 'RIFF') && ascii(8, 'WEBP')) return 'image/webp';
  // A PDF starts with its header and ends with %%EOF (a little trailing whitespace or garbage allowed).
  if (ascii(0, '%PDF-') && Buffer.from(bytes.subarray(Math.max(0, bytes.length - 1024))).includes('%%EOF')) return 'application/pdf';
  return undefined;
}

/** Bidi overrides, zero-width and other invisible characters that can disguise a name («gpj.exe»). */
const DISGUISING = /[\u00AD\u061C\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/g;
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/g;
/** Characters no file system or header should see in a name. */
const RESERVED = /["*:<>?|\\/]/g;

/**
 * A name safe to show and to send back: the last path segment only, no control or disguising
 * characters, at most 80 characters, ending in the extension of the type the bytes really are.
 */
export function cleanFileName(raw: string, type: RequestFileType): string {
  const last = raw.split(/[\\/]/).pop() ?? '';
  const plain = last.replace(CONTROL, '').replace(DISGUISING, '').replace(RESERVED, '_').trim();
  const stem =
    plain
      .replace(/\.[^.]*$/, '')
      .replace(/^\.+/, '')
      .trim()
      .slice(0, 80) || 'پیوست';
  return `${stem}.${EXTENSIONS[type]}`;
}

/**
 * An image decoded and encoded again in its own format: turned upright by its EXIF orientation,
 * then written without any metadata (sharp keeps none unless asked with `withMetadata`).
 */
async function reencodeImage(bytes: Uint8Array, type: Exclude<RequestFileType, 'application/pdf'>): Promise<Buffer> {
  try {
    const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', sequentialRead: true })
      .rotate()
      .resize({ width: MAX_IMAGE_SIDE, height: MAX_IMAGE_SIDE, fit: 'inside', withoutEnlargement: true });
    if (type === 'image/jpeg') return await image.jpeg({ quality: 85, mozjpeg: true }).toBuffer();
    if (type === 'image/png') return await image.png({ compressionLevel: 9 }).toBuffer();
    return await image.webp({ quality: 85 }).toBuffer();
  } catch {
    throw new AppError('invalid_input', M.fileUnreadable, { errors: { file: [M.fileUnreadable] } });
  }
}

/** What is stored for an upload: the type from the bytes, the clean name, the bytes to keep. */
export async function prepareFile(bytes: Uint8Array, rawName: string): Promise<{ type: RequestFileType; name: string; data: Buffer }> {
  if (bytes.length === 0) throw new AppError('invalid_input', M.fileEmpty, { errors: { file: [M.fileEmpty] } });
  if (bytes.length > REQUEST_FILE_MAX_BYTES) throw new AppError('payload_too_large', M.fileTooLarge);
  const type = sniffFileType(bytes);
  if (!type) throw new AppError('unsupported_media_type', M.fileType);
  const data = type === 'application/pdf' ? Buffer.from(bytes) : await reencodeImage(bytes, type);
  return { type, name: cleanFileName(rawName, type), data };
}

export function toRequestFile(row: Pick<RequestFileRow, 'publicId' | 'name' | 'contentType' | 'size' | 'createdAt'>): ServiceRequestFile {
  return { id: row.publicId, name: row.name, type: row.contentType, size: row.size, created_at: row.createdAt.toISOString() };
}

/**
 * `POST /service-requests/files`: stores one file of the account, not yet on a request. Within the
 * account's daily allowance; its loose files beyond LOOSE_FILES_MAX (and any a day old) are dropped,
 * oldest first, so a form filled again and again never piles files up.
 */
export async function uploadRequestFile(db: Db, accountId: number, upload: { bytes: Uint8Array; name: string }, now: Date): Promise<ServiceRequestFile> {
  const prepared = await prepareFile(upload.bytes, upload.name);
  const row = await db.transaction(async (tx) => {
    await lockRequestsOf(tx, accountId);
    await consumeAllowanceIn(tx, {
      subject: { bucket: 'service-request-file', subject: String(accountId) },
      windows: [{ max: FILES_PER_DAY, ms: DAY_MS }],
      message: (seconds) => M.tooManyFiles(FILES_PER_DAY, seconds),
      now,
    });
    await dropLooseFiles(tx, accountId, { olderThan: new Date(now.getTime() - LOOSE_FILE_TTL_MS), keepNewest: LOOSE_FILES_MAX - 1 });
    return insertRequestFile(tx, {
      publicId: newCapabilityId(),
      accountId,
      requestId: null,
      name: prepared.name,
      contentType: prepared.type,
      size: prepared.data.length,
      data: prepared.data,
      createdAt: now,
    });
  });
  return toRequestFile(row);
}

/** The headers a stored file leaves with: never rendered by the browser as a page of ours. */
export function fileHeaders(row: Pick<RequestFileRow, 'name' | 'contentType' | 'size'>): Headers {
  const ascii = row.name.replace(/[^\x20-\x7E]/g, '_').replace(/["\\]/g, '_');
  return new Headers({
    'Content-Type': row.contentType,
    'Content-Length': String(row.size),
    'Content-Disposition': `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(row.name)}`,
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'; sandbox",
    'Cache-Control': 'private, no-store',
    'Cross-Origin-Resource-Policy': 'same-origin',
  });
}
