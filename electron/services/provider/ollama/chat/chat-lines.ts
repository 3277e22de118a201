/*
 * Reads a streamed /api/chat body (NDJSON: one JSON object a line) the way ollama-js does
 * (ollama/ollama-js src/utils.ts `parseJSON`, src/utils.ts `AbortableAsyncIterator`), but yields
 * ONE array of parsed lines per network chunk instead of one line per promise: lines that arrived
 * together are handed on together, so everything after the reader handles a burst, not a token.
 */

/** A line that is not JSON. ollama-js warns on stdout and skips it; we stop with what the line said. */
export class UnreadableLineError extends Error {
  constructor(line: string) {
    const shown = line.length > 120 ? `${line.slice(0, 120)}…` : line;
    super(`the server sent a line that is not JSON: ${JSON.stringify(shown)}`);
    this.name = 'UnreadableLineError';
  }
}

function errorOf(part: unknown): string | null {
  if (typeof part !== 'object' || part === null || !('error' in part)) return null;
  const error: unknown = part.error;
  return typeof error === 'string' ? error : JSON.stringify(error);
}

interface ParsedLines {
  parts: unknown[];
  /** Ollama's `{"error": …}` line (ollama-js throws `new Error(message.error)` for it); nothing after it is read. */
  error: Error | null;
}

function parseLines(text: string): ParsedLines {
  const parts: unknown[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    let part: unknown;
    try {
      part = JSON.parse(line);
    } catch {
      return { parts, error: new UnreadableLineError(line) };
    }
    const error = errorOf(part);
    if (error !== null) return { parts, error: new Error(error) };
    parts.push(part);
  }
  return { parts, error: null };
}

/** A web stream's chunks; stopping early cancels it. */
async function* chunksOf(body: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array, void, undefined> {
  const reader = body.getReader();
  let ended = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      yield value;
    }
    ended = true;
  } finally {
    if (!ended) reader.cancel().catch(() => undefined);
  }
}

/**
 * Yields the parsed lines of each chunk of `body` as one array (never an empty one). A line split
 * across chunks (a multi-byte character included) is read once whole; a last line without a
 * newline is read at the end. Lines before an error line are yielded, then the error is thrown.
 * Stopping early (return, or an error line) ends the body's iteration, which cancels a web stream
 * and destroys a Node stream; an error from the body itself is thrown as it is. `body` is a
 * fetch Response's ReadableStream or the Node stream of the node:http path (chat-over-node-http.ts).
 */
export async function* readChatLines(
  body: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>,
): AsyncGenerator<unknown[], void, undefined> {
  const decoder = new TextDecoder('utf-8');
  let buffer = '';
  const emit = function* (text: string): Generator<unknown[], void, undefined> {
    const { parts, error } = parseLines(text);
    if (parts.length > 0) yield parts;
    if (error !== null) throw error;
  };
  for await (const value of body instanceof ReadableStream ? chunksOf(body) : body) {
    buffer += decoder.decode(value, { stream: true });
    const cut = buffer.lastIndexOf('\n');
    if (cut === -1) continue;
    const complete = buffer.slice(0, cut);
    buffer = buffer.slice(cut + 1);
    yield* emit(complete);
  }
  yield* emit(buffer + decoder.decode());
}
