import { createMemoryBook } from '../../memory/memory-book';
import { createInMemoryMemoryFile } from '../../memory/in-memory-memory-file';
import { ContractError } from '../../../../shared/contract/contract-error';
import type { ConversationSnapshot, ConversationSummary } from '../../../../shared/conversations/conversation';
import type { TacoEvent } from '../../../../shared/contract/events';
import { applySettingsPatch, defaultSettings, settingsSchema, type Settings } from '../../../../shared/settings/settings';
import type { ToolRegistry } from '../../../../tools/catalogue/tool-runtime-types';
import type { AgentRunInput, AgentLoopOutcome } from '../../agent/loop/agent-types';
import { createInactiveMcpService } from '../../mcp/inactive-mcp-service';
import { ProviderError, type ChatMessage, type ChatProvider, type ProviderChunk } from '../../provider/provider-types';
import type { AppPorts, ConversationStorePort, Storage } from '../app-ports';

/** A provider that answers every step with the next scripted reply, streamed word by word. */
export function createScriptedProvider(options: {
  host: string;
  replies?: string[];
  /** Never finishes a step until aborted (for Stop and busy tests). */
  stall?: boolean;
  unreachable?: boolean;
}): ChatProvider & { asked: ChatMessage[][] } {
  const replies = [...(options.replies ?? ['Hello there.'])];
  const asked: ChatMessage[][] = [];
  return {
    host: options.host,
    asked,
    async listModels() {
      if (options.unreachable)
        throw new ProviderError('unreachable', `Ollama is not running at ${options.host}. Start it with: ollama serve`, options.host);
      return [
        {
          name: 'llama3.2:3b',
          sizeBytes: 1,
          family: 'llama',
          parameterSize: '3B',
          quantization: 'Q4',
          capabilities: ['completion', 'tools'],
        },
      ];
    },
    async capabilities() {
      return { tools: true, thinking: false, vision: false, contextLength: 8192 };
    },
    async *streamChat(request): AsyncIterable<ProviderChunk> {
      asked.push(request.messages);
      if (options.stall) {
        await new Promise<void>((_, reject) => {
          // As fetch does: a request whose signal is already aborted fails at once (Stop before the loop's first step).
          if (request.signal.aborted) return reject(new ProviderError('aborted', 'aborted', options.host));
          request.signal.addEventListener('abort', () => reject(new ProviderError('aborted', 'aborted', options.host)), { once: true });
        });
      }
      const reply = replies.shift() ?? 'Done.';
      for (const word of reply.split(/(?<= )/)) yield { type: 'text', text: word };
      yield {
        type: 'done',
        usage: { promptTokens: 1, completionTokens: 1, evalDurationNs: 1, totalDurationNs: 1, doneReason: 'stop', numCtx: 8192 },
      };
    },
    async complete(request) {
      // Conversation titles keep the first words here (tests that want a title give their own provider).
      if (request.messages.some((message) => message.content.includes('Write a short title'))) return '';
      // The context-switch check: a reply starting with "new:" is about something else.
      return request.messages.some((message) => message.content.includes('\nReply: new:')) ? 'NEW' : 'SAME';
    },
  };
}

/** A tiny agent loop: one step, text streamed, optional question to the user first (the caller emits run-start and run-finish). */
export async function fakeRunAgent(input: AgentRunInput, behaviour: { ask?: string } = {}): Promise<AgentLoopOutcome> {
  const base = { runId: input.runId, conversationId: input.conversationId };
  let text = '';
  try {
    if (behaviour.ask) {
      const frame = input.stack.push({
        tool: 'ask_user',
        callId: 'call-1',
        parentFrameId: null,
        waitingFor: 'your answer',
        state: 'waiting-user',
      });
      const answer = await input.questions.ask({ ...base, callId: 'call-1', question: behaviour.ask }, input.signal);
      input.stack.pop(frame.frameId);
      input.emit({ ...base, type: 'text-delta', text: `You said ${answer}. ` });
    }
    const messages: ChatMessage[] = [...input.history, { role: 'user', content: input.userText }];
    for await (const chunk of input.provider.streamChat({ model: input.model, messages, signal: input.signal })) {
      if (chunk.type === 'text') {
        text += chunk.text;
        input.emit({ ...base, type: 'text-delta', text: chunk.text });
      }
    }
  } catch (error) {
    const reason = input.signal.aborted ? 'cancelled' : 'provider_error';
    return { reason, error: error instanceof Error ? error.message : null, messages: [] };
  }
  return { reason: 'complete', error: null, messages: [{ role: 'assistant', content: text }] };
}

