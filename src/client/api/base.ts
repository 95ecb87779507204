/**
 * Where the browser sends API calls (DESIGN.md §5), read once for every caller: the API client,
 * and the few plain fetches that every page carries without it (logout, visit reports).
 */
export const API_BASE_URL = import.meta.env.PUBLIC_API_BASE_URL || '/api';

/** Visitor tracking may live on another host (PUBLIC_TRACKING_URL); by default the API's. */
export const TRACKING_BASE_URL = import.meta.env.PUBLIC_TRACKING_URL || API_BASE_URL;
