import type { ServerResponse } from 'node:http';
import { errorBody, GatewayError, toGatewayError } from '../../../services/gateway/openai-error';

/** Waits until the socket took what was written (a slow client slows its own stream, never the app). */
function drained(response: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      response.off('drain', done);
      response.off('close', done);
      resolve();
    };
    response.once('drain', done);
    response.once('close', done);
  });
}

/**
 * Sends chunks as Server-Sent Events the way OpenAI does (`data: <json>\n\n`, then `data: [DONE]`).
 * A failure after the first byte can no longer change the status: it goes out as a
 * `data: {"error": …}` chunk, which the `openai` client and the AI SDK raise as an error. Past
 * `maxBytes` the stream is cut with such a chunk.
 */
export async function sendSse(response: ServerResponse, chunks: AsyncIterable<unknown>, maxBytes: number, label: string): Promise<void> {
  response.writeHead(200, {
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-cache',
    Connection: 'keep-alive',
    'X-Content-Type-Options': 'nosniff',
  });
  let sent = 0;
  const write = async (text: string): Promise<void> => {
    sent += Buffer.byteLength(text);
    if (!response.write(text)) await drained(response);
  };
  const iterator = chunks[Symbol.asyncIterator]();
  try {
    for (;;) {
      if (response.destroyed) return;
      const next = await iterator.next();
      if (next.done) break;
      const line = `data: ${JSON.stringify(next.value)}\n\n`;
      if (sent + Buffer.byteLength(line) > maxBytes) {
        await iterator.return?.();
        await write(`data: ${JSON.stringify(errorBody(tooLong(maxBytes)))}\n\n`);
        response.end();
        return;
      }
      await write(line);
    }
    await write('data: [DONE]\n\n');
  } catch (error) {
    if (!response.destroyed) await write(`data: ${JSON.stringify(errorBody(toGatewayError(error, label)))}\n\n`);
  }
  response.end();
}

function tooLong(maxBytes: number): GatewayError {
  return new GatewayError(502, `TACO cut the answer off at ${Math.round(maxBytes / (1024 * 1024))} MB.`, 'stream_too_large');
}