export function createMemoryStorage(): Storage & { events: Map<string, TacoEvent[]>; savedSettings: () => Settings } {
  let settings = defaultSettings();
  const summaries = new Map<string, ConversationSummary>();
  const events = new Map<string, TacoEvent[]>();
  let next = 1;
  const conversations: ConversationStorePort = {
    async create(input) {
      const conversationId = `conv-${next++}`;
      const summary: ConversationSummary = {
        conversationId,
        title: input.title,
        model: input.model,
        createdAt: 0,
        updatedAt: 0,
        pinned: false,
      };
      summaries.set(conversationId, summary);
      events.set(conversationId, []);
      return summary;
    },
    async list() {
      return [...summaries.values()];
    },
    async get(conversationId): Promise<ConversationSnapshot | null> {
      const summary = summaries.get(conversationId);
      return summary ? { summary: { ...summary }, events: [...(events.get(conversationId) ?? [])], notices: [] } : null;
    },
    async summary(conversationId) {
      const summary = summaries.get(conversationId);
      return summary ? { ...summary } : null;
    },
    async update(conversationId, patch) {
      const summary = summaries.get(conversationId);
      if (!summary) throw new ContractError('not-found', `No conversation with id “${conversationId}”.`);
      if (patch.title !== undefined) summary.title = patch.title;
      if (patch.model !== undefined) summary.model = patch.model;
      if (patch.pinned !== undefined) summary.pinned = patch.pinned;
      if (patch.options !== undefined) summary.options = { ...patch.options };
      return { ...summary };
    },
    async delete(conversationId) {
      if (!summaries.delete(conversationId)) throw new ContractError('not-found', `No conversation with id “${conversationId}”.`);
      events.delete(conversationId);
    },
    async search(query) {
      const needle = query.trim().toLowerCase();
      if (!needle) return [];
      return [...summaries.values()].flatMap((summary) => {
        const text = (events.get(summary.conversationId) ?? [])
          .map((event) => (event.type === 'user-message' || event.type === 'text-delta' ? event.text : ''))
          .join('');
        const inTitle = summary.title.toLowerCase().includes(needle);
        if (!inTitle && !text.toLowerCase().includes(needle)) return [];
        return [
          {
            conversationId: summary.conversationId,
            title: summary.title,
            snippet: text.slice(0, 80),
            matchedIn: inTitle ? ('title' as const) : ('content' as const),
            updatedAt: summary.updatedAt,
          },
        ];
      });
    },
    async importConversation(input) {
      const conversationId = `conv-${next++}`;
      const summary: ConversationSummary = {
        conversationId,
        title: input.title,
        model: input.model,
        createdAt: input.createdAt,
        updatedAt: input.createdAt,
        pinned: input.pinned,
      };
      summaries.set(conversationId, summary);
      events.set(
        conversationId,
        input.events.map((event) => ({ ...event, conversationId })),
      );
      return { ...summary };
    },
    async abandon(conversationId) {
      const summary = summaries.get(conversationId);
      if (!summary) throw new ContractError('not-found', `No conversation with id “${conversationId}”.`);
      return null;
    },
    append(event) {
      if (event.type === 'conversation-updated') return;
      events.get(event.conversationId)?.push(event);
    },
    async flush() {},
    async close() {},
  };
  return {
    events,
    savedSettings: () => settings,
    conversations,
    settings: {
      get: () => settings,
      async set(patch) {
        settings = settingsSchema.parse(applySettingsPatch(settings, patch));
        return settings;
      },
    },
  };
}

export const emptyRegistry: ToolRegistry = { list: () => [], get: () => undefined };

/** Ports with no Ollama, disk or real loop behind them; override any of them per test. Everything pure is the real thing. */
export function fakePorts(overrides: Partial<AppPorts> & { storage?: Storage } = {}): AppPorts {
  const storage = overrides.storage ?? createMemoryStorage();
  return {
    createProvider: ({ host }) => createScriptedProvider({ host }),
    createServerProvider: (server) => createScriptedProvider({ host: server.baseUrl }),
    runAgent: (input) => fakeRunAgent(input),
    loadTools: async () => emptyRegistry,
    createMemory: () => createMemoryBook(createInMemoryMemoryFile()),
    openStorage: async () => storage,
    createMcp: () => createInactiveMcpService(),
    ...overrides,
  };
}
