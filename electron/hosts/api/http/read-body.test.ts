import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readJsonBody } from './read-body';

function body(pieces: string[], headers: Record<string, string> = {}): IncomingMessage {
  return Object.assign(Readable.from(pieces.map((piece) => Buffer.from(piece))), { headers }) as unknown as IncomingMessage;
}

describe('readJsonBody', () => {
  it('reads JSON sent in pieces', async () => {
    await expect(readJsonBody(body(['{"a":', '"b"}']), 100)).resolves.toEqual({ a: 'b' });
  });

  it('stops at the cap while reading a body without Content-Length (chunked)', async () => {
    await expect(readJsonBody(body(['{"a":"', 'x'.repeat(20), '"}']), 16)).rejects.toMatchObject({
      status: 413,
      code: 'request_too_large',
    });
  });

  it('refuses at once when Content-Length says too much', async () => {
    await expect(readJsonBody(body([], { 'content-length': '17' }), 16)).rejects.toMatchObject({ status: 413 });
  });

  it('says why a body is not JSON', async () => {
    await expect(readJsonBody(body(['{nope']), 100)).rejects.toMatchObject({ status: 400, code: 'invalid_json' });
  });
});
