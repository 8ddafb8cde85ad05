import { graphqlHeaders } from './environment.ts';

/**
 * Live updates: the server's `changes` subscription over Server-Sent Events (GraphQL over SSE,
 * POST with Accept: text/event-stream), reconnecting with backoff when the network drops.
 * Listeners hear every change of the signed-in user's data, from any tab or device.
 */
type Listener = (topics: string[]) => void;
const listeners = new Set<Listener>();

export function onChange(listener: Listener) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

function emit(topics: string[]) {
  listeners.forEach((l) => l(topics));
}

const SUBSCRIPTION = 'subscription LiveChanges { changes { topics at } }';

/** Parses an SSE byte stream into `data:` payloads of `next` events. */
async function readEvents(body: ReadableStream<Uint8Array>, onData: (data: string) => void) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const lines = block.split('\n');
      const event = lines.find((l) => l.startsWith('event:'))?.slice(6).trim() ?? 'message';
      const data = lines.filter((l) => l.startsWith('data:')).map((l) => l.slice(5).trim()).join('\n');
      if (event === 'next' && data) onData(data);
    }
  }
}

/** Keeps the subscription open until `signal` aborts; returns when it does. */
export async function runLiveChanges(signal: AbortSignal, onStatus?: (connected: boolean) => void) {
  let delay = 1000;
  while (!signal.aborted) {
    try {
      const res = await fetch('/graphql', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { ...graphqlHeaders(), accept: 'text/event-stream' },
        body: JSON.stringify({ query: SUBSCRIPTION }),
        signal,
      });
      if (res.status === 401) return; // signed out: nothing to listen to
      if (!res.ok || !res.body) throw new Error(`live updates: ${res.status}`);
      onStatus?.(true);
      delay = 1000;
      await readEvents(res.body, (data) => {
        const topics = (JSON.parse(data) as { data?: { changes?: { topics: string[] } } }).data?.changes?.topics;
        if (topics) emit(topics);
      });
    } catch {
      if (signal.aborted) return;
    }
    onStatus?.(false);
    await new Promise((r) => setTimeout(r, delay));
    delay = Math.min(delay * 2, 30_000);
    // Whatever happened while disconnected, refresh once reconnected.
    if (!signal.aborted) emit(['*']);
  }
}
