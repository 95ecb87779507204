/**
 * Server-Sent Events read from a fetch body (the bearer token rules out EventSource), after the
 * WHATWG parsing rules the server's stream needs: `event:` and `data:` fields (several data lines
 * joined by a newline), comment lines (the heartbeat), any of CRLF, LF or CR as the line end, and
 * frames split anywhere across network chunks. `id:` and `retry:` are read past: the client keeps
 * its own back-off, and the server sends the whole state in every event, so nothing is replayed.
 */

export interface SseEvent {
  /** `message` when the frame names none. */
  event: string;
  data: string;
}

/** Feeds text as it arrives; calls `onEvent` for each complete frame. */
export function createSseParser(onEvent: (event: SseEvent) => void): { feed(text: string): void } {
  let buffer = '';
  let type = '';
  let data: string[] = [];
  // A CR at the end of a chunk may be the first half of a CRLF split across two chunks.
  let pendingCr = false;

  const line = (text: string) => {
    if (text === '') {
      if (data.length > 0) onEvent({ event: type || 'message', data: data.join('\n') });
      type = '';
      data = [];
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') type = value;
    else if (field === 'data') data.push(value);
  };

  return {
    feed(text) {
      let chunk = text;
      if (pendingCr && chunk.startsWith('\n')) chunk = chunk.slice(1);
      pendingCr = chunk.endsWith('\r');
      buffer += chunk;
      const lines = buffer.split(/\r\n|\r|\n/);
      buffer = lines.pop() ?? '';
      for (const each of lines) line(each);
    },
  };
}

/**
 * Reads `body` to its end, calling `onChunk` for every chunk (a heartbeat is proof of life too) and
 * `onEvent` for every frame. Rejects when the connection fails or is aborted.
 */
export async function readSse(body: ReadableStream<Uint8Array>, onEvent: (event: SseEvent) => void, onChunk: () => void = () => {}): Promise<void> {
  const parser = createSseParser(onEvent);
  const decoder = new TextDecoder();
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      onChunk();
      parser.feed(decoder.decode(value, { stream: true }));
    }
  } finally {
    reader.releaseLock();
  }
}
