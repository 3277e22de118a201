import type { CallName, CallRequest, CallResponse, EventName, EventPayloads, TacoApi } from '../../shared/contract/contract';
import type { ConversationSummary } from '../../shared/conversations/conversation';
import type { ModelEvent, TacoEvent } from '../../shared/contract/events';
import type { ModelInfo } from '../../shared/models/models';
import { defaultSettings } from '../../shared/settings/settings';
import type { ToolInfo } from '../../shared/tools/tool-info';

type Handler<K extends CallName> = (request: CallRequest<K>) => CallResponse<K> | Promise<CallResponse<K>>;
type Handlers = { [K in CallName]?: Handler<K> };

export interface FakeApi extends TacoApi {
  calls: { name: CallName; request: unknown }[];
  handle<K extends CallName>(name: K, handler: Handler<K>): void;
  emit(events: TacoEvent[]): void;
  /** Push a batch on any event channel (e.g. 'model-events'). */
  emitOn<E extends EventName>(event: E, payload: EventPayloads[E]): void;
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

export const summary = (conversationId: string, overrides: Partial<ConversationSummary> = {}): ConversationSummary => ({
  conversationId,
  title: `Conversation ${conversationId}`,
  model: 'llama3.2',
  createdAt: 1,
  updatedAt: 2,
  pinned: false,
  ...overrides,
});

/** A scripted TacoApi: default answers for every call, overridable per call, recording what it was asked. */
export function createFakeApi(): FakeApi {
  const listeners: { [E in EventName]: Set<(payload: EventPayloads[E]) => void> } = {
    'taco-events': new Set(),
    'model-events': new Set<(payload: ModelEvent[]) => void>(),
  };
  let settings = defaultSettings();
  const handlers: Handlers = {
    'models.list': () => ({
      type: 'ok',
      host: 'http://127.0.0.1:11434',
      models: [model('llama3.2'), model('qwen3', ['completion', 'tools', 'thinking'])],
    }),
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
    'tools.list': () => [
      tool('read_file'),
      tool('write_file', { risk: 'write', requiresApproval: true }),
      tool('fetch_url', { category: 'web', risk: 'network', requiresApproval: true, description: 'Fetch a web page' }),
    ],
    'conversation.get': (request) => ({
      summary: { conversationId: request.conversationId, title: 'Stored', model: 'llama3.2', createdAt: 1, updatedAt: 2, pinned: false },
      events: [],
      notices: [],
    }),
    'app.openExternal': () => ({ opened: true, message: null }),
    'conversation.rename': (request) => summary(request.conversationId, { title: request.title.trim() }),
    'conversation.pin': (request) => summary(request.conversationId, { pinned: request.pinned }),
    'conversation.delete': () => ({ deleted: true }),
    'conversations.search': () => [],
    'conversation.export': (request) =>
      request.format === 'json'
        ? { filename: `${request.conversationId}.json`, mimeType: 'application/json', content: '{"format":"taco-conversation"}' }
        : { filename: `${request.conversationId}.md`, mimeType: 'text/markdown', content: '# Conversation' },
    'conversation.import': () => summary('imported', { title: 'Imported' }),
    'conversations.import': () => ({ source: 'taco', conversations: [summary('imported', { title: 'Imported' })], skipped: 0 }),
    'conversation.setOptions': (request) => summary(request.conversationId, { options: request.options }),
    'conversation.confirmSystemPrompt': (request) => summary(request.conversationId),
    'workflow.resume': (request) => ({ type: 'run', runId: 'r-resumed', conversationId: request.conversationId }),
    'workflow.abandon': () => ({ abandoned: true }),
    'chat.edit': (request) => ({ type: 'run', runId: 'r-edit', conversationId: request.conversationId }),
    'chat.regenerate': (request) => ({ type: 'run', runId: 'r-regen', conversationId: request.conversationId }),
    'mcp.list': () => ({ servers: [] }),
    'mcp.alwaysAllowed.list': () => ({ tools: [] }),
    'systemPrompts.list': () => [],
    'projects.list': () => [],
    'memory.list': () => ({ memories: [], problem: null }),
    'skills.list': () => ({ skills: [], problems: [] }),
  };
  const calls: { name: CallName; request: unknown }[] = [];

  return {
    calls,
    async call<K extends CallName>(name: K, request: CallRequest<K>): Promise<CallResponse<K>> {
      calls.push({ name, request });
      const handler = handlers[name];
      if (!handler) throw new Error(`no fake handler for ${name}`);
      return handler(request);
    },
    subscribe(event, listener) {
      const set = listeners[event] as Set<typeof listener>;
      set.add(listener);
      return () => void set.delete(listener);
    },
    handle(name, handler) {
      (handlers as Record<string, unknown>)[name] = handler;
    },
    emit(events) {
      for (const listener of listeners['taco-events']) listener(events);
    },
    emitOn(event, payload) {
      for (const listener of listeners[event] as Set<(payload: EventPayloads[typeof event]) => void>) listener(payload);
    },
    callsOf<K extends CallName>(name: K) {
      return calls.filter((entry) => entry.name === name).map((entry) => entry.request as CallRequest<K>);
    },
  };
}
