/** What the renderer and CLI know about an installed model (from /api/tags and /api/show). */
export interface ModelInfo {
  name: string;
  sizeBytes: number;
  family: string | null;
  parameterSize: string | null;
  quantization: string | null;
  /** Ollama's capability names, e.g. "completion", "tools", "thinking", "vision". Null when unknown. */
  capabilities: string[] | null;
}

export interface ModelCapabilities {
  tools: boolean;
  thinking: boolean;
  vision: boolean;
  /** Context length the model was trained for, from model_info "<arch>.context_length". */
  contextLength: number | null;
}

export type ModelListResult =
  | { type: 'ok'; host: string; models: ModelInfo[] }
  | { type: 'unreachable'; host: string; message: string }
  | { type: 'error'; host: string; message: string };
