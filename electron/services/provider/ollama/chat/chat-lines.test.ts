import { describe, expect, it, vi } from 'vitest';
import { readChatLines, UnreadableLineError } from './chat-lines';

const encoder = new TextEncoder();

/** A body that delivers exactly these chunks, one per read, then ends. */
function bodyOf(chunks: ReadonlyArray<string | Uint8Array>): ReadableStream<Uint8Array> {
  const queue = chunks.map((chunk) => (typeof chunk === 'string' ? encoder.encode(chunk) : chunk));
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = queue.shift();
      if (next === undefined) controller.close();
      else controller.enqueue(next);
    },
  });
}

async function readAll(body: ReadableStream<Uint8Array>): Promise<unknown[][]> {
  const bursts: unknown[][] = [];
  for await (const burst of readChatLines(body)) bursts.push(burst);
  return bursts;
}

const line = (content: string, done = false): string => `${JSON.stringify({ message: { role: 'assistant', content }, done })}\n`;
const part = (content: string, done = false): unknown => ({ message: { role: 'assistant', content }, done });

describe('readChatLines', () => {
  it('yields the lines of one chunk as one array', async () => {
    expect(await readAll(bodyOf([line('a') + line('b') + line('c', true)]))).toEqual([[part('a'), part('b'), part('c', true)]]);
  });

  it('reads a line split across chunks once, whole, with the chunk that completes it', async () => {
    const whole = line('hello');
    const bursts = await readAll(bodyOf([line('a') + whole.slice(0, 10), whole.slice(10, 20), whole.slice(20) + line('b', true)]));
    expect(bursts).toEqual([[part('a')], [part('hello'), part('b', true)]]);
  });

  it('decodes a multi-byte character split across chunks', async () => {
    const bytes = encoder.encode(line('café 🌮', true));
    const taco = bytes.indexOf(0xf0);
    // Cut inside the é (2 bytes) and inside the taco (4 bytes).
    const cutE = bytes.indexOf(0xc3) + 1;
    const bursts = await readAll(bodyOf([bytes.slice(0, cutE), bytes.slice(cutE, taco + 2), bytes.slice(taco + 2)]));
    expect(bursts).toEqual([[part('café 🌮', true)]]);
  });

  it('reads a last line that has no newline', async () => {
    expect(await readAll(bodyOf([line('a'), JSON.stringify({ done: true, eval_count: 2 })]))).toEqual([
      [part('a')],
      [{ done: true, eval_count: 2 }],
    ]);
  });

  it('skips blank lines and never yields an empty array', async () => {
    expect(await readAll(bodyOf(['\n', line('a'), '\r\n\n', line('b', true)]))).toEqual([[part('a')], [part('b', true)]]);
  });

  it("yields the lines before Ollama's error line, then throws the server's words", async () => {
    const bursts: unknown[][] = [];
    const reading = (async () => {
      for await (const burst of readChatLines(bodyOf([line('a') + '{"error":"model runner has unexpectedly stopped"}\n' + line('b')])))
        bursts.push(burst);
    })();
    await expect(reading).rejects.toThrow(/^model runner has unexpectedly stopped$/);
    expect(bursts).toEqual([[part('a')]]);
  });

  it('stops with a clear error at a line that is not JSON, and prints nothing', async () => {
    const warn = vi.spyOn(console, 'warn');
    const log = vi.spyOn(console, 'log');
    const reading = readAll(bodyOf([line('a'), '<html>bad gateway</html>\n']));
    await expect(reading).rejects.toBeInstanceOf(UnreadableLineError);
    expect(warn).not.toHaveBeenCalled();
    expect(log).not.toHaveBeenCalled();
    await expect(readAll(bodyOf(['<html>bad gateway</html>\n']))).rejects.toThrow(/not JSON: "<html>bad gateway<\/html>"/);
  });

  it('passes on an abort of the body, after what was read before it', async () => {
    let fail: (error: unknown) => void = () => undefined;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode(line('a')));
        fail = (error) => controller.error(error);
      },
    });
    const bursts: unknown[][] = [];
    const reading = (async () => {
      for await (const burst of readChatLines(body)) {
        bursts.push(burst);
        fail(new DOMException('This operation was aborted', 'AbortError'));
      }
    })();
    await expect(reading).rejects.toMatchObject({ name: 'AbortError' });
    expect(bursts).toEqual([[part('a')]]);
  });

  it('cancels the body when the reader stops early', async () => {
    let cancelled = false;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode(line('a', true)));
      },
      cancel() {
        cancelled = true;
      },
    });
    for await (const burst of readChatLines(body)) {
      expect(burst).toEqual([part('a', true)]);
      break;
    }
    expect(cancelled).toBe(true);
  });
});
