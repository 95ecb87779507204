import type { AstroIntegration } from 'astro';

/**
 * The islands are written against React's API and run on Preact through preact/compat (decision
 * 031). In the browser build every `react` import is aliased to preact/compat; on the server, a
 * package left external is loaded by Node from node_modules and gets the real React, whose hooks
 * then throw inside Preact's renderer (a page drawing an island on the server fails). So the server
 * build bundles React's names and every library that imports React, and the alias applies to them.
 */
const USES_REACT = [
  'react',
  'react-dom',
  'react-dom/test-utils',
  'react/jsx-runtime',
  '@nanostores/react',
  '@formisch/react',
  'react-toastify',
  'react-multi-date-picker',
  'react-element-popper',
];

/** Both server environments: the one serving pages on demand and the one prerendering the rest. */
const SERVER_ENVIRONMENTS = new Set(['ssr', 'prerender']);

export function reactOnPreact(): AstroIntegration {
  return {
    name: 'patient-portal-react-on-preact',
    hooks: {
      'astro:config:setup': ({ updateConfig }) => {
        updateConfig({
          vite: {
            plugins: [
              {
                name: 'patient-portal:react-on-preact',
                configEnvironment: (name) => (SERVER_ENVIRONMENTS.has(name) ? { resolve: { noExternal: USES_REACT } } : undefined),
              },
            ],
          },
        });
      },
    },
  };
}
