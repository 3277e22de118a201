/** The gateway's figure (bench/gateway/gateway-bench.ts measures it), kept apart so the figure list loads no services. */
export const GATEWAY_FIGURE = {
  name: 'gateway_overhead_ms',
  unit: 'ms',
  budget: 5,
  meaning:
    'Time to the first streamed token through TACO’s OpenAI-compatible API (passthrough to Ollama), minus the time straight from the same server; pairs interleaved, median of the differences.',
} as const;
