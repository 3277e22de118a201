// Types only: shared/servers.ts carries zod schemas the renderer must not bundle.
import type { ServerConfig, ServerKind, ServerTestResult } from '../../../../../shared/models/servers';
import { DEFAULTS } from '../../../../../shared/constants';

/** What the add-server form holds. */
export interface ServerDraft {
  name: string;
  kind: ServerKind;
  baseUrl: string;
  /** The Authorization header value, e.g. "Bearer …"; empty for none. */
  authorization: string;
  allowInsecure: boolean;
}

export const EMPTY_DRAFT: ServerDraft = { name: '', kind: 'ollama', baseUrl: '', authorization: '', allowInsecure: false };

export const KIND_WORDS: Record<ServerKind, string> = {
  ollama: 'Ollama',
  'openai-compatible': 'OpenAI-compatible (vLLM, llama.cpp, LM Studio, Jan)',
  'built-in': 'Built-in engine (a GGUF file on this computer)',
};

/** A new id from the name: lower-case words joined by dashes, unique among `taken`. */
export function serverIdFor(name: string, taken: readonly string[]): string {
  const stem =
    name
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 32) || 'server';
  const base = stem === 'local' ? 'local-server' : stem;
  let id = base;
  for (let n = 2; taken.includes(id); n += 1) id = `${base}-${n}`;
  return id;
}

export function serverFromDraft(draft: ServerDraft, taken: readonly string[]): ServerConfig {
  const authorization = draft.authorization.trim();
  return {
    id: serverIdFor(draft.name, taken),
    name: draft.name.trim(),
    kind: draft.kind,
    baseUrl: draft.baseUrl.trim(),
    headers: authorization === '' ? {} : { Authorization: authorization },
    allowInsecure: draft.allowInsecure,
    connectTimeoutMs: DEFAULTS.servers.connectTimeoutMs,
    enabled: true,
    toolSupport: {},
  };
}

export function testRequestFor(server: Pick<ServerConfig, 'kind' | 'baseUrl' | 'headers' | 'allowInsecure'> & { id?: string }) {
  return {
    ...(server.id !== undefined ? { id: server.id } : {}),
    kind: server.kind,
    baseUrl: server.baseUrl.trim() || 'http://',
    headers: { ...server.headers },
    allowInsecure: server.allowInsecure,
  };
}

export type ServerTestState = { type: 'idle' } | { type: 'testing' } | { type: 'done'; result: ServerTestResult };
