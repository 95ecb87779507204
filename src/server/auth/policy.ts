/**
 * The numbers of the login rules. SECURITY.md explains them; change both together.
 * Windows are rolling: "10 a day" means 10 in any 24 hours.
 */
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export interface Window {
  /** Events allowed in the window. */
  max: number;
  ms: number;
}

export const otpPolicy = {
  /** How long a code can be used. */
  codeTtlMs: 2 * MINUTE,
  /** Wrong tries that kill a code (the last of them included). */
  maxWrongTries: 5,
  /** Codes sent to one phone (that the SMS provider accepted): one a minute, 3 in 10 minutes, 10 a day. */
  sendsPerPhone: [
    { max: 1, ms: MINUTE },
    { max: 3, ms: 10 * MINUTE },
    { max: 10, ms: DAY },
  ] satisfies Window[],
  /** Codes sent for one address (generous: patients share addresses behind mobile carriers' NAT). */
  sendsPerAddress: { max: 30, ms: HOUR } satisfies Window,
  /**
   * Every attempt to send, the provider's failures included: the cap that keeps a broken provider
   * from being called endlessly. Failures do not count towards the limits above.
   */
  sendAttemptsPerPhone: [
    { max: 5, ms: 10 * MINUTE },
    { max: 20, ms: DAY },
  ] satisfies Window[],
  sendAttemptsPerAddress: { max: 60, ms: HOUR } satisfies Window,
  /** Failed checks from one address (any refused code, live or not) before it is refused checks. */
  failedChecksPerAddress: { max: 50, ms: HOUR } satisfies Window,
  /** After a successful check, the phone may register accounts with the same code for this long. */
  registrationWindowMs: 10 * MINUTE,
  /** Rows older than this are deleted: every window above is shorter. */
  keepRecordsMs: 2 * DAY,
} as const;

/**
 * Answers that a national code belongs to another account (409, at registration or a profile
 * edit), before the caller is refused any national code for a while (429): they would let anyone
 * logged in test whose national codes are registered. Counted per phone (all its accounts) and per
 * address. A typo rarely gets here: the check digit refuses almost every mistyped code first.
 */
export const nationalCodePolicy = {
  conflictsPerPhone: { max: 5, ms: DAY } satisfies Window,
  conflictsPerAddress: { max: 10, ms: HOUR } satisfies Window,
} as const;

export const tokenPolicy = {
  ttlMs: 30 * DAY,
  /**
   * Tokens one login may hand out in an hour, its code check's included: each switch of person
   * (decision 020) writes one, so a looped switch is stopped long before the table notices.
   */
  tokensPerLoginHour: { max: 60, ms: HOUR } satisfies Window,
  /** 256 random bits. */
  bytes: 32,
} as const;

/** Accounts one phone may own (a patient and family members). */
export const MAX_ACCOUNTS_PER_PHONE = 10;
