import { type IncomingHttpHeaders, request } from 'node:http';

/** One Server-Sent Event as a browser's EventSource would hand it over. */
export interface StreamEvent {
  event: string;
  data: string;
}

export interface EventStream {
  status: number;
  headers: IncomingHttpHeaders;
  /** The events received so far, in order; a refusal's body is in `text`. */
  events: StreamEvent[];
  /** Everything received so far (comments and `retry:` included). */
  text: () => string;
  /** The first event at or after index `from` that `match` accepts, as soon as it arrives. */
  waitFor(match: (event: StreamEvent) => boolean, from?: number): Promise<StreamEvent>;
  /** Resolves when the server has ended the response. */
  ended: Promise<void>;
  /** Drops the connection, as a closed tab would. */
  close(): void;
}

/**
 * GETs `url` and reads it as `text/event-stream`, through node:http so the request carries exactly
 * `headers` (fetch adds its own Accept-Encoding). A refusal (any status) resolves too: look at `status`.
 */
export function openEventStream(url: string, headers: Record<string, string> = {}): Promise<EventStream> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const outgoing = request({ host: target.hostname, port: target.port, path: `${target.pathname}${target.search}`, method: 'GET', headers }, (response) => {
      const events: StreamEvent[] = [];
      const waiters = new Set<() => void>();
      let received = '';
      let pending = '';
      let finished = false;
      let endedResolve!: () => void;
      const ended = new Promise<void>((done) => (endedResolve = done));
      const wake = () => {
        for (const waiter of [...waiters]) waiter();
      };
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        received += chunk;
        pending += chunk;
        let boundary = pending.indexOf('\n\n');
        while (boundary >= 0) {
          const block = pending.slice(0, boundary);
          pending = pending.slice(boundary + 2);
          let event = 'message';
          const data: string[] = [];
          for (const line of block.split('\n')) {
            if (line.startsWith('event:')) event = line.slice(6).trim();
            else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
          }
          if (data.length > 0) events.push({ event, data: data.join('\n') });
          boundary = pending.indexOf('\n\n');
        }
        wake();
      });
      const finish = () => {
        finished = true;
        endedResolve();
        wake();
      };
      response.on('end', finish);
      response.on('close', finish);
      response.on('error', finish);
      resolve({
        status: response.statusCode ?? 0,
        headers: response.headers,
        events,
        text: () => received,
        ended,
        waitFor(match, from = 0) {
          return new Promise((found, fail) => {
            const look = () => {
              const hit = events.slice(from).find(match);
              if (hit) {
                waiters.delete(look);
                found(hit);
              } else if (finished) {
                waiters.delete(look);
                fail(new Error(`the stream ended without the event awaited; it sent:\n${received.slice(-2000)}`));
              }
            };
            waiters.add(look);
            look();
          });
        },
        close() {
          outgoing.destroy();
          response.destroy();
        },
      });
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

/** The `data` of a `queue` event, parsed. */
export const queueData = <T = Record<string, unknown>>(event: StreamEvent) => JSON.parse(event.data) as T;
