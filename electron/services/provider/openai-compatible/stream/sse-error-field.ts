/**
 * Older llama.cpp (examples/server/server.cpp, 2024) sent a failure inside an open stream as an SSE
 * `error:` field ("error: " + json + "\n\n"). The openai client reads only `data:` (and `event:`),
 * so the server's words were lost and the step read as "ended early". This fetch rewrites such a
 * line into `data: {"error": …}`, which the client throws as the server's error.
 */
export function withSseErrorField(baseFetch: typeof fetch): typeof fetch {
  return async (input, init) => {
    const response = await baseFetch(input, init);
    const type = response.headers.get('content-type') ?? '';
    if (!response.ok || response.body === null || !type.includes('text/event-stream')) return response;
    const body = response.body.pipeThrough(new TextDecoderStream()).pipeThrough(errorFieldAsData()).pipeThrough(new TextEncoderStream());
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}

function rewriteLine(line: string): string {
  if (!line.startsWith('error:')) return line;
  const value = line.slice('error:'.length).trim();
  let error: unknown;
  try {
    error = JSON.parse(value);
  } catch {
    error = { message: value };
  }
  return `data: ${JSON.stringify({ error })}`;
}

/** Line by line (a line may be cut across chunks): only lines that start with `error:` change. */
function errorFieldAsData(): TransformStream<string, string> {
  let partial = '';
  return new TransformStream<string, string>({
    transform(chunk, controller) {
      const text = partial + chunk;
      const end = text.lastIndexOf('\n');
      if (end === -1) {
        partial = text;
        return;
      }
      partial = text.slice(end + 1);
      controller.enqueue(
        text
          .slice(0, end + 1)
          .split('\n')
          .map(rewriteLine)
          .join('\n'),
      );
    },
    flush(controller) {
      if (partial !== '') controller.enqueue(rewriteLine(partial));
    },
  });
}
