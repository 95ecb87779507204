import type { AstroIntegration } from 'astro';

/**
 * How the browser's scripts are cut into files. Over HTTP/1.1 every script file
 * costs about 0.6 KB of response headers on top of its body, so a public page should load as few as
 * possible: the shell every page runs (Base layout → src/islands/shell/boot.ts →
 * src/client/shell/main.ts) becomes ONE file with all it imports, and the date and pregnancy maths
 * shared by the timeline's summary script and the islands become one more. Islands and lazily
 * loaded code import from these files (already loaded on every page) instead of from a handful of
 * small shared chunks.
 *
 * The account pages' groups come after those, so they never take a module the shell or the dates file
 * would hold, and a public page never loads them. They are cut by what a step needs, not by area: a
 * group takes every module it imports with it, so a group holding the UI kit and the stores together
 * made every account page load the form library, the rules and the HTTP client, logged out too.
 *
 * Only client modules match these patterns; the server build is unaffected.
 */
const GROUPS = [
  // Vite's preload helper goes with the shell, which uses it for its lazy imports: left to the
  // framework's group (which imports it too, and comes first by priority otherwise) it made every
  // public page load the framework file.
  {
    name: 'shell',
    test: /^\0vite[\\/]preload-helper|[\\/]src[\\/](?:layouts[\\/]Base\.astro\?astro&type=script|islands[\\/]shell[\\/]boot\.ts|client[\\/]shell[\\/]main\.ts)/,
    priority: 4,
  },
  // Before the account pages' groups (same priority, earlier), so they never take the date maths.
  { name: 'dates', test: /[\\/]src[\\/](?:lib[\\/]format[\\/]date\.ts|lib[\\/]pregnancy[\\/]|client[\\/]state[\\/]pregnancy\.ts)/, priority: 1 },
  // Preact with its React layer (preact/compat, decision 031), the store hook and Astro's renderer that
  // hydrates the islands: the one large piece every island page shares, in one file.
  { name: 'preact', test: /[\\/]node_modules[\\/](?:preact|@nanostores[\\/]react|@astrojs[\\/]preact)[\\/]/, priority: 3 },
  // The libraries under the account pages come in groups of their own, each loaded by the pages (and
  // the steps of a page) that use it: the rules (valibot and every field rule of lib/validation),
  // the form library, and the HTTP client (on the platform's fetch) with its error policy. The islands and the UI kit are left
  // to the bundler, so a page loads the components it draws and no more: a logged-out account page
  // is the login prompt and the popup's first step, a list is not charged for the forms.
  { name: 'rules', test: /[\\/](?:node_modules[\\/]valibot[\\/]|src[\\/]lib[\\/]validation[\\/])/, priority: 1 },
  { name: 'forms', test: /[\\/]node_modules[\\/]@formisch[\\/]/, priority: 1 },
  {
    name: 'http',
    test: /[\\/]src[\\/](?:client[\\/]api[\\/](?:client|fetcher)\.ts|lib[\\/]api[\\/](?:error-policy|failure|envelope|fetch-error)\.ts|islands[\\/]ui[\\/]failure-message\.ts)/,
    priority: 1,
  },
  // The small parts of the UI kit that the login popup and nearly every step draw (buttons, the sheet,
  // a field, load states), and the lists' parts: two files instead of a dozen of under a kilobyte
  // each, each paying its own response headers. Nothing here imports a library but React.
  {
    name: 'kit',
    test: /[\\/]src[\\/](?:islands[\\/]ui[\\/](?:Buttons|FormAlert|LoadState|Sheet|TextField)\.tsx|stores[\\/]loadable\.ts|lib[\\/]latest-wins\.ts)/,
    priority: 1,
  },
  {
    name: 'lists',
    test: /[\\/]src[\\/](?:islands[\\/]ui[\\/](?:Skeleton|StatusChip|Facts|Tabs|Pager|ListView|ChoiceGroup|GenderChoice|PersonFields)\.tsx|lib[\\/](?:list-view|api[\\/]pages|appointments[\\/]scopes)\.ts)/,
    priority: 1,
  },
  // Each area's store, its calls and its plain values (statuses, labels, limits) in one file: a list
  // page needs them all at once, and as small files each paid its own response headers.
  {
    name: 'wallet',
    test: /[\\/]src[\\/](?:stores[\\/]wallet|client[\\/]api[\\/]wallet|lib[\\/]wallet[\\/]terms|islands[\\/]wallet[\\/]labels)\.ts/,
    priority: 1,
  },
  {
    name: 'invoices',
    test: /[\\/]src[\\/](?:stores[\\/]invoices|client[\\/]api[\\/]invoices|islands[\\/]invoices[\\/]labels)\.ts/,
    priority: 1,
  },
  {
    name: 'test-results',
    test: /[\\/]src[\\/](?:stores[\\/]test-results|client[\\/]api[\\/]test-results|lib[\\/]test-results[\\/]terms|islands[\\/]test-results[\\/]labels)\.ts/,
    priority: 1,
  },
];

export function scriptChunks(): AstroIntegration {
  return {
    name: 'patient-portal-script-chunks',
    hooks: {
      'astro:config:setup': ({ updateConfig }) => {
        updateConfig({ vite: { build: { rolldownOptions: { output: { codeSplitting: { groups: GROUPS } } } } } });
      },
    },
  };
}
