import { describe, expect, it } from 'vitest';
import { FIGURE_NAMES, FIGURES } from './bench-figures';
import { jsonReport, mediansOf, tableReport, verdict } from './bench-report';

describe('jsonReport', () => {
  it('is exactly one JSON object with every figure of the issue as a key, medians as values', () => {
    const text = jsonReport({ pipeline_ratio: [1.1, 1.3, 1.2], dom_nodes_5000: [300, 280] });
    expect(text).not.toContain('\n');
    const parsed = JSON.parse(text) as Record<string, unknown>;
    expect(Object.keys(parsed)).toEqual([
      'pipeline_ratio',
      'main_us_per_token',
      'batches_per_second',
      'loop_ms_per_iteration',
      'probe_overhead_ratio',
      'tool_selection_recall_at_budget',
      'tool_selection_recall_held_out',
      'prompt_tokens_ratio',
      'selection_ms_p95',
      'prefix_reuse_ratio',
      'prefix_reuse_ratio_turns',
      'num_ctx_changes',
      'side_request_delay_ms',
      'peer_ratio',
      'open_5000_ms',
      'open_5000_ratio',
      'stream_long_task_ms',
      'frame_cost_ratio',
      'dom_nodes_5000',
      'bundle_kb_gz',
      'main_rss_mb',
      'first_token_overhead_ms',
      'concurrent_8_ratio',
      'concurrent_8_long_task_ms',
      'render_hostile_long_task_ms',
      'soak_rss_growth_mb',
      'web_cold_start_ms',
      'mcp_call_overhead_ms',
      'gateway_overhead_ms',
      'engine_first_token_overhead_ms',
      'engine_per_token_ratio',
      'engine_load_loop_delay_ms',
      'engine_generate_loop_delay_ms',
      'engine_in_process_first_token_overhead_ms',
      'engine_in_process_per_token_ratio',
      'engine_in_process_load_loop_delay_ms',
      'engine_in_process_generate_loop_delay_ms',
      'undo_8000_ratio',
      'undo_preview_8000_ms',
      'knowledge_index_chunks_per_s',
      'knowledge_vector_p95_ms_10k',
      'knowledge_vector_p95_ms_100k',
      'knowledge_ram_mb_per_100k',
      'knowledge_hybrid_p95_ms_100k',
      'knowledge_cold_open_ms_100k',
      'knowledge_disk_mb_per_100k',
      'knowledge_lexical_recall_at_5',
      'knowledge_lexical_mrr',
      'open_main_ratio',
      'open_main_branched_ratio',
      'history_cold_start_ratio',
      'history_search_p95_ms',
      'history_documents_search_p95_ms',
      'history_rss_ratio',
      'skills_prompt_tokens_ratio',
    ]);
    expect(parsed.pipeline_ratio).toBe(1.2);
    expect(parsed.dom_nodes_5000).toBe(290);
    expect(parsed.main_rss_mb).toBeNull();
  });

  it('has a budget for every figure as the issues set them, upper bounds except the selection recall and the prefix reuse', () => {
    expect(FIGURE_NAMES).toHaveLength(55);
    expect(FIGURES.filter((figure) => 'atLeast' in figure).map((figure) => figure.name)).toEqual([
      'tool_selection_recall_at_budget',
      'tool_selection_recall_held_out',
      'prefix_reuse_ratio',
      'prefix_reuse_ratio_turns',
      'knowledge_index_chunks_per_s',
      'knowledge_lexical_recall_at_5',
      'knowledge_lexical_mrr',
    ]);
    expect(Object.fromEntries(FIGURES.map((figure) => [figure.name, figure.budget]))).toEqual({
      pipeline_ratio: 1.1,
      main_us_per_token: 20,
      batches_per_second: 62,
      loop_ms_per_iteration: 1,
      probe_overhead_ratio: 1.05,
      tool_selection_recall_at_budget: 0.95,
      tool_selection_recall_held_out: 0.95,
      prompt_tokens_ratio: 0.35,
      selection_ms_p95: 5,
      prefix_reuse_ratio: 0.9,
      prefix_reuse_ratio_turns: 0.8,
      num_ctx_changes: 1,
      side_request_delay_ms: 5,
      peer_ratio: 0.75,
      open_5000_ms: 150,
      open_5000_ratio: 2,
      stream_long_task_ms: 30,
      frame_cost_ratio: 1.5,
      dom_nodes_5000: 3000,
      bundle_kb_gz: 250,
      main_rss_mb: 200,
      first_token_overhead_ms: 15,
      concurrent_8_ratio: 1.5,
      concurrent_8_long_task_ms: 50,
      render_hostile_long_task_ms: 50,
      soak_rss_growth_mb: 20,
      web_cold_start_ms: 800,
      mcp_call_overhead_ms: 2,
      gateway_overhead_ms: 5,
      engine_first_token_overhead_ms: 50,
      engine_per_token_ratio: 1.1,
      engine_load_loop_delay_ms: 1000,
      engine_generate_loop_delay_ms: 50,
      engine_in_process_first_token_overhead_ms: 50,
      engine_in_process_per_token_ratio: 1.1,
      engine_in_process_load_loop_delay_ms: 1000,
      engine_in_process_generate_loop_delay_ms: 50,
      undo_8000_ratio: 3,
      undo_preview_8000_ms: 200,
      knowledge_index_chunks_per_s: 2000,
      knowledge_vector_p95_ms_10k: 50,
      knowledge_vector_p95_ms_100k: 300,
      knowledge_ram_mb_per_100k: 400,
      knowledge_hybrid_p95_ms_100k: 400,
      knowledge_cold_open_ms_100k: 3000,
      knowledge_disk_mb_per_100k: 200,
      knowledge_lexical_recall_at_5: 0.8,
      knowledge_lexical_mrr: 0.6,
      open_main_ratio: 1.5,
      open_main_branched_ratio: 1.5,
      history_cold_start_ratio: 1.3,
      history_search_p95_ms: 50,
      history_documents_search_p95_ms: 100,
      history_rss_ratio: 1.5,
      skills_prompt_tokens_ratio: 0.1,
    });
  });
});

describe('tableReport', () => {
  it('shows each figure with its median, budget and verdict, and why one is missing', () => {
    const table = tableReport({ peer_ratio: [0.6, 0.7, 1.4], open_5000_ms: [350] }, { main_rss_mb: 'failed: no Chromium' });
    const row = (name: string) => table.split('\n').find((line) => line.startsWith(name)) ?? '';
    expect(row('peer_ratio')).toMatch(/0\.7 ×\s+≤ 0\.75 ×\s+met\s+3 \(0\.6 – 1\.4\)/);
    expect(row('open_5000_ms')).toMatch(/350 ms\s+≤ 150 ms\s+missed/);
    expect(row('main_rss_mb')).toMatch(/not measured\s+failed: no Chromium/);
  });

  it('judges a lower bound (the selection recall) from below', () => {
    expect(verdict(0.95, 0.95, true)).toBe('met');
    expect(verdict(0.9, 0.95, true)).toBe('missed');
    const table = tableReport({ tool_selection_recall_at_budget: [0.9] });
    expect(table.split('\n').find((line) => line.startsWith('tool_selection_recall_at_budget'))).toMatch(/0\.9\s+≥ 0\.95\s+missed/);
  });

  it('judges a value at the budget as met', () => {
    expect(verdict(1.2, 1.2)).toBe('met');
    expect(verdict(1.21, 1.2)).toBe('missed');
    expect(verdict(null, 1.2)).toBe('not measured');
    expect(mediansOf({}).peer_ratio).toBeNull();
  });
});
