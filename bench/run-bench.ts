/**
 * `npm run bench [-- --json] [--runs N] [--only parts]`: every figure in BENCHMARKS.md, each measured
 * several times (what is compared runs interleaved), as a table or as one JSON object of medians.
 * Progress goes to stderr; with --json, stdout carries the JSON object and nothing else.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BENCH_USAGE, parseBenchArgs, type Stage } from './runner/bench-args';
import type { Failures, FigureName, Samples } from './report/bench-figures';
import { jsonReport, tableReport } from './report/bench-report';
import { launchChromium, runBrowserBench } from './browser/browser-bench';
import { buildRenderer, measureBundle } from './browser/bundle-bench';
import { runLoopBench } from './loop-bench';
import { runMcpBench } from './mcp-bench';
import { describeMachine, machineInfo } from './runner/machine-info';
import { runPeerBench } from './peer/peer-bench';
import { runStage } from './runner/bench-stage';
import { stopAllStarted } from './runner/bench-processes';
import { runPipelineBench } from './pipeline-bench';
import { runProbeOverheadBench } from './probe-overhead-bench';
import { runRssBench } from './browser/rss-bench';
import { runSkillPromptBench } from './skills/skill-prompt-size';
import { runSelectionBench } from './tool-selection/selection-bench';
import { runPromptCacheBench } from './prompt-cache/prompt-cache-bench';
import { runColdStartBench } from './browser/cold-start-bench';
import { runConcurrentPageBench } from './browser/concurrent-page-bench';
import { runRenderHostileBench } from './browser/render-hostile-bench';
import { runConcurrentBench } from './services/concurrent-bench';
import { runFirstTokenBench } from './services/first-token-bench';
import { runSoakBench } from './services/soak-bench';
import { runGatewayBench } from './gateway/gateway-bench';
import { runUndoBench } from './undo-bench';
import { runHistoryBench, runOpenMainBench } from './history/history-bench';

const STAGE_FIGURES: Record<Stage, FigureName[]> = {
  bundle: ['bundle_kb_gz'],
  pipeline: ['pipeline_ratio', 'main_us_per_token', 'batches_per_second'],
  loop: ['loop_ms_per_iteration'],
  probe: ['probe_overhead_ratio'],
  selection: ['tool_selection_recall_at_budget', 'tool_selection_recall_held_out', 'prompt_tokens_ratio', 'selection_ms_p95'],
  promptcache: ['prefix_reuse_ratio', 'prefix_reuse_ratio_turns', 'num_ctx_changes', 'side_request_delay_ms'],
  peer: ['peer_ratio'],
  browser: ['open_5000_ms', 'open_5000_ratio', 'stream_long_task_ms', 'frame_cost_ratio', 'dom_nodes_5000'],
  rss: ['main_rss_mb'],
  firsttoken: ['first_token_overhead_ms'],
  concurrent: ['concurrent_8_ratio'],
  concurrentpage: ['concurrent_8_long_task_ms'],
  renderhostile: ['render_hostile_long_task_ms'],
  soak: ['soak_rss_growth_mb'],
  coldstart: ['web_cold_start_ms'],
  mcp: ['mcp_call_overhead_ms'],
  gateway: ['gateway_overhead_ms'],
  undo: ['undo_8000_ratio', 'undo_preview_8000_ms'],
  openmain: ['open_main_ratio', 'open_main_branched_ratio'],
  knowledge: ['knowledge_index_chunks_per_s', 'knowledge_vector_p95_ms_10k', 'knowledge_vector_p95_ms_100k', 'knowledge_ram_mb_per_100k'],
  stores: ['knowledge_hybrid_p95_ms_100k', 'knowledge_cold_open_ms_100k', 'knowledge_disk_mb_per_100k'],
  retrieval: ['knowledge_lexical_recall_at_5', 'knowledge_lexical_mrr'],
  engine: [
    'engine_first_token_overhead_ms',
    'engine_per_token_ratio',
    'engine_load_loop_delay_ms',
    'engine_generate_loop_delay_ms',
    'engine_in_process_first_token_overhead_ms',
    'engine_in_process_per_token_ratio',
    'engine_in_process_load_loop_delay_ms',
    'engine_in_process_generate_loop_delay_ms',
  ],
  skills: ['skills_prompt_tokens_ratio'],
  history: ['history_cold_start_ratio', 'history_search_p95_ms', 'history_documents_search_p95_ms', 'history_rss_ratio'],
};

/** Stages that need the renderer built for them. */
const NEEDS_RENDERER: readonly Stage[] = [
  'bundle',
  'browser',
  'rss',
  'concurrent',
  'concurrentpage',
  'renderhostile',
  'coldstart',
  'history',
];

