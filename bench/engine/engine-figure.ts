/** The built-in engine's figures (bench/engine/engine-bench.ts measures them), kept apart so the figure list loads no engine. */
export const ENGINE_FIGURES = [
  {
    name: 'engine_first_token_overhead_ms',
    unit: 'ms',
    budget: 50,
    meaning:
      'Time to the first streamed token through the built-in provider (history, template, prompt count, chunk queue) minus node-llama-cpp’s LlamaChat called directly, same tiny model, prompt and seed; pairs interleaved, median of the differences.',
  },
  {
    name: 'engine_per_token_ratio',
    unit: '×',
    budget: 1.1,
    meaning:
      'Time per generated token after the first through the built-in provider over LlamaChat called directly (64 tokens, same model and seed).',
  },
  {
    name: 'engine_load_loop_delay_ms',
    unit: 'ms',
    budget: 1000,
    meaning:
      'Longest event-loop stall in the process while the built-in provider loads a model (binding, GGUF check and metadata, loadModel, context, chat template); a tiny model, so this is the fixed cost.',
  },
  {
    name: 'engine_generate_loop_delay_ms',
    unit: 'ms',
    budget: 50,
    meaning: 'Longest event-loop stall in the process while the built-in provider streams 64 tokens.',
  },
] as const;
