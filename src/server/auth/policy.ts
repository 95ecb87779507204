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
  /** Codes sent to one phone: one a minute, 3 in 10 minutes, 10 a day. */
  sendsPerPhone: [
    { max: 1, ms: MINUTE },
    { max: 3, ms: 10 * MINUTE },
    { max: 10, ms: DAY },
  ] satisfies Window[],
  /** Codes requested from one address (generous: patients share addresses behind mobile carriers' NAT). */
  sendsPerAddress: { max: 30, ms: HOUR } satisfies Window,
  /** Failed checks that lock a phone: no sends, checks or registrations until the count falls below. */
  phoneLock: { max: 100, ms: DAY } satisfies Window,
  /** Failed checks from one address before it is refused checks. */
  failedChecksPerAddress: { max: 50, ms: HOUR } satisfies Window,
  /** After a successful check, the phone may register accounts with the same code for this long. */
  registrationWindowMs: 10 * MINUTE,
  /** Rows older than this are deleted: every window above is shorter. */
  keepRecordsMs: 2 * DAY,
} as const;

export const tokenPolicy = {
  ttlMs: 30 * DAY,
  /** 256 random bits. */
  bytes: 32,
} as const;

/** Accounts one phone may own (a patient and family members). */
export const MAX_ACCOUNTS_PER_PHONE = 10;
