import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8',
};

interface Variant {
  body: Buffer;
  etag: string;
}

interface StaticFile {
  type: string;
  cacheControl: string;
  identity: Variant;
  br?: Variant;
  gzip?: Variant;
}

function cacheControlFor(urlPath: string): string {
  if (urlPath.startsWith('/_astro/')) return 'public, max-age=31536000, immutable';
  // Pages, the service worker, the build id and the manifest must be revalidated on every use.
  if (/\.(html|json|webmanifest)$/.test(urlPath) || urlPath === '/sw.js') return 'no-cache';
  return 'public, max-age=604800';
}

function variant(body: Buffer): Variant {
  return { body, etag: `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"` };
}

/**
 * The built client files, read into memory once at start (a few megabytes): each with its
 * precompressed .br and .gz copies (build/precompress.ts), content type, ETag and caching rule.
 */
export function loadStaticFiles(clientDir: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  const root = path.resolve(clientDir);
  const names = readdirSync(root, { recursive: true, encoding: 'utf8' });
  const all = new Set(names.map((name) => name.split(path.sep).join('/')));
  for (const name of all) {
    if (name.endsWith('.br') || name.endsWith('.gz') || name === '_headers.json') continue;
    const full = path.join(root, name);
    if (!statSync(full).isFile()) continue;
    const urlPath = `/${name}`;
    const read = (suffix: string) => (all.has(name + suffix) ? variant(readFileSync(full + suffix)) : undefined);
    const file: StaticFile = {
      type: TYPES[path.extname(name).toLowerCase()] ?? 'application/octet-stream',
      cacheControl: cacheControlFor(urlPath),
      identity: variant(readFileSync(full)),
    };
    const br = read('.br');
    const gzip = read('.gz');
    if (br) file.br = br;
    if (gzip) file.gzip = gzip;
    files.set(urlPath, file);
  }
  return files;
}

/** `/a/b` and `/a/b/` find `/a/b/index.html`; `/` finds `/index.html`. */
export function lookup(files: Map<string, StaticFile>, pathname: string): StaticFile | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0')) return undefined;
  const exact = files.get(decoded);
  if (exact && !decoded.endsWith('.html')) return exact;
  const base = decoded.endsWith('/') ? decoded : `${decoded}/`;
  return files.get(`${base}index.html`) ?? exact;
}

function pickEncoding(file: StaticFile, acceptEncoding: string): ['br' | 'gzip' | undefined, Variant] {
  if (file.br && /\bbr\b/.test(acceptEncoding)) return ['br', file.br];
  if (file.gzip && /\bgzip\b/.test(acceptEncoding)) return ['gzip', file.gzip];
  return [undefined, file.identity];
}

/**
 * Headers that only act on a document (what it may frame, open, embed or use). A hashed build file
 * (`/_astro/…`: scripts, styles, fonts, images) is never a document the portal serves as one, and a
 * page loads a dozen of them: on a slow network each response's ~260 bytes of these count as much
 * as script. It keeps `X-Content-Type-Options` (a script's MIME check), `Referrer-Policy` (a module
 * script's own fetches follow it) and HSTS.
 */
const DOCUMENT_ONLY_HEADERS = ['Content-Security-Policy', 'X-Frame-Options', 'Cross-Origin-Opener-Policy', 'Permissions-Policy'];

/** Whether a file never changes under its name: the build's hashed files, cached for a year. */
const isImmutable = (file: StaticFile) => file.cacheControl.includes('immutable');

/** Answers a GET or HEAD for a static file, with 304 on a matching ETag. */
export function sendStatic(req: IncomingMessage, res: ServerResponse, file: StaticFile): void {
  const [encoding, chosen] = pickEncoding(file, String(req.headers['accept-encoding'] ?? ''));
  res.setHeader('Content-Type', file.type);
  res.setHeader('Cache-Control', file.cacheControl);
  if (isImmutable(file)) {
    // Never revalidated, so no ETag either.
    for (const name of DOCUMENT_ONLY_HEADERS) res.removeHeader(name);
  } else {
    res.setHeader('ETag', chosen.etag);
  }
  if (file.br || file.gzip) res.setHeader('Vary', 'Accept-Encoding');
  if (encoding) res.setHeader('Content-Encoding', encoding);
  if (!isImmutable(file) && req.headers['if-none-match'] === chosen.etag) {
    res.statusCode = 304;
    res.end();
    return;
  }
  res.setHeader('Content-Length', chosen.body.byteLength);
  res.statusCode = 200;
  res.end(req.method === 'HEAD' ? undefined : chosen.body);
}

export type { StaticFile };
