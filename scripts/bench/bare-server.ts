/**
 * The baseline for the load test: a bare `node:http` server, in its own process like the portal,
 * that answers every GET and every POST with a fixed status, headers and body captured from the
 * portal. POST bodies are read to the end before answering, as the portal must.
 *
 * Run directly as `node bare-server.ts <payload.json>`; `startBareServer()` does that for you.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface FixedResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

export interface BareResponses {
  GET: FixedResponse;
  POST: FixedResponse;
}

export interface BareServer {
  url: string;
  stop(): Promise<void>;
}

interface Payload {
  GET: { status: number; headers: Record<string, string>; body: string };
  POST: { status: number; headers: Record<string, string>; body: string };
}

const self = fileURLToPath(import.meta.url);

/** Starts the bare server in a child process on a free 127.0.0.1 port. */
export async function startBareServer(responses: BareResponses): Promise<BareServer> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-bare-'));
  const payloadFile = path.join(dir, 'payload.json');
  const encode = ({ status, headers, body }: FixedResponse) => ({ status, headers, body: body.toString('base64') });
  const payload: Payload = { GET: encode(responses.GET), POST: encode(responses.POST) };
  writeFileSync(payloadFile, JSON.stringify(payload));

  const child = spawn(process.execPath, [self, payloadFile], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`bare server did not start:\n${output}`)), 10_000);
      child.stdout.on('data', () => {
        const match = /listening on (http:\/\/\S+)/.exec(output);
        if (match?.[1]) {
          clearTimeout(timer);
          resolve(match[1]);
        }
      });
      child.on('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`bare server exited with ${code}:\n${output}`));
      });
    });
    return { url, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

function serve(payloadFile: string): void {
  const payload = JSON.parse(readFileSync(payloadFile, 'utf8')) as Payload;
  const decode = (response: Payload['GET']) => ({ ...response, body: Buffer.from(response.body, 'base64') });
  const get = decode(payload.GET);
  const post = decode(payload.POST);
  const server = createServer((req, res) => {
    const answer = (fixed: FixedResponse) => {
      res.writeHead(fixed.status, { ...fixed.headers, 'Content-Length': String(fixed.body.length) });
      res.end(fixed.body);
    };
    if (req.method === 'POST') {
      req.on('data', () => {});
      req.on('end', () => answer(post));
    } else {
      answer(get);
    }
  });
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    console.log(`bare server listening on http://127.0.0.1:${port}`);
  });
  process.on('SIGTERM', () => {
    server.close();
    server.closeAllConnections();
    process.exit(0);
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === self) {
  const payloadFile = process.argv[2];
  if (!payloadFile) throw new Error('usage: node bare-server.ts <payload.json>');
  serve(payloadFile);
}
