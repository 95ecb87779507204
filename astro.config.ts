import { createHash, randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import node from '@astrojs/node';
import preact from '@astrojs/preact';
import sitemap from '@astrojs/sitemap';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'astro/config';
import { apiOnDemand } from './build/api-on-demand.ts';
import { datePickerStyleHashes } from './build/injected-styles.ts';
import { onDemandSitemapPages } from './build/on-demand-pages.ts';
import { portalBuild } from './build/portal-build.ts';
import { reactOnPreact } from './build/react-on-preact.ts';
import { scriptChunks } from './build/script-chunks.ts';
import { headInitScript } from './src/client/shell/head-init.ts';
import { CSP_DIRECTIVES } from './src/server/web/csp.ts';

/** Identifies this build; the page reloads when /builds/latest.json names another one (spec §1). */
const buildId = process.env.PORTAL_BUILD_ID ?? `${Date.now().toString(36)}-${randomBytes(3).toString('hex')}`;
const sha256 = (text: string) => `sha256-${createHash('sha256').update(text).digest('base64')}` as const;

const site = process.env.PUBLIC_SITE_URL ?? 'http://localhost:4321';

export default defineConfig({
  site,
  output: 'static',
  // Links, canonical URLs and the sitemap name pages without a trailing slash.
  trailingSlash: 'never',
  // Middleware mode: our own node:http server (src/server/web) serves the precompressed static
  // files and security headers and hands the rest to Astro. See docs/decisions/001.
  // Endpoints read JSON with their own, smaller limits (server/http.ts); this caps everything else.
  adapter: node({ mode: 'middleware', staticHeaders: true, bodySizeLimit: 1024 * 1024 }),
  integrations: [
    // The islands are written for React and run on Preact (decision 031): a tenth of the script.
    preact({ compat: true }),
    reactOnPreact(),
    {
      name: 'client-interaction-directive',
      hooks: {
        'astro:config:setup': ({ addClientDirective }) => addClientDirective({ name: 'interaction', entrypoint: fileURLToPath(new URL('./src/directives/interaction.ts', import.meta.url)) }),
      },
    },
    sitemap({
      // Only indexable pages: the account areas, the bank's hand-off and receipt (noindex), the sandbox bank and the waiting-room boards are not.
      filter: (page) => !/\/(404|500|offline)\/?$|\/(patient-profile|financial|sr\/request|sr\/invoice|test-response|go-to-bank|return-bank|sandbox-bank|queue)(\/|$)/.test(page),
      // The finder and the booking pages are rendered per request, so the sitemap is told about them.
      customPages: onDemandSitemapPages(site),
    }),
    apiOnDemand(),
    scriptChunks(),
    portalBuild({ buildId }),
  ],
  build: { inlineStylesheets: 'always' },
  devToolbar: { enabled: false },
  security: {
    // Our front server refuses cross-site form posts to pages itself and leaves the JSON API alone
    // (src/server/web/origin-check.ts, decision 009); Astro's check answered the API in English.
    checkOrigin: false,
    csp: {
      directives: [...CSP_DIRECTIVES],
      scriptDirective: { hashes: [sha256(headInitScript)] },
      styleDirective: { hashes: datePickerStyleHashes() },
    },
  },
  vite: {
    plugins: [tailwindcss()],
    define: { __BUILD_ID__: JSON.stringify(buildId) },
  },
});
