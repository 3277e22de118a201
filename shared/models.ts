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
  kind: 'ollama' | 'openai-compatible';
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
}

/**
 * `models` holds the models of every server that answered (the first server's under their plain
 * names); `servers` says per server what happened, for a picker grouped by server. The type is
 * `ok` when any server answered; otherwise the first server's failure.
 */
export type ModelListResult =
  | { type: 'ok'; host: string; models: ModelInfo[]; servers?: ServerModels[] }
  | { type: 'unreachable'; host: string; message: string; servers?: ServerModels[] }
  | { type: 'error'; host: string; message: string; servers?: ServerModels[] };
