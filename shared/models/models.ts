/** What the renderer and CLI know about an installed model (from /api/tags and /api/show). */
export interface ModelInfo {
  name: string;
  sizeBytes: number;
  family: string | null;
  parameterSize: string | null;
  quantization: string | null;
  /** Ollama's capability names, e.g. "completion", "tools", "thinking", "vision". Null when unknown. */
  capabilities: string[] | null;
  /** The server the model is on, when it is not the first one (then `name` is `<serverId>::<model>`). */
  server?: { id: string; name: string };
  /** The server's own name of the model, for display (absent: `name`). */
  label?: string;
  /** Loaded in the server's memory now (Ollama `/api/ps`); absent or null when not loaded or unknown. */
  loaded?: LoadedModel | null;
}

/**
 * A model the server holds in memory (Ollama `/api/ps`, `ProcessModelResponse` in api/types.go:
 * `size`, `size_vram`, `context_length`). `vramBytes < sizeBytes` means part of it runs on the CPU.
 */
export interface LoadedModel {
  sizeBytes: number;
  vramBytes: number;
  /** The context the runner was loaded with; null when the server does not say. */
  contextLength: number | null;
}

/** One server's answer to models.list: its models, or why it could not be asked. */
export interface ServerModels {
  serverId: string;
  name: string;
  kind: 'ollama' | 'openai-compatible' | 'built-in';
  host: string;
  type: 'ok' | 'unreachable' | 'error';
  /** Why the list is missing, in words; null when ok. */
  message: string | null;
  /** Whether pull/delete/unload can be used on this server, and why not. */
  admin: { allowed: boolean; reason: string | null };
  models: ModelInfo[];
}

export interface ModelCapabilities {
  tools: boolean;
  thinking: boolean;
  vision: boolean;
  /** Context length the model was trained for, from model_info "<arch>.context_length". */
  contextLength: number | null;
  /** What the KV cache grows by per token of context (from /api/show model_info); null when the server does not say. */
  kvShape?: KvShape | null;
}

/**
 * The attention shape that sizes the KV cache, read from Ollama's /api/show `model_info` the way
 * ollama/ollama fs/ggml/ggml.go `GraphSize` reads the GGUF keys: per layer, K and V of
 * `keyLength`/`valueLength` (default embedding_length / head_count) for each of `kvHeads` heads.
 */
export interface KvShape {
  layers: number;
  kvHeads: number;
  keyLength: number;
  valueLength: number;
}

/**
 * Whether a context size fits where the model runs (models.contextFit), in words. Estimated from
 * the model's KV shape and what /api/ps says is in memory now:
 * - `fits`: no more memory than the model uses now;
 * - `grows`: all on the GPU now, and this context needs `extraBytes` more (it spills to the CPU if
 *   the GPU has less free);
 * - `spilled`: already partly on the CPU; a larger context moves more of it;
 * - `cpu`: runs on the CPU (no GPU memory in use): the context costs RAM;
 * - `not-loaded`: not in memory now: the weights plus the context's cache;
 * - `unknown`: the server does not say enough (not Ollama, or no model_info).
 */
export type ContextFit =
  | { type: 'fits'; kvBytes: number; message: string }
  | { type: 'grows'; kvBytes: number; extraBytes: number; message: string }
  | { type: 'spilled'; kvBytes: number; gpuShare: number; message: string }
  | { type: 'cpu'; kvBytes: number; message: string }
  | { type: 'not-loaded'; kvBytes: number; weightsBytes: number; message: string }
  | { type: 'unknown'; message: string };

/**
 * `models` holds the models of every server that answered (the first server's under their plain
 * names); `servers` says per server what happened, for a picker grouped by server. The type is
 * `ok` when any server answered; otherwise the first server's failure.
 */
export type ModelListResult =
  | { type: 'ok'; host: string; models: ModelInfo[]; servers?: ServerModels[] }
  | { type: 'unreachable'; host: string; message: string; servers?: ServerModels[] }
  | { type: 'error'; host: string; message: string; servers?: ServerModels[] };
