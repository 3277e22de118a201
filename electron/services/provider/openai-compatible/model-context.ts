import { readLlamaCppProps } from './llama-cpp/llama-cpp-props';
import { lmStudioLoadedContext } from './lm-studio/lm-studio-context';
import { contextLengthOf, trainingLengthOf } from './openai-models';

/** What a server says about one model outside chat: its context and whether its template takes tools. */
export interface ServerModelFacts {
  contextLength: number | null;
  /** llama.cpp's `chat_template_caps.supports_tools`; null when the server does not say. */
  supportsTools: boolean | null;
}

export interface ModelContextOptions {
  fetch: typeof fetch;
  baseUrl: string;
  headers: Readonly<Record<string, string>>;
  /** The server's `/v1/models` entries, listed afresh. */
  list(): Promise<readonly unknown[]>;
}

export interface ModelContextReader {
  /** Notes what a listing said (the provider's own listModels). */
  noted(entries: readonly unknown[]): void;
  /** Reads the model's context afresh, whatever path the model's name came from (picker, --model, the API). */
  read(model: string): Promise<ServerModelFacts>;
  /** Whether the server answered llama.cpp's `/props` when last read. */
  isLlamaCpp(): boolean;
}

/**
 * The context TACO plans a model's steps with, in order: llama.cpp's `/props?model=` slot
 * `n_ctx` (0, in router mode before loading, is unknown); what `/v1/models` says (llama.cpp
 * `meta.n_ctx`, vLLM `max_model_len`), listed again when the name did not come from a listing;
 * LM Studio's loaded context, asked only until the server shows it is not LM Studio (a 404) and
 * never of a llama.cpp server; last, llama.cpp's training length. Nothing is kept between reads
 * but the listing and whether the server is LM Studio: the caller decides when to read again.
 */
export function createModelContextReader(options: ModelContextOptions): ModelContextReader {
  const listed = new Map<string, { context: number | null; training: number | null }>();
  let lmStudio: 'unknown' | 'no' = 'unknown';
  let llamaCpp = false;

  function noted(entries: readonly unknown[]): void {
    for (const entry of entries) {
      const id = (entry as { id?: unknown } | null)?.id;
      if (typeof id === 'string') listed.set(id, { context: contextLengthOf(entry), training: trainingLengthOf(entry) });
      // llama.cpp lists its models as owned by "llamacpp": no LM Studio to ask.
      if ((entry as { owned_by?: unknown } | null)?.owned_by === 'llamacpp') lmStudio = 'no';
    }
  }

  async function read(model: string): Promise<ServerModelFacts> {
    const props = await readLlamaCppProps(options.fetch, options.baseUrl, options.headers, model);
    llamaCpp = props !== null;
    // A server that once answered llama.cpp's /props is no LM Studio, though /props fails now (restarting, loading).
    if (llamaCpp) lmStudio = 'no';
    const supportsTools = props?.supportsTools ?? null;
    if (props?.slotContext) return { contextLength: props.slotContext, supportsTools };
    await options.list().then(noted, () => undefined);
    const entry = listed.get(model);
    if (entry?.context) return { contextLength: entry.context, supportsTools };
    if (props === null && lmStudio !== 'no') {
      const answer = await lmStudioLoadedContext(options.fetch, options.baseUrl, options.headers, model);
      if (answer.type === 'not-lm-studio') lmStudio = 'no';
      else if (answer.tokens !== null) return { contextLength: answer.tokens, supportsTools };
    }
    return { contextLength: entry?.training ?? null, supportsTools };
  }

  return { noted, read, isLlamaCpp: () => llamaCpp };
}
