import type { IncomingMessage, ServerResponse } from 'node:http';
import type { JsonObject, JsonValue } from '../../shared/contract/json';

export function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    request.on('data', (part: Buffer) => parts.push(part));
    request.on('end', () => resolve(Buffer.concat(parts).toString('utf8')));
    request.on('error', reject);
  });
}

/** The body as a JSON object, or null when it is empty, not JSON, or not an object. */
export function parseJsonObject(text: string): JsonObject | null {
  if (text.trim() === '') return null;
  try {
    const value: unknown = JSON.parse(text);
    return isJsonObject(value) ? value : null;
  } catch {
    return null;
  }
}

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function sendJson(response: ServerResponse, status: number, body: JsonValue): void {
  const text = JSON.stringify(body);
  response.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text) });
  response.end(text);
}

export function sendError(response: ServerResponse, status: number, message: string): void {
  sendJson(response, status, { error: message });
}

export function sendText(response: ServerResponse, status: number, text: string): void {
  response.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Content-Length': Buffer.byteLength(text) });
  response.end(text);
}

/** Tracks whether the client went away, so scripted delays and stalls end with the connection. */
export class ResponseGuard {
  private isClosed = false;
  private readonly waiters = new Set<() => void>();

  constructor(private readonly response: ServerResponse) {
    response.on('close', () => this.markClosed());
  }

  get closed(): boolean {
    return this.isClosed || this.response.destroyed;
  }

  markClosed(): void {
    if (this.isClosed) return;
    this.isClosed = true;
    for (const wake of this.waiters) wake();
    this.waiters.clear();
  }

  /** Resolves after `ms`, or at once when the connection closes. */
  sleep(ms: number): Promise<void> {
    if (this.closed) return Promise.resolve();
    return new Promise((resolve) => {
      const wake = (): void => {
        clearTimeout(timer);
        this.waiters.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      this.waiters.add(wake);
    });
  }

  /** Resolves when the connection closes (a stall). */
  untilClosed(): Promise<void> {
    if (this.closed) return Promise.resolve();
    return new Promise((resolve) => this.waiters.add(resolve));
  }

  /** Writes, and waits for the socket to drain when its buffer is full. */
  async write(text: string): Promise<void> {
    if (this.closed) return;
    if (this.response.write(text)) return;
    await new Promise<void>((resolve) => {
      const done = (): void => {
        this.waiters.delete(done);
        this.response.off('drain', done);
        resolve();
      };
      this.response.once('drain', done);
      this.waiters.add(done);
    });
  }
}
