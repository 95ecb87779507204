import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { constants } from 'node:zlib';
import compression from 'compression';
import { apiMessages } from '#lib/api/messages.ts';
import { type HospitalAuditMark, isHospitalPath } from '../hospital/audit.ts';
import { WORKER_CSP } from './csp.ts';
import { setLocaleCookie } from './locale-cookie.ts';
import { decodableTarget, MALFORMED_URL_HTML } from './malformed-url.ts';
import { CROSS_SITE_FORBIDDEN_HTML, isCrossSiteFormPost } from './origin-check.ts';
import { loadPageCsp } from './page-csp.ts';
import { securityHeadersFor } from './security-headers.ts';
import { loadStaticFiles, lookup, sendStatic } from './static-files.ts';
import { bufferUpload, isUpload } from './upload-body.ts';

/** Astro's handler in middleware mode (dist/server/entry.mjs); `locals` become the request's `Astro.locals`. */
export type AstroHandler = (req: IncomingMessage, res: ServerResponse, next?: () => void, locals?: object) => unknown;

export interface PortalServerOptions {
  clientDir: string;
  /** dist/_headers.json: the per-page CSP of prerendered pages. */
  headersFile: string;
  astro: AstroHandler;
  /** PUBLIC_SITE_URL: our own origin (cross-site form check) and whether to send HSTS. */
  siteUrl: string;
  /**
   * Writes the audit row of a request under /api/hospital/ that no hospital endpoint wrote one for
   * (see hospital/audit.ts), once its answer is sent.
   */
  auditHospital?: (req: IncomingMessage, status: number) => unknown;
}

/**
 * The portal's HTTP server: security headers on everything, static files from memory (brotli or
 * gzip, immutable caching for hashed names), and Astro for the API and on-demand pages.
 */
export function createPortalServer({ clientDir, headersFile, astro, siteUrl, auditHospital }: PortalServerOptions): Server {
  const siteOrigin = new URL(siteUrl).origin;
  const securityHeaders = securityHeadersFor(siteUrl);
  const files = loadStaticFiles(clientDir);
  const pageCsp = loadPageCsp(headersFile);
  // Static files are precompressed at build time; pages and API answers rendered per request are
  // compressed here (brotli at a fast level, or gzip), above 1 KB. Those answers are tens of KB at
  // most, so brotli's window is 256 KB, not its default 4 MB: each answer's compressor then sets up
  // a fraction of the memory, which cut its CPU by about a third on a 16 KB slots answer.
  const compress = compression({
    threshold: 1024,
    brotli: { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_LGWIN]: 18 } },
  });
  return createServer((req, res) => {
    securityHeaders(res);
    const url = req.url ?? '/';
    const pathname = url.split('?', 1)[0] ?? '/';
    const locals: HospitalAuditMark = {};
    if (auditHospital && isHospitalPath(url)) {
      res.once('close', () => {
        // The row names the path as the client sent it, not as it was handed to Astro.
        req.url = url;
        if (!locals.hospitalAudited) void auditHospital(req, res.statusCode);
      });
    }
    const target = decodableTarget(url);
    if (target === undefined) {
      // Encoded more than ten times over: under /api/ the very 404 of an unknown path, a page says
      // that the address itself is broken.
      if (pathname.startsWith('/api/')) {
        res.writeHead(404, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' }).end(JSON.stringify({ success: false, message: apiMessages.notFound }));
      } else {
        res.writeHead(400, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' }).end(MALFORMED_URL_HTML);
      }
      return;
    }
    req.url = target;
    if (req.method === 'GET' || req.method === 'HEAD') {
      const file = lookup(files, pathname);
      if (file) {
        if (file.type.startsWith('text/html')) {
          setLocaleCookie(req, res);
          const csp = pageCsp(pathname);
          if (csp) res.setHeader('Content-Security-Policy', csp);
        } else if (pathname === '/sw.js') {
          res.setHeader('Content-Security-Policy', WORKER_CSP);
        }
        sendStatic(req, res, file);
        return;
      }
    }
    if (pathname.startsWith('/api/')) {
      // Every API answer holds or may hold personal data: no cache may keep it, errors included
      // (Astro's own 404s and the adapter's 413 do not set it themselves).
      res.setHeader('Cache-Control', 'no-store');
    } else {
      if (isCrossSiteFormPost(req, siteOrigin)) {
        res.writeHead(403, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' }).end(CROSS_SITE_FORBIDDEN_HTML);
        return;
      }
      setLocaleCookie(req, res);
    }
    const render = () => compress(req as Parameters<typeof compress>[0], res as Parameters<typeof compress>[1], () => void astro(req, res, undefined, locals));
    if (isUpload(req, pathname)) bufferUpload(req, res, render);
    else render();
  });
}
