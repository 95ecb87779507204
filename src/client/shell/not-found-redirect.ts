/** Spec §2, §9: five seconds after a 404, go home, replacing this entry in the history. */
export const NOT_FOUND_REDIRECT_MS = 5000;

setTimeout(() => location.replace('/'), NOT_FOUND_REDIRECT_MS);
