import type { CallName, CallRequest, CallResponse, EventPayloads, TacoApi } from '../../shared/contract';
import type { TacoEvent } from '../../shared/events';
import type { ModelInfo } from '../../shared/models';
import { defaultSettings } from '../../shared/settings';
import type { ToolInfo } from '../../shared/tool-info';

type Handler<K extends CallName> = (request: CallRequest<K>) => CallResponse<K> | Promise<CallResponse<K>>;
type Handlers = { [K in CallName]?: Handler<K> };

export interface FakeApi extends TacoApi {
  calls: { name: CallName; request: unknown }[];
  handle<K extends CallName>(name: K, handler: Handler<K>): void;
  emit(events: TacoEvent[]): void;
  callsOf<K extends CallName>(name: K): CallRequest<K>[];
}

export const model = (name: string, capabilities: string[] | null = ['completion', 'tools']): ModelInfo => ({
  name,
  sizeBytes: 2_019_393_189,
  family: 'llama',
  parameterSize: '3.2B',
  quantization: 'Q4_K_M',
  capabilities,
});

export const tool = (toolId: string, overrides: Partial<ToolInfo> = {}): ToolInfo => ({
  toolId,
  description: `Does ${toolId}`,
  type: 'function',
  category: 'files',
  parameters: { path: { type: 'string', description: 'Path in the workspace', required: true } },
  returns: {},
  usageInstructions: `Use ${toolId} carefully.`,
  risk: 'read',
  requiresApproval: false,
  ...overrides,
});

/** A scripted TacoApi: default answers for every call, overridable per call, recording what it was asked. */
export function createFakeApi(): FakeApi {
  const listeners = new Set<(payload: EventPayloads['taco-events']) => void>();
  let settings = defaultSettings();
  const handlers: Handlers = {
    'models.list': () => ({ type: 'ok', host: 'http://127.0.0.1:11434', models: [model('llama3.2'), model('qwen3', ['completion', 'tools', 'thinking'])] }),
    'settings.get': () => settings,
    'settings.set': (patch) => {
      settings = { ...settings, ...(patch as Partial<typeof settings>) };
      return settings;
    },
    'conversations.list': () => [],
    'chat.send': (request) => ({ type: 'run', runId: 'r1', conversationId: request.conversationId ?? 'c1' }),
    'chat.continue': (request) => ({ type: 'run', runId: 'r2', conversationId: request.conversationId }),
    'run.cancel': () => ({ cancelled: true }),
    'approval.respond': () => ({ accepted: true, message: null }),
    'depth.respond': () => ({ accepted: true }),
    'question.answer': () => ({ accepted: true }),
    'tools.list': () => [tool('read_file'), tool('write_file', { risk: 'write', requiresApproval: true }), tool('fetch_url', { category: 'web', risk: 'network', requiresApproval: true, description: 'Fetch a web page' })],
    'conversation.get': (request) => ({
      summary: { conversationId: request.conversationId, title: 'Stored', model: 'llama3.2', createdAt: 1, updatedAt: 2, pinned: false },
      events: [],
      notices: [],
    }),
    'app.openExternal': () => ({ opened: true, message: null }),
  };
  const calls: { name: CallName; request: unknown }[] = [];

  return {
    calls,
    async call<K extends CallName>(name: K, request: CallRequest<K>): Promise<CallResponse<K>> {
      calls.push({ name, request });
      const handler = handlers[name] as Handler<K> | undefined;
      if (!handler) throw new Error(`no fake handler for ${name}`);
      return handler(request);
    },
    subscribe(_event, listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    handle(name, handler) {
      (handlers as Record<string, unknown>)[name] = handler;
    },
    emit(events) {
      for (const listener of listeners) listener(events);
    },
    callsOf<K extends CallName>(name: K) {
      return calls.filter((entry) => entry.name === name).map((entry) => entry.request as CallRequest<K>);
    },
  };
}
