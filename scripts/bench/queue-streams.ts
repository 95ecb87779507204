/**
 * The visit day's live streams under a crowd: the built portal on PGlite with the demo day
 * (DEMO_DATA=1), QUEUE_STREAM_COUNT idle waiting-room board streams
 * (`/api/public/queue/{doctor}/events`) held open by one process, the server's resident memory
 * before and after, and, for a few desk events posted through the hospital API, the time until every
 * stream has shown it (p50 / p95 / max). `npm run bench` runs it as the `queue` part; on its own:
 * `node scripts/bench/queue-streams.ts`.
 *
 * QUEUE_STREAM_COUNT (default 1000): how many streams to open.
 */
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import path from 'node:path';
import { type RunningServer, startServer } from '../../tests/support/server.ts';
import { table } from './report.ts';

const DEFAULT_STREAMS = 1000;
/** Streams a client address opens: under the board stream's 30 a minute per address. */
const STREAMS_PER_ADDRESS = 25;
/** Desk events timed, one at a time. */
const ROUNDS = 3;
/** Minutes of the delays announced: under 15, so no SMS goes out and only the streams are timed. */
const DELAYS = [3, 7, 11];

export interface QueueStreamsResult {
  streams: number;
  openedMs: number;
  rssBeforeMb: number;
  rssOpenMb: number;
  rssClosedMb: number;
  perStreamKb: number;
  rounds: Array<{ minutes: number; answeredMs: number; p50Ms: number; p95Ms: number; maxMs: number; reached: number }>;
}

/** The resident memory of process `pid` in MB (Linux: /proc/<pid>/status). */
function rssMb(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!match) throw new Error(`no VmRSS for process ${pid}`);
  return Number(match[1]) / 1024;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN;

interface BoardStream {
  /** Resolves when the first `queue` event arrived. */
  first: Promise<void>;
  /** When the stream showed a delay of each number of minutes (performance.now()). */
  seen: Map<number, number>;
  close(): void;
}

