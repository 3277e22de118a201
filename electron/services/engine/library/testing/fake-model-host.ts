import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** How the fake host answers one request for the model file. */
export type HostBehaviour =
  /** The file, honouring Range (206) unless told to ignore it. */
  | { type: 'file'; ignoreRange?: boolean }
  /** Sends this many bytes of the file, then holds the connection until release() is called. */
  | { type: 'hold'; afterBytes: number }
  /** Promises the whole length, sends this many bytes, then cuts the connection. */
  | { type: 'cut'; afterBytes: number }
  /** A web page (a sign-in or error page), status 200. */
  | { type: 'html' }
  /** Plain bytes that are not a model. */
  | { type: 'bytes'; body: Buffer };

export interface FakeModelHost {
  url: string;
  /** The Range header of each request, in order (null when none). */
  ranges: Array<string | null>;
  /** How the next requests are answered (the last one repeats). */
  behave(...behaviours: HostBehaviour[]): void;
  /** Lets a held response send the rest of the file. */
  release(): void;
  close(): Promise<void>;
}

/** A local stand-in for the Hugging Face file host, on 127.0.0.1. */
export async function startFakeModelHost(file: Buffer): Promise<FakeModelHost> {
  let queue: HostBehaviour[] = [{ type: 'file' }];
  const ranges: Array<string | null> = [];
  const held: Array<() => void> = [];
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    ranges.push(request.headers.range ?? null);
    const behaviour = queue.length > 1 ? queue.shift()! : queue[0]!;
    const range = /^bytes=(\d+)-$/.exec(request.headers.range ?? '');
    const start = range && !('ignoreRange' in behaviour && behaviour.ignoreRange) ? Number(range[1]) : 0;
    switch (behaviour.type) {
      case 'html':
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<!doctype html><title>Sign in</title>');
        return;
      case 'bytes':
        response
          .writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': behaviour.body.length })
          .end(behaviour.body);
        return;
      default:
    }
    if (start >= file.length) {
      response.writeHead(416, { 'content-range': `bytes */${file.length}` }).end();
      return;
    }
    const rest = file.subarray(start);
    response.writeHead(start > 0 ? 206 : 200, {
      'content-type': 'application/octet-stream',
      'content-length': rest.length,
      ...(start > 0 ? { 'content-range': `bytes ${start}-${file.length - 1}/${file.length}` } : {}),
    });
    if (behaviour.type === 'file') {
      response.end(rest);
    } else if (behaviour.type === 'cut') {
      response.write(rest.subarray(0, behaviour.afterBytes), () => response.socket?.destroy());
    } else {
      response.write(rest.subarray(0, behaviour.afterBytes));
      held.push(() => response.end(rest.subarray(behaviour.afterBytes)));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/model.gguf`,
    ranges,
    behave: (...behaviours) => {
      queue = behaviours;
    },
    release: () => {
      for (const send of held.splice(0)) send();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
