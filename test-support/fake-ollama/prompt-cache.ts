import type { JsonObject } from '../../shared/contract/json';

/**
 * What a real Ollama reports about the prompt, and why, imitated for the fake (ollama/ollama at
 * fb30760, 2026-08):
 *
 * - The prompt is the model's template rendered over the tools, the system text and the messages
 *   (template/template.go `Execute`): every `system` message is joined into one system block at
 *   the top (`collate`), consecutive messages of one role are joined with a blank line, and the
 *   tools are rendered as JSON (`templateTools.String`, json.Marshal). So what the server sees
 *   first is the tools, then the system text, then the conversation.
 * - The runner (llama.cpp's server behind llm/llama_server.go, with `cache_prompt: true`) keeps the
 *   previous prompt of its slot and evaluates only what follows the longest common prefix.
 *   `prompt_eval_count` is `cache_n + prompt_n` (llm/llama_server.go `promptEvalCount`): the
 *   whole prompt, cached or not; `prompt_eval_duration` is `prompt_ms`: only the evaluated part
 *   takes time.
 * - `load_duration` is the time from the request to the runner being ready (server/routes.go,
 *   `checkpointLoaded.Sub(checkpointStart)`): near zero for a loaded model, a whole load when the
 *   scheduler reloads, and it reloads when the runner options differ, `num_ctx` among them
 *   (server/sched.go `needsReload`). A reload starts with an empty cache.
 *
 * Tokens are counted as four characters each (no tokenizer here); the durations are nominal,
 * reported and never slept.
 */
export interface PromptEvaluation {
  /** The whole prompt in tokens (cached + evaluated), as Ollama reports it. */
  promptEvalCount: number;
  /** Tokens taken from the cache (the common prefix with the slot's previous prompt). */
  cachedTokens: number;
  promptEvalDurationNs: number;
  loadDurationNs: number;
  /** The model was (re)loaded for this request: first use, or another num_ctx than the loaded one. */
  reloaded: boolean;
}

/** Nominal costs reported by the fake (a small model on a CPU). */
export const PROMPT_COSTS = {
  charsPerToken: 4,
  evalNsPerToken: 1_000_000,
  loadNs: 2_000_000_000,
  loadedNs: 100_000,
} as const;

export interface PromptParts {
  model: string;
  tools: readonly unknown[] | null;
  messages: ReadonlyArray<{ role: string; content: string; tool_calls?: unknown[]; tool_name?: string }>;
  options: JsonObject;
}

/** The prompt as the server renders it, in its order: tools, the joined system text, then each message. */
export function renderServerPrompt(parts: Pick<PromptParts, 'tools' | 'messages'>): string {
  const system = parts.messages.filter((message) => message.role === 'system').map((message) => message.content);
  const out: string[] = [];
  if (parts.tools && parts.tools.length > 0) out.push(`<tools>${JSON.stringify(parts.tools)}</tools>`);
  if (system.length > 0) out.push(`<system>${system.join('\n\n')}`);
  let previousRole = '';
  for (const message of parts.messages) {
    if (message.role === 'system') continue;
    const calls = message.tool_calls && message.tool_calls.length > 0 ? JSON.stringify(message.tool_calls) : '';
    const text = `${message.content}${calls}`;
    // collate: consecutive messages of one role (tool results excepted) become one.
    if (message.role === previousRole && message.role !== 'tool') out.push(`\n\n${text}`);
    else out.push(`<${message.role}>${text}`);
    previousRole = message.role;
  }
  return out.join('');
}

/** Characters two prompts share from their start. */
export function commonPrefixLength(a: string, b: string): number {
  const max = Math.min(a.length, b.length);
  let index = 0;
  while (index < max && a.charCodeAt(index) === b.charCodeAt(index)) index += 1;
  return index;
}

export interface PromptCache {
  /** Accounts one chat request against the model's slot and remembers its prompt. */
  evaluate(parts: PromptParts): PromptEvaluation;
}

/** One slot per model, as a single-slot runner has (OLLAMA_NUM_PARALLEL=1). */
export function createPromptCache(): PromptCache {
  const slots = new Map<string, { numCtx: unknown; prompt: string }>();
  const tokens = (chars: number): number => Math.ceil(chars / PROMPT_COSTS.charsPerToken);
  return {
    evaluate(parts) {
      const prompt = renderServerPrompt(parts);
      const numCtx = parts.options['num_ctx'] ?? null;
      const slot = slots.get(parts.model);
      const reloaded = slot === undefined || slot.numCtx !== numCtx;
      const cachedTokens = reloaded ? 0 : Math.floor(commonPrefixLength(slot.prompt, prompt) / PROMPT_COSTS.charsPerToken);
      const promptEvalCount = Math.max(1, tokens(prompt.length));
      slots.set(parts.model, { numCtx, prompt });
      return {
        promptEvalCount,
        cachedTokens,
        promptEvalDurationNs: (promptEvalCount - cachedTokens) * PROMPT_COSTS.evalNsPerToken,
        loadDurationNs: reloaded ? PROMPT_COSTS.loadNs : PROMPT_COSTS.loadedNs,
        reloaded,
      };
    },
  };
}
