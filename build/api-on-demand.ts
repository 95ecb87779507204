import type { AstroIntegration } from 'astro';

/**
 * Every route under src/pages/api is rendered per request: the site is static by default
 * (`output: 'static'`), and an endpoint that someone forgot to mark would be frozen at build time.
 */
export function apiOnDemand(): AstroIntegration {
  return {
    name: 'patient-portal-api-on-demand',
    hooks: {
      'astro:route:setup': ({ route }) => {
        if (route.component.startsWith('src/pages/api/')) route.prerender = false;
      },
    },
  };
}
