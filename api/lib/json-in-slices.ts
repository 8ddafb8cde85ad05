import { letOthersIn } from './work-in-slices.ts';

/** How many items of a long array are written at once. */
const SLICE = 1000;

/**
 * The JSON text of `value`, as `JSON.stringify` writes it, in pieces: an array longer than a slice
 * is written a slice of items at a time, letting others in between (an imported file's preview is
 * megabytes of JSON, which one `JSON.stringify` would write in one piece: docs/performance.md#imports).
 * Objects on the way to such an array are walked key by key; everything else is stringified whole.
 */
export async function* jsonInSlices(value: unknown): AsyncGenerator<string> {
  if (Array.isArray(value) && value.length > SLICE) {
    for (let i = 0; i < value.length; i += SLICE) {
      const slice = JSON.stringify(value.slice(i, i + SLICE));
      yield `${i === 0 ? '[' : ','}${slice.slice(1, -1)}`;
      await letOthersIn();
    }
    yield ']';
  } else if (isPlainObject(value)) {
    let first = true;
    for (const [key, item] of Object.entries(value)) {
      if (item === undefined || typeof item === 'function' || typeof item === 'symbol') continue;
      yield `${first ? '{' : ','}${JSON.stringify(key)}:`;
      first = false;
      yield* jsonInSlices(item);
    }
    yield first ? '{}' : '}';
  } else {
    yield JSON.stringify(value) ?? 'null';
  }
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && typeof (value as { toJSON?: unknown }).toJSON !== 'function';

/** `jsonInSlices` as a byte stream, in pieces of 16 KB or more (an answer's body, written as it is made). */
export function jsonStream(value: unknown): ReadableStream<Uint8Array> {
  const pieces = jsonInSlices(value);
  const encoder = new TextEncoder();
  return new ReadableStream({
    async pull(controller) {
      let text = '';
      for (let next = await pieces.next(); ; next = await pieces.next()) {
        if (next.done) {
          if (text) controller.enqueue(encoder.encode(text));
          controller.close();
          return;
        }
        text += next.value;
        if (text.length >= 16 * 1024) break;
      }
      controller.enqueue(encoder.encode(text));
    },
    async cancel() {
      await pieces.return(undefined);
    },
  });
}
