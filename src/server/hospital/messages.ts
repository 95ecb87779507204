/**
 * What the hospital API answers in its error envelope. Its readers are the hospital's IT staff and
 * their systems' logs, so each message says it in Persian and then in English.
 */
export const hospitalMessages = {
  missingKey: 'کلید API فرستاده نشده یا شناخته نیست (missing or unknown API key: send Authorization: Bearer <key>).',
  missingScope: (scope: string) => `این کلید API اجازهٔ «${scope}» را ندارد (this API key lacks the "${scope}" scope).`,
  badIdempotencyKey: 'سرآیند Idempotency-Key باید ۱ تا ۲۰۰ نویسهٔ چاپی لاتین باشد (Idempotency-Key must be 1–200 printable ASCII characters).',
  idempotencyMismatch: 'این Idempotency-Key پیش‌تر با درخواست دیگری به کار رفته است (this Idempotency-Key was already used with a different request).',
  idempotencyInProgress: 'درخواستی با همین Idempotency-Key هنوز در حال انجام است؛ کمی بعد دوباره بفرستید (a request with this Idempotency-Key is still in progress; retry shortly).',
};
