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
 * The account pages' groups come after those (priority 0), so they never take a module the shell, the
 * UI kit or the dates file would hold, and a public page never loads them. Left to the bundler, the
 * account pages' rules and contracts split into many files of under 2 KB each, each paying its own
 * headers; grouped, they cost one.
 *
 * Only client modules match these patterns; the server build is unaffected.
 */
const GROUPS = [
  { name: 'shell', test: /[\\/]src[\\/](?:layouts[\\/]Base\.astro\?astro&type=script|islands[\\/]shell[\\/]boot\.ts|client[\\/]shell[\\/]main\.ts)/, priority: 2 },
  // The shared pieces of the account pages' islands (the auth guard, the UI kit, the load-state and
  // list-view helpers, the wallet's store, the hold's and the offer's countdown): one file instead of
  // a handful of sub-kilobyte ones, each paying its own response headers.
  // CopyLink and LiveLinks stay out: only the share panels use them. So do the pieces only one or two
  // pages draw (the documents' header, the text area, the bank and calendar buttons).
  {
    name: 'ui',
    test: /[\\/]src[\\/](?:islands[\\/](?:ui[\\/](?!CopyLink\.tsx|LiveLinks\.tsx|DocumentHeader\.tsx|TextAreaField\.tsx|BankActions\.tsx|CalendarButton\.tsx)|auth[\\/]AuthGate\.tsx)|stores[\\/](?:wallet|loadable)\.ts|lib[\\/](?:list-view|format[\\/]countdown)\.ts)/,
    priority: 1,
  },
  // The rules, contracts and API calls the account islands share (every one of them also loads the
  // login popup, which needs most of the rules): one file instead of six to ten small ones.
  // The results page's contract and calls are left to its own group below, and so are the waitlist's.
  // The service requests' contract, calls and the e-prescription rule are only theirs: in their group below.
  {
    name: 'forms',
    test: /[\\/]src[\\/](?:lib[\\/](?:validation|api)[\\/](?!contracts[\\/](?:test-results|service-requests|waitlist)\.ts|prescription\.ts)|client[\\/]api[\\/](?!test-results\.ts|service-requests\.ts|waitlist\.ts))/,
    priority: 0,
  },
  // What the three service-request pages share (labels, the chip, the stores): one file for each page.
  {
    name: 'service-requests',
    test: /[\\/]src[\\/](?:lib[\\/]services[\\/]names\.ts|lib[\\/]api[\\/]contracts[\\/]service-requests\.ts|lib[\\/]validation[\\/]prescription\.ts|client[\\/]api[\\/]service-requests\.ts|islands[\\/]service-requests[\\/](?:labels\.ts|parts\.tsx)|stores[\\/]service-requests)/,
    priority: 0,
  },
  // What both views of the results page share after login (their stores, calls, contract,
  // labels) in one file, none of it in the files every account page loads. The
  // island itself (TestResultsPage: the login prompt and a lazy import) stays out, and so do the two
  // views (ResultsList with the claim form, ResultView with the document, charts and share links):
  // each is its own lazily loaded file. After 'forms' (same priority, later index), so the rules
  // the contract imports stay there: a group takes its modules' dependencies with it.
  {
    name: 'test-results',
    test: /[\\/]src[\\/](?:lib[\\/]api[\\/]contracts[\\/]test-results\.ts|lib[\\/]test-results[\\/]|client[\\/]api[\\/]test-results\.ts|stores[\\/]test-results|islands[\\/]test-results[\\/](?:ResultsContent\.tsx|labels\.ts))/,
    priority: 0,
  },
  // The waitlist's contract, calls, stores and words: only its join form and the patient's list
  // (both loaded on demand) use them, so the booking page and the account pages never carry them
  // at first paint. The booking page's join button and its tiny store (stores/waitlist-join.ts)
  // stay out, in the page's own file.
  {
    name: 'waitlist',
    test: /[\\/]src[\\/](?:lib[\\/]api[\\/]contracts[\\/]waitlist\.ts|lib[\\/]waitlist[\\/]|client[\\/]api[\\/]waitlist\.ts|stores[\\/]waitlist\.ts|islands[\\/]waitlist[\\/]labels\.ts)/,
    priority: 0,
  },
  { name: 'dates', test: /[\\/]src[\\/](?:lib[\\/]format[\\/]date\.ts|lib[\\/]pregnancy[\\/]|client[\\/]state[\\/]pregnancy\.ts)/, priority: 1 },
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