/** Opens one board stream; light on purpose (a thousand of them share this process). */
function openBoard(agent: Agent, url: URL, address: string): Promise<BoardStream> {
  return new Promise((resolve, reject) => {
    const outgoing = request({ agent, host: url.hostname, port: url.port, path: url.pathname, headers: { 'x-forwarded-for': address } }, (response) => {
      if (response.statusCode !== 200) {
        reject(new Error(`a board stream answered ${response.statusCode}`));
        response.resume();
        return;
      }
      const seen = new Map<number, number>();
      let firstSeen!: () => void;
      const first = new Promise<void>((done) => (firstSeen = done));
      let pending = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        const at = performance.now();
        pending += chunk;
        let boundary = pending.indexOf('\n\n');
        while (boundary >= 0) {
          const frame = pending.slice(0, boundary);
          pending = pending.slice(boundary + 2);
          if (frame.startsWith('event: queue')) {
            firstSeen();
            const minutes = /"delay_minutes":(\d+)/.exec(frame)?.[1];
            if (minutes !== undefined && !seen.has(Number(minutes))) seen.set(Number(minutes), at);
          }
          boundary = pending.indexOf('\n\n');
        }
      });
      resolve({ first, seen, close: () => outgoing.destroy() });
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

async function deskDelay(server: RunningServer, doctorId: string, key: string, minutes: number): Promise<void> {
  const answer = await fetch(new URL(`/api/hospital/v1/queue/${doctorId}/events`, server.url), {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ type: 'delay', minutes }),
  });
  if (answer.status !== 201) throw new Error(`the desk event answered ${answer.status}: ${await answer.text()}`);
}

/** Runs the bench against a portal of its own, which it stops before answering. */
export async function benchQueueStreams(count = Number(process.env.QUEUE_STREAM_COUNT ?? DEFAULT_STREAMS) || DEFAULT_STREAMS): Promise<QueueStreamsResult> {
  const server = await startServer({
    env: {
      TRUST_PROXY: '1',
      DEMO_DATA: '1',
      // Out of the way: the streams come 25 from an address (the board stream's rate limit is 30 a minute per address).
      QUEUE_STREAMS_PER_ADDRESS: '10000',
      APP_SECRET: 'bench-only-key-never-used-in-production-0002',
    },
  });
  const agent = new Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });
  const streams: BoardStream[] = [];
  try {
    const doctorId = /board at \/queue\/([^\s,]+)/.exec(server.output())?.[1];
    if (!doctorId) throw new Error(`the demo day was not seeded:\n${server.output().slice(-2000)}`);
    const deskKey = readFileSync(path.join(server.dataDir, 'hospital-cli-key'), 'utf8').trim();
    const pid = server.process.pid!;
    const boardUrl = new URL(`/api/public/queue/${doctorId}/events`, server.url);
    // One stream opened and closed first, so the "before" figure includes the code paths loaded.
    const warm = await openBoard(agent, boardUrl, '10.200.255.254');
    await warm.first;
    warm.close();
    await sleep(1000);
    const rssBeforeMb = rssMb(pid);

    const opening = performance.now();
    for (let i = 0; i < count; i += 50) {
      const batch = Array.from({ length: Math.min(50, count - i) }, (_, j) => {
        const n = Math.floor((i + j) / STREAMS_PER_ADDRESS);
        return openBoard(agent, boardUrl, `10.200.${n >> 8}.${n & 255}`);
      });
      streams.push(...(await Promise.all(batch)));
    }
    await Promise.all(streams.map((stream) => stream.first));
    const openedMs = performance.now() - opening;
    // Past the streams' one-event-a-second pacing, and let the heap settle.
    await sleep(2000);
    const rssOpenMb = rssMb(pid);

    const rounds: QueueStreamsResult['rounds'] = [];
    for (const minutes of DELAYS.slice(0, ROUNDS)) {
      const posted = performance.now();
      await deskDelay(server, doctorId, deskKey, minutes);
      const answeredMs = performance.now() - posted;
      const deadline = Date.now() + 30_000;
      while (streams.some((stream) => !stream.seen.has(minutes)) && Date.now() < deadline) await sleep(20);
      const latencies = streams
        .map((stream) => stream.seen.get(minutes))
        .filter((at): at is number => at !== undefined)
        .map((at) => at - posted)
        .sort((a, b) => a - b);
      rounds.push({
        minutes,
        answeredMs: Math.round(answeredMs),
        p50Ms: Math.round(quantile(latencies, 0.5)),
        p95Ms: Math.round(quantile(latencies, 0.95)),
        maxMs: Math.round(latencies.at(-1) ?? Number.NaN),
        reached: latencies.length,
      });
      // The next event after the streams' one-a-second pacing.
      await sleep(1500);
    }

    for (const stream of streams.splice(0)) stream.close();
    await sleep(2000);
    const rssClosedMb = rssMb(pid);
    return {
      streams: count,
      openedMs: Math.round(openedMs),
      rssBeforeMb: Math.round(rssBeforeMb * 10) / 10,
      rssOpenMb: Math.round(rssOpenMb * 10) / 10,
      rssClosedMb: Math.round(rssClosedMb * 10) / 10,
      perStreamKb: Math.round(((rssOpenMb - rssBeforeMb) * 1024) / count),
      rounds,
    };
  } finally {
    for (const stream of streams) stream.close();
    agent.destroy();
    await server.stop();
  }
}

export function queueStreamsSection(result: QueueStreamsResult): string {
  return [
    `${result.streams} idle board streams opened in ${result.openedMs} ms; server RSS ${result.rssBeforeMb} MB before, ` +
      `${result.rssOpenMb} MB with them open (≈ ${result.perStreamKb} KB a stream), ${result.rssClosedMb} MB after closing them`,
    table(
      ['desk event', 'answered', 'p50', 'p95', 'max', 'streams reached'],
      result.rounds.map((round) => [
        `delay ${round.minutes} min`,
        `${round.answeredMs} ms`,
        `${round.p50Ms} ms`,
        `${round.p95Ms} ms`,
        `${round.maxMs} ms`,
        `${round.reached}/${result.streams}`,
      ]),
    ),
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  benchQueueStreams().then(
    (result) => {
      console.log(queueStreamsSection(result));
      process.exit(0);
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
