/// <reference types="astro/client" />

/** Set by astro.config.ts: the id of the running build (compared with /builds/latest.json). */
declare const __BUILD_ID__: string;

interface ImportMetaEnv {
  /** API base the browser calls (DESIGN.md §5); default `/api`. */
  readonly PUBLIC_API_BASE_URL?: string;
  /** Visitor-tracking API base; default: the API base. */
  readonly PUBLIC_TRACKING_URL?: string;
  /** The hospital's name, shown across the portal; default «بیمارستان نمونه» (demo). */
  readonly PUBLIC_HOSPITAL_NAME?: string;
  /** The admissions phone number shown in the footer; unset hides it. */
  readonly PUBLIC_HOSPITAL_PHONE?: string;
  /** The public origin, for canonical links and the sitemap; default http://localhost:4321. */
  readonly PUBLIC_SITE_URL?: string;
}