const log = (line: string): void => {
  process.stderr.write(`${line}\n`);
};

async function chromiumVersion(): Promise<string | null> {
  try {
    const browser = await launchChromium();
    const version = browser.version();
    await browser.close();
    return version;
  } catch {
    return null;
  }
}

async function main(): Promise<number> {
  const parsed = parseBenchArgs(process.argv.slice(2));
  if (parsed.type === 'help') {
    process.stdout.write(`${BENCH_USAGE}\n`);
    return 0;
  }
  if (parsed.type === 'error') {
    process.stderr.write(`${parsed.message}\n\n${BENCH_USAGE}\n`);
    return 2;
  }
  const { args } = parsed;
  if (args.json) {
    // Libraries that log must not break the one-object contract of stdout.
    console.log = console.info = console.debug = (...items: unknown[]) => console.error(...items);
  }
  const started = performance.now();
  const samples: Samples = {};
  const failures: Failures = {};
  const staticDir = await mkdtemp(join(tmpdir(), 'taco-bench-renderer-'));
  const needsBuild = args.stages.some((stage) => NEEDS_RENDERER.includes(stage));
  let built = false;
  try {
    if (needsBuild) {
      log('Building the renderer for the benchmark…');
      await buildRenderer(staticDir);
      built = true;
    }
  } catch (error) {
    log(`The renderer did not build: ${messageOf(error)}`);
  }
  const options = { runs: args.runs, log, staticDir };
  const stages: Record<Stage, () => Promise<Samples>> = {
    bundle: () => measureBundle(staticDir),
    pipeline: () => runPipelineBench(options),
    loop: () => runLoopBench(options),
    probe: () => runProbeOverheadBench(options),
    selection: () => runSelectionBench(options),
    promptcache: () => runPromptCacheBench(options),
    peer: () => runPeerBench(options),
    browser: () => runBrowserBench(options),
    rss: () => runRssBench(options),
    firsttoken: () => runFirstTokenBench(options),
    concurrent: () => runConcurrentBench(options),
    concurrentpage: () => runConcurrentPageBench(options),
    renderhostile: () => runRenderHostileBench(options),
    soak: () => runSoakBench(options),
    coldstart: () => runColdStartBench(options),
    mcp: () => runMcpBench(options),
    gateway: () => runGatewayBench(options),
    undo: () => runUndoBench(options),
    openmain: () => runOpenMainBench(options),
    history: () => runHistoryBench(options),
    skills: () => Promise.resolve(runSkillPromptBench()),
    knowledge: () => import('./knowledge-bench').then((loaded) => loaded.runKnowledgeBench(options)),
    stores: () => import('./knowledge/store-comparison').then((loaded) => loaded.runStoreComparison(options)),
    retrieval: () => import('./knowledge/retrieval-bench').then((loaded) => loaded.runRetrievalBench(options)),
    // node-llama-cpp loads only when this stage runs.
    engine: () => import('./engine/engine-bench').then((loaded) => loaded.runEngineBench(options)),
  };
  for (const stage of args.stages) {
    const figures = STAGE_FIGURES[stage];
    log(`\n${stage}: ${figures.join(', ')}`);
    const outcome = await runStage(async () => {
      if (!built && NEEDS_RENDERER.includes(stage)) throw new Error('the renderer did not build (see above)');
      return stages[stage]();
    }, log);
    if (outcome.type === 'ok') Object.assign(samples, outcome.value);
    else {
      log(`  ${stage} failed: ${outcome.message}`);
      for (const figure of figures) failures[figure] = `failed: ${outcome.message.split('\n')[0] ?? ''}`.slice(0, 80);
    }
  }
  await rm(staticDir, { recursive: true, force: true });
  const seconds = (performance.now() - started) / 1000;

  if (args.json) {
    process.stdout.write(`${jsonReport(samples)}\n`);
    log(`\nDone in ${seconds.toFixed(0)} s.`);
  } else {
    const machine = machineInfo(
      args.stages.some((stage) => stage === 'browser' || stage === 'rss' || stage === 'concurrentpage') ? await chromiumVersion() : null,
    );
    process.stdout.write(
      `\n${tableReport(samples, failures)}\n\nMachine: ${describeMachine(machine)}\nRuns per figure: ${args.runs}; finished in ${seconds.toFixed(0)} s.\n`,
    );
  }
  return Object.keys(failures).length > 0 ? 1 : 0;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

main().then(
  (code) => process.exit(code),
  async (error: unknown) => {
    process.stderr.write(`The benchmark could not run: ${messageOf(error)}\n`);
    await stopAllStarted();
    process.exit(1);
  },
);
