/** The system Chromium both Lighthouse and Playwright drive. */
export const CHROMIUM_PATH = '/usr/bin/chromium';
