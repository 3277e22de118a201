import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ServerResponse } from 'node:http';

/*
 * llama.cpp's slots (another client's request generates: its `n_decoded` grows at every read), as llama.cpp 82bb48500a9a behaves with `-np N` (captured from a running
 * llama-server: concurrent-np1.json, slots.raw in test-support/replays/llama-cpp/): a request that
 * finds every slot busy gets no headers until one frees (B's headers came at 0.37 s, when A ended),
 * and `GET /slots` answers at once with one object per slot, `is_processing` true while it works.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
const capturedSlot = (() => {
  const raw = readFileSync(path.join(here, '..', 'replays', 'llama-cpp', 'slots.raw'), 'utf8');
  const slots = JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4)) as Array<Record<string, unknown>>;
  return slots[0] ?? {};
})();

export interface FakeSlots {
  /** Waits for a free slot and takes it; the returned function frees it. */
  take(): Promise<() => void>;
  /** Another client's request holds a slot until the returned function is called. */
  occupy(): () => void;
  /** `GET /slots` as llama.cpp writes it: the captured slot's keys, `id` and `is_processing` per slot. */
  serve(response: ServerResponse): void;
}

export function createFakeSlots(count: number): FakeSlots {
  let busy = 0;
  /** Slots other clients hold (the first ones), each generating a token between two reads. */
  let occupied = 0;
  let reads = 0;
  const waiting: Array<() => void> = [];
  const free = (): void => {
    busy -= 1;
    waiting.shift()?.();
  };
  const once = (release: () => void): (() => void) => {
    let done = false;
    return () => {
      if (done) return;
      done = true;
      release();
    };
  };
  return {
    async take() {
      while (busy >= count) await new Promise<void>((wake) => waiting.push(wake));
      busy += 1;
      return once(free);
    },
    occupy() {
      busy += 1;
      occupied += 1;
      return once(() => {
        occupied -= 1;
        free();
      });
    },
    serve(response) {
      reads += 1;
      const nextToken = (capturedSlot['next_token'] as Array<Record<string, unknown>> | undefined)?.[0] ?? {};
      const body = JSON.stringify(
        Array.from({ length: count }, (_, id) => ({
          ...capturedSlot,
          id,
          is_processing: id < busy,
          next_token: [{ ...nextToken, n_decoded: id < occupied ? reads : 0 }],
        })),
      );
      response.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(body) });
      response.end(body);
    },
  };
}
