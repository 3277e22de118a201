import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FixtureEntry } from './registry-fixtures';

/**
 * A fake MCP registry serving the official API v0.1 (modelcontextprotocol/registry
 * `docs/reference/api/openapi.yaml` at dd37eb6332be8489687ef7bba48b06cfe4182a9e):
 * `GET /v0.1/servers?search=&cursor=&limit=&version=latest` (substring match on the name,
 * `metadata.nextCursor` an opaque cursor, `metadata.count`), and
 * `GET /v0.1/servers/{serverName}/versions/{version}` (`latest` for the newest). `answer` turns
 * it into a registry that is broken in one way.
 */
export interface FakeRegistry {
  url: string;
  /** Every request path and query, in order. */
  requests: string[];
  /** Adds a version (it becomes the latest of its name) or replaces the same version. */
  publish(entry: FixtureEntry): void;
  answer: 'registry' | 'not-json' | 'wrong-shape' | 'error-500';
  close(): Promise<void>;
}

export async function startFakeRegistry(options: { entries: FixtureEntry[]; pageSize?: number }): Promise<FakeRegistry> {
  const versions: FixtureEntry[] = [];
  const nameOf = (entry: FixtureEntry): string => String(entry.server['name']);
  const versionOf = (entry: FixtureEntry): string => String(entry.server['version']);
  const publish = (entry: FixtureEntry): void => {
    const at = versions.findIndex((each) => nameOf(each) === nameOf(entry) && versionOf(each) === versionOf(entry));
    if (at >= 0) versions[at] = entry;
    else versions.push(entry);
  };
  for (const entry of options.entries) publish(entry);
  const latest = (): FixtureEntry[] => {
    const byName = new Map<string, FixtureEntry>();
    for (const entry of versions) byName.set(nameOf(entry), entry);
    return [...byName.values()];
  };
  const pageSize = options.pageSize ?? 30;

  const fake: FakeRegistry = {
    url: '',
    requests: [],
    publish,
    answer: 'registry',
    close: () => new Promise((done) => server.close(() => done())),
  };

  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    fake.requests.push(`${url.pathname}${url.search}`);
    const send = (status: number, body: unknown): void => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (fake.answer === 'error-500') return send(500, { error: 'internal error' });
    if (fake.answer === 'not-json') {
      response.writeHead(200, { 'content-type': 'text/html' });
      return response.end('<html><body>Not a registry</body></html>');
    }
    if (fake.answer === 'wrong-shape') return send(200, { items: 'nope' });
    if (url.pathname === '/v0.1/servers') {
      const search = (url.searchParams.get('search') ?? '').toLowerCase();
      const limit = Math.min(Number(url.searchParams.get('limit') ?? pageSize) || pageSize, pageSize);
      const matching = latest().filter((entry) => nameOf(entry).toLowerCase().includes(search));
      const cursor = url.searchParams.get('cursor');
      const start = cursor ? Number(Buffer.from(cursor, 'base64url').toString('utf8')) : 0;
      const page = matching.slice(start, start + limit);
      const next = start + limit < matching.length ? Buffer.from(String(start + limit)).toString('base64url') : undefined;
      return send(200, { servers: page, metadata: { count: page.length, ...(next ? { nextCursor: next } : {}) } });
    }
    const one = /^\/v0\.1\/servers\/([^/]+)\/versions\/([^/]+)$/.exec(url.pathname);
    if (one) {
      const name = decodeURIComponent(one[1] ?? '');
      const version = decodeURIComponent(one[2] ?? '');
      const ofName = versions.filter((entry) => nameOf(entry) === name);
      const found = version === 'latest' ? ofName.at(-1) : ofName.find((entry) => versionOf(entry) === version);
      return found ? send(200, found) : send(404, { error: 'Server not found' });
    }
    send(404, { error: 'Not found' });
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
