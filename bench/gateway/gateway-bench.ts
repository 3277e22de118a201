/**
 * gateway_overhead_ms: what TACO's local API adds in front of the first token. Pairs alternate a
 * streamed chat sent straight to the fake Ollama (NDJSON, read until the first line with content)
 * and the same chat sent through TACO's `POST /v1/chat/completions` (SSE, read until the first
 * `delta.content`), both with plain `fetch` so neither side pays a client library the other does
 * not. The fake server runs in its own process (`bench-first-token`: a short answer at once); the
 * API and the app services run here, as the app holds them. The figure is the median difference.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startApiHost } from '../../electron/hosts/api/api-host';
import { createAppServices } from '../../electron/services/app/app-services';
import { BENCH_DEFAULTS } from '../bench-defaults';
import type { BenchLog, Samples } from '../report/bench-figures';
import { startFakeOllamaProcess } from '../runner/bench-processes';
import { interleave } from '../report/bench-stats';
import { GATEWAY_FIGURE } from './gateway-figure';

const KEY = 'bench-gateway-key-0123456789';
/** Unmeasured pairs first: both paths' code is compiled hot and their connections are open before timing starts. */
const WARMUP_PAIRS = 20;
const MESSAGES = [{ role: 'user', content: 'Say hello' }];

/** ms from the request to the first chunk of `body` for which `hasContent` is true; the rest is read to the end. */
async function firstContentMs(started: number, response: Response, hasContent: (text: string) => boolean): Promise<number> {
  if (!response.ok || !response.body) throw new Error(`HTTP ${response.status}: ${await response.text()}`);
  const decoder = new TextDecoder();
  let seen = '';
  let first: number | null = null;
  for await (const piece of response.body as unknown as AsyncIterable<Uint8Array>) {
    if (first !== null) continue;
    seen += decoder.decode(piece, { stream: true });
    if (hasContent(seen)) first = performance.now() - started;
  }
  if (first === null) throw new Error('the stream carried no content');
  return first;
}

async function direct(ollamaUrl: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${ollamaUrl}/api/chat`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ model: BENCH_DEFAULTS.model, messages: MESSAGES, stream: true }),
  });
  return firstContentMs(started, response, (text) => /"content":"[^"]/.test(text));
}

async function throughTaco(apiUrl: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${apiUrl}/chat/completions`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${KEY}` },
    body: JSON.stringify({ model: BENCH_DEFAULTS.model, messages: MESSAGES, stream: true }),
  });
  return firstContentMs(started, response, (text) => /"delta":\{[^}]*"content":"[^"]/.test(text));
}

export async function runGatewayBench(options: BenchLog): Promise<Samples> {
  const fake = await startFakeOllamaProcess('bench-first-token');
  const dataDir = await mkdtemp(join(tmpdir(), 'taco-bench-gateway-'));
  const services = await createAppServices({ dataDir, ollamaHost: fake.url, openExternal: async () => undefined });
  const api = await startApiHost({ port: 0, key: KEY, dataDir, services });
  try {
    for (let warm = 0; warm < WARMUP_PAIRS; warm += 1) {
      await direct(fake.url);
      await throughTaco(api.url);
    }
    const bare: number[] = [];
    const gateway: number[] = [];
    for (const variant of interleave(['bare', 'gateway'] as const, options.runs * BENCH_DEFAULTS.gatewayPairsPerRun)) {
      if (variant === 'bare') bare.push(await direct(fake.url));
      else gateway.push(await throughTaco(api.url));
    }
    const differences = gateway.flatMap((ms, index) => (bare[index] === undefined ? [] : [ms - (bare[index] ?? 0)]));
    options.log(`  first token: direct median ${median(bare).toFixed(2)} ms, through TACO ${median(gateway).toFixed(2)} ms`);
    return { [GATEWAY_FIGURE.name]: differences };
  } finally {
    await api.close();
    await services.dispose();
    await fake.process.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}
