import { DEFAULTS } from '../shared/constants';
/** What the benchmark runs, in one place. None of this changes how the app behaves. */
export const BENCH_DEFAULTS = {
  /**
   * The history figures (bench/history/): the long history. TACO_BENCH_HISTORY_SCALE
   * multiplies the counts (0.05 for a quick look; generating the full one takes minutes).
   */
  history: { conversations: 2000, meanMessages: 200, files: 5000, versions: 20000 },
  /**
   * history_cold_start_ratio: cold starts of each folder per run (alternating empty and history);
   * a run's ratio is of the medians. One start of each varied by up to ±250 ms on this machine.
   */
  historyColdStartPairs: 3,
  /** Queries per run for history_search_p95_ms and history_documents_search_p95_ms (after one warm-up query). */
  historyQueries: 40,
  /** open_main_ratio: the long and the short conversation, and conversation.get calls of each per run. */
  openMainLongMessages: 5000,
  openMainShortMessages: 50,
  openMainCallsPerRun: 7,
  /** open_main_branched_ratio: every this many exchanges, a question is edited (bench-data.ts branchedConversationEvents). */
  openMainEditEvery: 20,
  /** undo_8000_ratio / undo_preview_8000_ms (bench/undo-bench.ts): the file sizes compared, warm-up undos and pairs per run. */
  undoSmallLines: 100,
  undoLargeLines: 8_000,
  undoWarmupRuns: 3,
  undoPairsPerRun: 7,
  /** Measured runs per figure (after warm-up); `--runs` overrides. */
  runs: 5,
  /** The model every benchmark talks to (the fake server lists it, with tools). */
  model: 'llama3.2:3b',

  /**
   * pipeline_ratio, main_us_per_token, batches_per_second. The stream is sized by time: after the
   * warm-up pairs (at the start count), the count doubles until one bare read lasts at least
   * pipelineMinBareMs, and that count is used for every pair. A pair took about a tenth of a second
   * when the 1.10 budget was set; on a faster machine a fixed 20,000 tokens took ~21 ms, and the
   * fixed per-run tail (the run-finish waits at most one batch interval) became a third of the
   * ratio.
   */
  pipelineStartTokens: 20_000,
  pipelineMinBareMs: 100,
  pipelineMaxTokens: 1_280_000,
  pipelineWarmupRuns: 5,
  /** A pair takes a tenth of a second or more and pairs vary a lot on a shared machine: this many pairs per run. */
  pairsPerRun: 3,
  /** batches_per_second is the highest rate over this many consecutive batches. */
  batchRateWindow: 10,

  /**
   * probe_overhead_ratio: rounds over every probe task (each task tried both ways) before measuring,
   * and per measured sample. 24 warm-up rounds (~380 tries, ~2 s): after one, a try still got ~20 %
   * faster over the next few hundred as V8 compiled the loop, which a long check pays once.
   */
  probeWarmupRounds: 24,
  probeRoundsPerSample: 12,

  /** loop_ms_per_iteration: tool rounds per run, runs per measured sample, warm-up runs. */
  loopRounds: 10,
  loopRunsPerSample: 20,
  loopWarmupRuns: 30,

  /**
   * peer_ratio (bench/peer/peer-main.ts says why each): warm-up runs of each side, interleaved; runs of
   * one side per sample (a full GC before each sample); pairs of samples per `--runs`; how long
   * the measuring process may take. The task's tool rounds are fixed by the fake scenario
   * (bench-tool-rounds).
   */
  peerWarmupRuns: 40,
  peerRunsPerSample: 4,
  peerPairsPerRun: 4,
  peerTimeoutMs: 600_000,
  /** The AI SDK's step limit: five tool steps and the answer. */
  peerStepLimit: 6,

  /** Chromium figures. */
  browserMessages: 5000,
  browserSmallMessages: 10,
  /** open_5000_ratio: opening the 5,000-message conversation over opening one of this many. */
  browserOpenBaselineMessages: 50,
  streamTokens: 5000,
  viewport: { width: 1280, height: 800 },
  chromiumPath: '/usr/bin/chromium',

  /** Tool selection: catalogue size, timed passes over the labelled requests per run, a typical workspace. */
  selectionCatalogueSize: 150,
  selectionTimedPasses: 20,
  selectionWorkspace: '/home/user/projects/website',
  /** mcp_call_overhead_ms: echo calls per variant per run, and warm-up calls of each. */
  mcpCallsPerRun: 200,
  mcpWarmupCalls: 50,

  /** main_rss_mb. */
  rssConversations: 1000,
  rssMessagesPerConversation: 10,
  /** Memory settles for this long after the conversation opened before it is read. */
  rssSettleMs: 1500,

  /** first_token_overhead_ms: warm-up pairs, then measured pairs per run (bare client, chat.send). */
  firstTokenWarmupPairs: 3,
  firstTokenPairsPerRun: 4,
  /**
   * gateway_overhead_ms: measured pairs per run (direct, through the API). A pair takes a few ms, and
   * on a loaded machine the median of 12 (4 a run) still moved by 2 ms between full runs.
   */
  gatewayPairsPerRun: 10,
  /** Quiet before each first-token measurement: longer than one event batch interval (DEFAULTS.eventBatchIntervalMs, 16). */
  firstTokenQuietMs: 50,

  /** concurrent_8_ratio and the soak: the fake server's concurrent-tasks model. */
  concurrentConversations: 8,
  concurrentModel: 'qwen3:4b',
  /**
   * concurrent_8_ratio: untimed waves of eight before the measured ones, ~190 conversations. In a
   * fresh host V8's optimizing compiler, on threads of its own, took ~8 ms of CPU per conversation
   * for the first ~150 conversations and ~4 ms after; on two cores it ran only when the eight
   * were busy (measured 2026-11-26, commit 51082fb). The waves measure the host once it has settled.
   */
  concurrentWarmupWaves: 24,
  /** concurrent_8_ratio: the longest wait for a wave's titles (the host gives up on a title after its budget, and a second more). */
  concurrentTitleWaitMs: DEFAULTS.titles.budgetMs + 1000,
  /** concurrent_8_long_task_ms: untraced waves on the page before the measured ones, and how long a wave may take. */
  concurrentPageWarmupWaves: 1,
  concurrentPageTimeoutMs: 60_000,
  /** render_hostile_long_task_ms: wheel notches (400 px) up, then down, through the hostile conversation. */
  renderHostileScrollSteps: 30,
  /** soak_rss_growth_mb: runs in all, and the run after which the baseline RSS is read. */
  soakRuns: 300,
  soakBaselineRuns: 20,
  /** The soak process must finish within this long. */
  soakTimeoutMs: 600_000,
} as const;
