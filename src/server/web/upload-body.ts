import type { IncomingMessage, ServerResponse } from 'node:http';
import { REQUEST_FILE_MAX_BYTES } from '#lib/api/contracts/service-requests.ts';
import { apiMessages } from '#lib/api/messages.ts';
import { serviceRequestMessages } from '../service-requests/messages.ts';

/**
 * The one route whose body may be larger than the adapter's `bodySizeLimit` (1 MB, astro.config.ts):
 * a service request's photo or PDF. Its body is read here, up to the file limit, and handed to Astro
 * whole (the adapter applies no limit to a body it is given); every other route keeps 1 MB.
 */
export const UPLOAD_PATH = '/api/service-requests/files';
/** The file limit and a little room for nothing else: the body is the file's bytes. */
const UPLOAD_BODY_LIMIT = REQUEST_FILE_MAX_BYTES;
/**
 * Uploads buffered at once in this process: each holds up to 5 MB in memory (then its decoded
 * image), so 8 at once stay under about 40 MB plus sharp's work; the ninth waits a second.
 */
const MAX_CONCURRENT_UPLOADS = 8;
let inFlight = 0;

function refuse(res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...headers });
  res.end(JSON.stringify({ success: false, message }));
}

/** Whether `req` is an upload this module reads (a POST to UPLOAD_PATH that carries a bearer token). */
export function isUpload(req: IncomingMessage, pathname: string): boolean {
  // Without a token the endpoint answers 401 anyway: such a body is not worth reading past 1 MB.
  return req.method === 'POST' && pathname === UPLOAD_PATH && /^Bearer\s+\S/i.test(req.headers.authorization ?? '');
}

/**
 * How much past the limit is still read (and dropped) after a 413, so that the client, still
 * sending, reads the answer instead of a reset connection; past this the connection is cut.
 */
const DISCARD_LIMIT = 1024 * 1024;

/** Answers 413 and drops the rest of the body, up to DISCARD_LIMIT more; then the connection is cut. */
function refuseTooLarge(req: IncomingMessage, res: ServerResponse, read: number): void {
  refuse(res, 413, apiMessages.payloadTooLarge);
  let dropped = read;
  const cutAt = UPLOAD_BODY_LIMIT + DISCARD_LIMIT;
  if (dropped > cutAt) {
    res.once('finish', () => req.destroy());
    return;
  }
  req.on('data', (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > cutAt) req.destroy();
  });
  req.resume();
}

/**
 * Reads the upload's body into `req.body` and calls `next`, or answers 413 (declared or sent larger
 * than the limit) or 503 (too many at once).
 */
export function bufferUpload(req: IncomingMessage, res: ServerResponse, next: () => void): void {
  const declared = Number(req.headers['content-length'] ?? NaN);
  if (declared > UPLOAD_BODY_LIMIT) return refuseTooLarge(req, res, declared > UPLOAD_BODY_LIMIT + DISCARD_LIMIT ? declared : 0);
  if (inFlight >= MAX_CONCURRENT_UPLOADS) return refuse(res, 503, serviceRequestMessages.uploadsBusy, { 'Retry-After': '1' });
  inFlight++;
  let released = false;
  const release = () => {
    if (!released) inFlight--;
    released = true;
  };
  res.once('close', release);
  const chunks: Buffer[] = [];
  let size = 0;
  const onData = (chunk: Buffer) => {
    size += chunk.length;
    if (size > UPLOAD_BODY_LIMIT) {
      req.off('data', onData);
      req.off('end', onEnd);
      chunks.length = 0;
      release();
      refuseTooLarge(req, res, size);
      return;
    }
    chunks.push(chunk);
  };
  const onEnd = () => {
    (req as IncomingMessage & { body?: Buffer }).body = Buffer.concat(chunks, size);
    next();
  };
  req.on('data', onData);
  req.once('end', onEnd);
  req.once('error', release);
}
