import type { APIRoute } from 'astro';

/** robots.txt with the sitemap's absolute address (PUBLIC_SITE_URL); personal areas are not for crawlers. */
export const GET: APIRoute = ({ site }) => {
  const sitemap = new URL('/sitemap-index.xml', site ?? 'http://localhost:4321').href;
  const body = [
    'User-agent: *',
    'Disallow: /api/',
    'Disallow: /financial',
    'Disallow: /patient-profile',
    'Disallow: /sr/request',
    'Disallow: /sr/invoice',
    'Disallow: /test-response',
    '',
    `Sitemap: ${sitemap}`,
    '',
  ].join('\n');
  return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
};
