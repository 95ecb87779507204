/// <reference types="astro/client" />

/** Set by astro.config.ts: the id of the running build (compared with /builds/latest.json). */
declare const __BUILD_ID__: string;

interface ImportMetaEnv {
  /** API base the browser calls (DESIGN.md §5); default `/api`. */
  readonly PUBLIC_API_BASE_URL?: string;
  /** Visitor-tracking API base; default: the API base. */
  readonly PUBLIC_TRACKING_URL?: string;
}
