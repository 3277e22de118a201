import type { EventOf, TacoEvent, TacoEventType } from '../../../../shared/contract/events';
import { defaultSettings } from '../../../../shared/settings/settings';
import type { MemoryStore, ToolRegistry } from '../../../../tools/catalogue/tool-runtime-types';
import { createToolStack } from '../../orchestration/tool-stack';
import type { ChatProvider } from '../../provider/provider-types';
import type { AgentRunInput } from '../loop/agent-types';
import { answeringApprovals, answeringDepth, answeringQuestions } from './test-gates';

export interface Harness {
  input: AgentRunInput;
  events: TacoEvent[];
  /** Events of one type, in order. */
  of<T extends TacoEventType>(type: T): Array<EventOf<T>>;
  /** The answer as the user saw it stream: every `text-delta`, joined. */
  text(): string;
  /** The `status` texts, in order. */
  statuses(): string[];
  /** The tool names of every `stack` event, with runs of the same list collapsed. */
  stackProgression(): string[][];
}

export type HarnessOptions = Partial<Omit<AgentRunInput, 'limits'>> & {
  provider: ChatProvider;
  tools: ToolRegistry;
  limits?: Partial<AgentRunInput['limits']>;
};

/** An AgentRunInput with quiet defaults (gates that allow, a real tool stack, a ticking clock) that records every event. */
export function createHarness(options: HarnessOptions): Harness {
  const events: TacoEvent[] = [];
  let clock = 1_000;
  const settings = defaultSettings();
  const { limits, ...rest } = options;
  const input: AgentRunInput = {
    runId: 'run-1',
    conversationId: 'conv-1',
    model: 'test-model',
    history: [],
    userText: 'Do the task.',
    approvalPolicy: settings.approvals,
    workspace: null,
    memory: memoryStub(),
    approvals: answeringApprovals('allow-once'),
    questions: answeringQuestions('yes'),
    depth: answeringDepth('continue'),
    stack: createToolStack({ now: () => clock }),
    allowedForConversation: new Set(),
    emit: (event) => events.push(event),
    signal: new AbortController().signal,
    now: () => (clock += 1),
    ...rest,
    limits: { ...settings.limits, ...limits },
  };
  const of = <T extends TacoEventType>(type: T): Array<EventOf<T>> => events.filter((event): event is EventOf<T> => event.type === type);
  return {
    input,
    events,
    of,
    text: () =>
      of('text-delta')
        .map((event) => event.text)
        .join(''),
    statuses: () => of('status').map((event) => event.text),
    stackProgression() {
      const lists: string[][] = [[]];
      for (const event of of('stack')) {
        const tools = event.frames.map((frame) => frame.tool);
        if (JSON.stringify(tools) !== JSON.stringify(lists[lists.length - 1])) lists.push(tools);
      }
      return lists;
    },
  };
}

function memoryStub(): MemoryStore {
  const notes: Array<{ id: string; note: string; savedAt: number }> = [];
  return {
    async save(note) {
      const saved = { id: `m${notes.length + 1}`, note, savedAt: notes.length };
      notes.push(saved);
      return { id: saved.id, savedAt: saved.savedAt };
    },
    async recall(query, limit) {
      return notes.filter((entry) => entry.note.includes(query)).slice(0, limit);
    },
  };
}
