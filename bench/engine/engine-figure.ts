/** The built-in engine's figures (bench/engine/engine-bench.ts measures them), kept apart so the figure list loads no engine. */
export const ENGINE_FIGURES = [
  {
    name: 'engine_first_token_overhead_ms',
    unit: 'ms',
    budget: 50,
    meaning:
      'Time to the first streamed token through the built-in provider as main uses it (messages to and from the engine host, then history, template, prompt count, chunk queue there) minus node-llama-cpp’s LlamaChat called directly in the bench’s process, same tiny model, prompt and seed; pairs interleaved, median of the differences.',
  },
  {
    name: 'engine_per_token_ratio',
    unit: '×',
    budget: 1.1,
    meaning:
      'Time per generated token after the first through the built-in provider (engine host) over LlamaChat called directly (64 tokens, same model and seed).',
  },
  {
    name: 'engine_load_loop_delay_ms',
    unit: 'ms',
    budget: 1000,
    meaning:
      'Longest stall of main’s event loop while the built-in provider starts a fresh engine host and it loads a model (binding, GGUF check and metadata, loadModel, context, chat template); a tiny model, so this is the fixed cost.',
  },
  {
    name: 'engine_generate_loop_delay_ms',
    unit: 'ms',
    budget: 50,
    meaning: 'Longest stall of main’s event loop while the built-in provider streams 64 tokens from the engine host.',
  },
  {
    name: 'engine_in_process_first_token_overhead_ms',
    unit: 'ms',
    budget: 50,
    meaning:
      'engine_first_token_overhead_ms with the provider in the measuring process (no engine host): what the process boundary adds is the difference.',
  },
  {
    name: 'engine_in_process_per_token_ratio',
    unit: '×',
    budget: 1.1,
    meaning: 'engine_per_token_ratio with the provider in the measuring process (no engine host).',
  },
  {
    name: 'engine_in_process_load_loop_delay_ms',
    unit: 'ms',
    budget: 1000,
    meaning:
      'Longest event-loop stall while the provider loads a model in the same process (how main ran the engine before it had a process of its own).',
  },
  {
    name: 'engine_in_process_generate_loop_delay_ms',
    unit: 'ms',
    budget: 50,
    meaning: 'Longest event-loop stall while the provider streams 64 tokens in the same process (before: no engine host).',
  },
] as const;
