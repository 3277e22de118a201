import { GATEWAY_FIGURE } from '../gateway/gateway-figure';
import { ENGINE_FIGURES } from '../engine/engine-figure';

/** Every figure `npm run bench` reports, its budget (an upper bound, or a lower one where `atLeast`) and what it means. */
export const FIGURES = [
  {
    name: 'pipeline_ratio',
    unit: '×',
    budget: 1.1,
    meaning:
      'Time for a 20,000-token stream through provider + loop + batching (+ timeline) into the event sink, over the bare ollama client reading the same stream.',
  },
  {
    name: 'main_us_per_token',
    unit: 'µs',
    budget: 20,
    meaning: 'Main-process CPU time (user + system) per streamed token through that pipeline.',
  },
  {
    name: 'batches_per_second',
    unit: '/s',
    budget: 62,
    meaning: 'Highest rate of event batches to the renderer over any 10 consecutive batches of that stream.',
  },
  {
    name: 'loop_ms_per_iteration',
    unit: 'ms',
    budget: 1,
    meaning: 'Wall time per tool round of the agent loop with a zero-latency scripted model and a trivial tool.',
  },
  {
    name: 'probe_overhead_ratio',
    unit: '×',
    budget: 1.05,
    meaning:
      'Check this model: every probe task tried as the check tries it (scratch folder, events kept, judged) over the same agent run without that bookkeeping, on the fake server, summed wall time.',
  },
  {
    name: 'tool_selection_recall_at_budget',
    unit: '',
    budget: 0.95,
    atLeast: true,
    meaning:
      'Share of the labelled requests (bench/tool-selection/labelled-requests.ts) whose needed tool is among the tools offered at the default budget, lexical ranking, 150 tools.',
  },
  {
    name: 'tool_selection_recall_held_out',
    unit: '',
    budget: 0.95,
    atLeast: true,
    meaning:
      'The same recall over the held-out half of the labelled requests only (heldOut: never tuned on; bench/tool-selection/seeded-split.ts), keywords only.',
  },
  {
    name: 'prompt_tokens_ratio',
    unit: '×',
    budget: 0.35,
    meaning:
      'Prompt size with selection over without, 150 tools: characters of the serialized tool definitions + system prompt + request, mean over the labelled requests.',
  },
  {
    name: 'selection_ms_p95',
    unit: 'ms',
    budget: 5,
    meaning: '95th percentile time to rank and select the tools of one request (lexical, index already built), 150 tools.',
  },
  {
    name: 'prefix_reuse_ratio',
    unit: '×',
    budget: 0.9,
    atLeast: true,
    meaning:
      'A scripted 12-step agent run (bench/prompt-cache/cache-scripts.ts): per step, the share of its prompt (rendered as the server does: tools, system, messages) equal to the previous step’s prompt, mean.',
  },
  {
    name: 'prefix_reuse_ratio_turns',
    unit: '×',
    budget: 0.8,
    atLeast: true,
    meaning:
      'The same share for the first step of each turn of a scripted 20-turn conversation with tools, against the last step of the turn before.',
  },
  {
    name: 'num_ctx_changes',
    unit: '',
    budget: 1,
    meaning:
      'Distinct num_ctx values sent to one model within that conversation once its num_ctx is set, steps and side requests (title, context-switch check) included.',
  },
  {
    name: 'side_request_delay_ms',
    unit: 'ms',
    budget: 5,
    meaning:
      'Single-slot fake server: the next step’s first token with a side request sent just before it, minus without, through the provider’s side-request scheduling.',
  },
  {
    name: 'peer_ratio',
    unit: '×',
    budget: 0.75,
    meaning: 'A 5-round tool task against the fake server: our loop over the Vercel AI SDK tool loop, wall time.',
  },
  {
    name: 'open_5000_ms',
    unit: 'ms',
    budget: 150,
    meaning: 'Chromium: from clicking a 5,000-message conversation to its visible messages painted.',
  },
  {
    name: 'open_5000_ratio',
    unit: '×',
    budget: 2,
    meaning: 'Chromium: opening the 5,000-message conversation over opening a 50-message one, same run, fresh pages.',
  },
  {
    name: 'stream_long_task_ms',
    unit: 'ms',
    budget: 30,
    meaning: 'Chromium: longest renderer main-thread task while 5,000 tokens stream into the 5,000-message conversation.',
  },
  {
    name: 'frame_cost_ratio',
    unit: '×',
    budget: 1.5,
    meaning: 'Renderer main-thread time per event batch, streaming into 5,000 messages over streaming into 10.',
  },
  { name: 'dom_nodes_5000', unit: 'nodes', budget: 3000, meaning: 'DOM elements with the 5,000-message conversation open.' },
  { name: 'bundle_kb_gz', unit: 'KB', budget: 250, meaning: 'The renderer JavaScript loaded at start (entry + modulepreloads), gzipped.' },
  {
    name: 'main_rss_mb',
    unit: 'MB',
    budget: 200,
    meaning: 'Resident memory of main (the web host) with 1,000 conversations stored and one open.',
  },
  {
    name: 'first_token_overhead_ms',
    unit: 'ms',
    budget: 15,
    meaning: 'From chat.send to the first text-delta at a subscriber, minus the bare ollama client time to first token (same server).',
  },
  {
    name: 'concurrent_8_ratio',
    unit: '×',
    budget: 1.5,
    meaning:
      'Eight conversations streaming and calling tools at once through the web host, over one alone: per-conversation wall time, once the host has warmed up.',
  },
  {
    name: 'concurrent_8_long_task_ms',
    unit: 'ms',
    budget: 50,
    meaning: 'Chromium: longest renderer main-thread task while the page shows one of those eight busy conversations.',
  },
  {
    name: 'render_hostile_long_task_ms',
    unit: 'ms',
    budget: 50,
    meaning:
      'Chromium: longest task of the page (Long Tasks API) while a conversation of large and hostile mermaid diagrams and KaTeX formulas is opened, drawn and scrolled.',
  },
  {
    name: 'soak_rss_growth_mb',
    unit: 'MB',
    budget: 20,
    meaning: 'RSS growth of main over 300 consecutive tool-using runs, from the RSS after the first 20.',
  },
  {
    name: 'web_cold_start_ms',
    unit: 'ms',
    budget: 800,
    meaning: 'From starting the web host process to the first contentful paint of the app in Chromium.',
  },
  {
    name: 'mcp_call_overhead_ms',
    unit: 'ms',
    budget: 2,
    meaning:
      'TACO’s added time per MCP tool call (argument check, call path, result conversion) over the SDK’s bare callTool, server-everything echo over stdio.',
  },
  GATEWAY_FIGURE,
  ...ENGINE_FIGURES,
  {
    name: 'undo_8000_ratio',
    unit: '×',
    budget: 3,
    meaning:
      'A plain /undo of a write to an 8,000-line file over one to a 100-line file (no diff is computed for it; reads, hashes and kept versions only).',
  },
  {
    name: 'undo_preview_8000_ms',
    unit: 'ms',
    budget: 200,
    meaning:
      'Main: the Undo dialog’s preview of an 8,000-line file whose every line changed since the write (the bounded diff gives up after DEFAULTS.diff.timeoutMs and summarises; it was 19.9 s unbounded).',
  },
  {
    name: 'knowledge_index_chunks_per_s',
    unit: '/s',
    budget: 2000,
    atLeast: true,
    meaning:
      'Knowledge folders: markdown chunks cut along headings and added to the BM25 index per second (3,000 generated notes; reading files and embedding not counted).',
  },
  {
    name: 'knowledge_vector_p95_ms_10k',
    unit: 'ms',
    budget: 50,
    meaning: 'Knowledge folders: p95 of one vector search (cosine, top 50) over 10,000 chunks of 384 dimensions in the in-process store.',
  },
  {
    name: 'knowledge_vector_p95_ms_100k',
    unit: 'ms',
    budget: 300,
    meaning:
      'Knowledge folders: p95 of one vector search (cosine, top 50) over 100,000 chunks of 384 dimensions in the in-process store (a full scan).',
  },
  {
    name: 'knowledge_ram_mb_per_100k',
    unit: 'MB',
    budget: 400,
    meaning: 'Knowledge folders: memory the in-process store holds for 100,000 vectors of 384 dimensions (heap and array buffers).',
  },
  {
    name: 'knowledge_hybrid_p95_ms_100k',
    unit: 'ms',
    budget: 400,
    meaning:
      'Knowledge folders: p95 of one hybrid search (BM25 top 50 + vector top 50, fused) over 100,000 chunks in the in-process store, opened from disk (bench/knowledge/store-comparison.ts).',
  },
  {
    name: 'knowledge_cold_open_ms_100k',
    unit: 'ms',
    budget: 3000,
    meaning:
      'Knowledge folders: a fresh process opens the saved vectors of 100,000 chunks (384 dimensions) and answers its first vector search.',
  },
  {
    name: 'knowledge_disk_mb_per_100k',
    unit: 'MB',
    budget: 200,
    meaning: 'Knowledge folders: disk the saved vectors of 100,000 chunks of 384 dimensions take (the chunk texts not counted).',
  },
  {
    name: 'knowledge_lexical_recall_at_5',
    unit: '',
    budget: 0.8,
    atLeast: true,
    meaning:
      'Knowledge folders: share of the labelled questions (bench/knowledge/retrieval-set.ts, over the docs/ folder) whose answering passage is among the first 5 of the lexical (BM25) ranking.',
  },
  {
    name: 'knowledge_lexical_mrr',
    unit: '',
    budget: 0.6,
    atLeast: true,
    meaning:
      'Knowledge folders: mean reciprocal rank of the first answering passage over the same questions, lexical ranking (0 when not in the first 10).',
  },
  {
    name: 'open_main_ratio',
    unit: '×',
    budget: 1.5,
    meaning: 'Main’s time to answer a paged conversation.get (opening a conversation) for 5,000 messages over 50.',
  },
  {
    name: 'open_main_branched_ratio',
    unit: '×',
    budget: 1.5,
    meaning:
      'open_main_ratio for conversations a user edited (every 20th question edited, the last answer regenerated): 5,000 messages over 50.',
  },
  {
    name: 'history_cold_start_ratio',
    unit: '×',
    budget: 1.3,
    meaning:
      'Cold start to a usable window (bundled web host spawned → painted, conversations listed) with a long history over an empty data folder.',
  },
  {
    name: 'history_search_p95_ms',
    unit: 'ms',
    budget: 50,
    meaning: '95th percentile of conversations.search over the long history (2,000 conversations, ~200 MB of timelines).',
  },
  {
    name: 'history_documents_search_p95_ms',
    unit: 'ms',
    budget: 100,
    meaning: '95th percentile of search_documents over a workspace of 5,000 files with 20,000 versions.',
  },
  {
    name: 'history_rss_ratio',
    unit: '×',
    budget: 1.5,
    meaning: 'Main’s RSS (its services in a process of their own, one conversation open) with the long history over an empty data folder.',
  },
  {
    name: 'skills_prompt_tokens_ratio',
    unit: '×',
    budget: 0.1,
    meaning:
      'Prompt tokens one request spends on 50 installed skills with only the matching names and descriptions listed (progressive disclosure), over every SKILL.md in the prompt.',
  },
] as const;

export type FigureName = (typeof FIGURES)[number]['name'];
export type Figure = (typeof FIGURES)[number];

export const FIGURE_NAMES: readonly FigureName[] = FIGURES.map((figure) => figure.name);

/** Samples of one figure: one value per run (a ratio may be one value from interleaved medians). */
export type Samples = Partial<Record<FigureName, number[]>>;

/** Why a figure has no value (a stage failed): shown in the table and on stderr. */
export type Failures = Partial<Record<FigureName, string>>;

/** What every stage of the benchmark is given. */
export interface BenchLog {
  /** Measured runs per figure. */
  runs: number;
  /** Progress lines (stderr). */
  log: (line: string) => void;
}
