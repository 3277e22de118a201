/**
 * `npx tsx bench/peer/peer-breakdown.ts [--runs N] [--events none|app] [--ours-only | --with-fetch]`: where a round of peer_ratio's
 * task goes on our side. Our loop runs the task against the
 * same fake server as the peer bench (its own process), with the loop's span recorder on
 * (electron/services/agent/loop/round-spans.ts), interleaved with the AI SDK's loop for scale.
 * `--events app` sends every event where the app sends it: the event hub, the timeline writer into
 * a conversation store in a temporary folder, and a subscriber that serializes each batch as the
 * window's host does; `none` (the peer bench) drops them. Prints a Markdown table of medians.
 * `--with-fetch` adds a third side, interleaved with the two: our loop with the step sent through
 * ollama-js over Node's fetch instead of straight over node:http (an injected fetch, as with
 * DEFAULTS.agentPerf.streamOverNodeHttp off), for the before/after.
 * `--ours-only` leaves the AI SDK out, for a CPU profile of our side alone:
 * `node --cpu-prof --cpu-prof-dir=<dir> --import tsx bench/peer/peer-breakdown.ts --ours-only`, read with
 * `npx tsx bench/runner/cpu-profile-summary.ts <dir>/<file>.cpuprofile`.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createOllama } from 'ollama-ai-provider-v2';
import { DEFAULTS } from '../../shared/constants';
import type { TacoEvent } from '../../shared/contract/events';
import type { RoundPart } from '../../electron/services/agent/loop/round-spans';
import { createEventHub } from '../../electron/services/app/events/event-hub';
import { createOllamaProvider } from '../../electron/services/provider/ollama/ollama-provider';
import { createConversationStore } from '../../electron/services/store/conversations/conversation-store';
import { createTimelineWriter } from '../../electron/services/store/timeline/timeline-writer';
import { BENCH_DEFAULTS } from '../bench-defaults';
import { startFakeOllamaProcess } from '../runner/bench-processes';
import { interleave, median } from '../report/bench-stats';
import { createOursRunner, createTheirsRunner } from './peer-runners';

const PARTS: ReadonlyArray<{ part: RoundPart; label: string }> = [
  { part: 'selection', label: 'selection (toolsForRequest, window fit)' },
  { part: 'stack-context', label: 'stack context (contextPrompt)' },
  { part: 'request-build', label: 'request build (system prompt, definitions, fitContext)' },
  { part: 'provider-wait', label: 'provider: request → first chunk (body, fetch, server, first line)' },
  { part: 'provider-stream', label: 'provider: first chunk → end (read, parse, filter)' },
  { part: 'gates', label: 'gates (batch approvals, prefetch, scratch/depth/approval)' },
  { part: 'tool', label: 'tool (awaited)' },
  { part: 'events', label: 'events (inside emit: ids, then store + batcher with --events app)' },
];
const WARMUP_RUNS = BENCH_DEFAULTS.peerWarmupRuns;
type Side = 'ours' | 'theirs' | 'ours-fetch';
const STEPS_PER_RUN = 6;

function argValue(name: string, fallback: string): string {
  const index = process.argv.indexOf(name);
  return index === -1 ? fallback : (process.argv[index + 1] ?? fallback);
}

async function main(): Promise<void> {
  const runs = Number(argValue('--runs', '60'));
  const events = argValue('--events', 'none');
  const oursOnly = process.argv.includes('--ours-only');
  const withFetch = !oursOnly && process.argv.includes('--with-fetch');
  const fake = await startFakeOllamaProcess('bench-tool-rounds');
  const dataDir = await mkdtemp(join(tmpdir(), 'taco-peer-breakdown-'));
  const store = createConversationStore({ dataDir, log: () => undefined });
  const conversation = await store.create({ title: 'Peer breakdown', model: BENCH_DEFAULTS.model });
  const writer = createTimelineWriter(store, conversation.conversationId);
  const hub = createEventHub({ persist: (event) => writer.write(event) });
  let delivered = 0;
  hub.subscribe((batch) => {
    JSON.stringify(batch);
    delivered += batch.length;
  });
  let spans = new Map<RoundPart, number>();
  const ours = createOursRunner(createOllamaProvider({ host: fake.url, maxContextTokens: DEFAULTS.maxContextTokens }), {
    ...(events === 'app' ? { emit: (event: TacoEvent) => hub.emit(event) } : {}),
    onSpan: (part, ms) => spans.set(part, (spans.get(part) ?? 0) + ms),
  });
  // An injected fetch is used as it is (ollama-provider.ts): the stream goes over Node's fetch.
  const oursOverFetch = createOursRunner(
    createOllamaProvider({ host: fake.url, maxContextTokens: DEFAULTS.maxContextTokens, fetch: (input, init) => fetch(input, init) }),
    events === 'app' ? { emit: (event: TacoEvent) => hub.emit(event) } : {},
  );
  const theirs = createTheirsRunner(createOllama({ baseURL: `${fake.url}/api` })(BENCH_DEFAULTS.model));
  try {
    for (let warm = 0; warm < WARMUP_RUNS; warm += 1) {
      await ours();
      if (!oursOnly) await theirs();
      if (withFetch) await oursOverFetch();
    }
    const perRun: Array<Map<RoundPart, number>> = [];
    const runners: Record<Side, () => Promise<void>> = { ours, theirs, 'ours-fetch': oursOverFetch };
    const wall: Record<Side, number[]> = { ours: [], theirs: [], 'ours-fetch': [] };
    const cpu: Record<Side, number[]> = { ours: [], theirs: [], 'ours-fetch': [] };
    const sides: Side[] = oursOnly ? ['ours'] : withFetch ? ['ours', 'theirs', 'ours-fetch'] : ['ours', 'theirs'];
    for (const side of interleave<Side>(sides, runs)) {
      spans = new Map();
      const usage = process.cpuUsage();
      const started = performance.now();
      await runners[side]();
      wall[side].push(performance.now() - started);
      const used = process.cpuUsage(usage);
      cpu[side].push((used.user + used.system) / 1000);
      if (side === 'ours') perRun.push(spans);
    }
    const perStep = (part: RoundPart): number => median(perRun.map((run) => run.get(part) ?? 0)) / STEPS_PER_RUN;
    const ratio = (side: Side): string =>
      median(wall[side].flatMap((ms, index) => (wall.theirs[index] ? [ms / wall.theirs[index]] : []))).toFixed(3);
    // Events happen inside the other parts; the rest is what no part covers.
    const rest = perStep('step') - PARTS.filter(({ part }) => part !== 'events').reduce((sum, { part }) => sum + perStep(part), 0);
    const rows = [
      ...PARTS.map(({ part, label }) => `| ${label} | ${perStep(part).toFixed(3)} |`),
      `| rest of the step (decision, history, stack frames, status sentence timers, awaits) | ${rest.toFixed(3)} |`,
      `| whole step (request, reply, calls) | ${perStep('step').toFixed(3)} |`,
      `| our run, wall (6 steps) | ${median(wall.ours).toFixed(2)} |`,
      `| our run, main's CPU | ${median(cpu.ours).toFixed(2)} |`,
      ...(oursOnly
        ? []
        : [
            `| the AI SDK's run, wall | ${median(wall.theirs).toFixed(2)} |`,
            `| the AI SDK's run, CPU | ${median(cpu.theirs).toFixed(2)} |`,
          ]),
      ...(withFetch
        ? [
            `| our run over Node's fetch, wall | ${median(wall['ours-fetch']).toFixed(2)} |`,
            `| our run over Node's fetch, CPU | ${median(cpu['ours-fetch']).toFixed(2)} |`,
          ]
        : []),
    ];
    process.stdout.write(
      [
        `${runs} runs of each side after ${WARMUP_RUNS} warm-up, events: ${events}; ms per step (median over runs / ${STEPS_PER_RUN}) unless said`,
        oursOnly ? '' : `ratio of the pairs (ours / theirs): median ${ratio('ours')}`,
        withFetch ? `ratio of the pairs over Node's fetch (ours-fetch / theirs): median ${ratio('ours-fetch')}` : '',
        events === 'app' ? `events delivered to the subscriber: ${delivered}` : '',
        '',
        '| part of a step | ms |',
        '|---|---|',
        ...rows,
        '',
      ].join('\n'),
    );
  } finally {
    hub.dispose();
    await writer.close();
    await store.close();
    await fake.process.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
