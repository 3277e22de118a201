import type { ServerResponse } from 'node:http';

/**
 * One HTTP answer exactly as a real model server writes it: status, headers and the body bytes,
 * one string per write the server flushes. `origin` names the server, the version (or commit) and
 * the source file or test the bytes were read from, so a reader can check them against the real
 * thing. The fakes serve a Replay verbatim (`serveReplay`); nothing in it is re-encoded.
 */
export interface Replay {
  origin: string;
  status: number;
  headers: Readonly<Record<string, string>>;
  writes: readonly string[];
}

/** The whole body of a replay, as a client that reads to the end sees it. */
export function replayBody(replay: Replay): string {
  return replay.writes.join('');
}

/** Writes a replay verbatim: the status and headers, then each write in order, then the end. */
export function serveReplay(response: ServerResponse, replay: Replay): void {
  response.writeHead(replay.status, { ...replay.headers });
  for (const piece of replay.writes) response.write(piece);
  response.end();
}

/** A replayed NDJSON stream (Ollama): one write per line, each ending in "\n". */
export function ndjsonLines(lines: readonly string[]): string[] {
  return lines.map((line) => `${line}\n`);
}

/** A replayed SSE stream (OpenAI-compatible servers): one write per event, each ending in a blank line. */
export function sseEvents(events: readonly string[]): string[] {
  return events.map((event) => `${event}\n\n`);
}
