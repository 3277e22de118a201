import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCoalescedWrites } from './coalesced-writes';

interface Gate {
  open(): void;
  wait: Promise<void>;
}
function gate(): Gate {
  let open = (): void => undefined;
  const wait = new Promise<void>((done) => (open = done));
  return { open, wait };
}

/** An append that records each call and holds the first one until its gate opens. */
function recordingAppends(first: Gate): { calls: Array<[string, string]>; appendTo: (path: string, text: string) => Promise<void> } {
  const calls: Array<[string, string]> = [];
  return {
    calls,
    appendTo: async (path, text) => {
      calls.push([path, text]);
      if (calls.length === 1) await first.wait;
    },
  };
}

let dir: string | null = null;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = null;
});

describe('coalesced writes', () => {
  it('joins the appends that wait behind a write in flight into one per file, each file in its order, the last-appended file last', async () => {
    const first = gate();
    const { calls, appendTo } = recordingAppends(first);
    const writes = createCoalescedWrites({ onError: (error) => expect.unreachable(String(error)), appendTo });

    writes.append('text-a', 'A1 ');
    // In flight now; these wait together.
    writes.append('log', 'a1\n');
    writes.append('text-b', 'B1 ');
    writes.append('log', 'b1\n');
    writes.append('text-a', 'A2 ');
    writes.append('log', 'a2\n');
    first.open();
    await writes.idle();

    expect(calls).toEqual([
      ['text-a', 'A1 '],
      ['text-b', 'B1 '],
      ['text-a', 'A2 '],
      ['log', 'a1\nb1\na2\n'],
    ]);
  });

  it('keeps a replace or removal in its place: appends before it go first, appends after it follow it', async () => {
    const first = gate();
    const { calls, appendTo } = recordingAppends(first);
    const order: string[] = [];
    const writes = createCoalescedWrites({ onError: (error) => expect.unreachable(String(error)), appendTo });

    writes.append('log', 'one\n');
    writes.append('log', 'two\n');
    writes.run(async () => {
      order.push(`task after ${calls.map(([, text]) => text).join('')}`);
    });
    writes.append('log', 'three\n');
    first.open();
    await writes.idle();

    expect(calls).toEqual([
      ['log', 'one\n'],
      ['log', 'two\n'],
      ['log', 'three\n'],
    ]);
    expect(order).toEqual(['task after one\ntwo\n']);
  });

  it('reports a failed write and goes on with the next; idle waits for the writes asked for while draining', async () => {
    dir = mkdtempSync(join(tmpdir(), 'taco-coalesced-'));
    const file = join(dir, 'log.jsonl');
    const errors: string[] = [];
    const writes = createCoalescedWrites({ onError: (error) => errors.push(String(error)) });

    writes.append(join(dir, 'missing', 'x.txt'), 'lost\n');
    writes.append(file, 'first\n');
    writes.run(() => writeFile(join(dir as string, 'other.txt'), 'replaced'));
    writes.append(file, 'second\n');
    await writes.idle();

    expect(errors).toEqual([expect.stringContaining('ENOENT')]);
    expect(readFileSync(file, 'utf8')).toBe('first\nsecond\n');
    expect(readFileSync(join(dir, 'other.txt'), 'utf8')).toBe('replaced');
  });
});
