/**
 * The waitlist's plain values (parts of the day, the window, the key), apart from the contract's
 * valibot schemas, so the appointments page's waitlist reads them without loading the rules.
 */

export const PARTS_OF_DAY = ['morning', 'afternoon', 'any'] as const;

export type PartOfDay = (typeof PARTS_OF_DAY)[number];

/** How far ahead a patient may wait: `from` and `to` within the next 60 days. */
export const WAITLIST_WINDOW_DAYS = 60;

/** WL-XXXXXX */
export const WAITLIST_KEY_PATTERN = /^WL-[0-9A-Z]{6}$/;
