/**
 * A call that failed: with `response` (and its parsed body in `data`) when the server answered with
 * an error status, without one when the request never got an answer (no network, aborted; the
 * original error is the `cause`). The browser's API client throws it; `describeFailure` reads it.
 */
export class FetchError<T = unknown> extends Error {
  override name = 'FetchError';
  response: Response | undefined;
  data: T | undefined;
  status: number | undefined;
  statusCode: number | undefined;

  constructor(message: string, details: { response?: Response; data?: T; cause?: unknown } = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.response = details.response;
    this.data = details.data;
    this.status = details.response?.status;
    this.statusCode = details.response?.status;
  }
}
