import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JsonObject } from '../../../../shared/contract/json';
import {
  CONVERSATION_TURNS,
  QUESTION_TURN,
  RUN_STEPS,
  recordAgentRun,
  recordConversation,
  type SentRequest,
} from '../../../../bench/prompt-cache/cache-scripts';
import { numCtxChanges } from '../../../../bench/prompt-cache/prefix-figures';

/**
 * The server reuses its cache only up to the first character that differs from the previous
 * prompt (tools, then system, then messages). These tests fail when two steps of one run differ in
 * anything but the messages the run added: the tool list, its order or its JSON, the system
 * prompt, or an earlier message. The step's trailing tool-stack context is the one part allowed
 * to go (it is rebuilt for every step, after the history).
 */
let run: SentRequest[];
let conversation: SentRequest[];

beforeAll(async () => {
  run = await recordAgentRun();
  conversation = await recordConversation();
}, 120_000);
afterAll(() => {
  run = [];
  conversation = [];
});

interface StepParts {
  tools: string;
  system: string;
  /** The messages after the system prompt, without the trailing tool-stack context. */
  history: string[];
}

function partsOf(body: JsonObject): StepParts {
  const messages = (body['messages'] as Array<JsonObject & { role: string; content: string }>) ?? [];
  const last = messages.at(-1);
  const withoutTail = last?.content.startsWith('Current tool context:') ? messages.slice(0, -1) : messages;
  return {
    tools: JSON.stringify(body['tools'] ?? []),
    system: withoutTail
      .filter((message) => message.role === 'system')
      .map((message) => message.content)
      .join('\n\n'),
    history: withoutTail.filter((message) => message.role !== 'system').map((message) => JSON.stringify(message)),
  };
}

function expectOnlyNewMessages(before: JsonObject, after: JsonObject, label: string): void {
  const a = partsOf(before);
  const b = partsOf(after);
  expect(b.tools, `${label}: the tools changed`).toBe(a.tools);
  expect(b.system, `${label}: the system prompt changed`).toBe(a.system);
  expect(b.history.slice(0, a.history.length), `${label}: an earlier message changed`).toEqual(a.history);
  expect(b.history.length, `${label}: no message was added`).toBeGreaterThan(a.history.length);
}

const steps = (sent: SentRequest[]): SentRequest[] => sent.filter((request) => request.kind === 'step');

describe('a stable prompt prefix (the server keeps its cache)', () => {
  it('the twelve steps of one run, with tool selection narrowing, differ only by the messages the run added', () => {
    const sent = steps(run);
    expect(sent).toHaveLength(RUN_STEPS);
    // Selection really narrowed: fewer tools than enabled.
    expect((sent[0]?.body['tools'] as unknown[]).length).toBeLessThan(16);
    for (let index = 1; index < sent.length; index += 1) {
      expectOnlyNewMessages(sent[index - 1]?.body ?? {}, sent[index]?.body ?? {}, `step ${index + 1}`);
    }
  });

  it('in a 20-turn conversation every step of a turn keeps the prefix of the step before', () => {
    const sent = steps(conversation);
    for (let turn = 0; turn < CONVERSATION_TURNS; turn += 1) {
      const ofTurn = sent.filter((request) => request.turn === turn);
      expect(ofTurn.length).toBeGreaterThanOrEqual(2);
      for (let index = 1; index < ofTurn.length; index += 1) {
        expectOnlyNewMessages(ofTurn[index - 1]?.body ?? {}, ofTurn[index]?.body ?? {}, `turn ${turn + 1}, step ${index + 1}`);
      }
    }
  });

  it('a new turn keeps the tools of the turn before in their order, the system prompt unless tools joined, and the whole history', () => {
    const sent = steps(conversation);
    let unchangedTools = 0;
    for (let turn = 1; turn < CONVERSATION_TURNS; turn += 1) {
      const lastBefore = sent.filter((request) => request.turn === turn - 1).at(-1);
      const first = sent.find((request) => request.turn === turn);
      const a = partsOf(lastBefore?.body ?? {});
      const b = partsOf(first?.body ?? {});
      // Tools may join at the end (this turn's best ranked), never move or go.
      expect(b.tools.startsWith(a.tools.slice(0, -1)), `turn ${turn + 1}: the tools before moved or went`).toBe(true);
      if (b.tools === a.tools) {
        unchangedTools += 1;
        expect(b.system, `turn ${turn + 1}`).toBe(a.system);
      }
      expect(b.history.slice(0, a.history.length), `turn ${turn + 1}`).toEqual(a.history);
    }
    expect(unchangedTools).toBeGreaterThanOrEqual(CONVERSATION_TURNS - 4);
  });
});

describe('one num_ctx per model and conversation', () => {
  it('steps and side requests (the context-switch check) all send the conversation’s num_ctx once it is set', () => {
    const after = conversation.filter((request) => request.turn >= 1);
    const side = after.filter((request) => request.kind === 'side');
    expect(side.some((request) => request.turn === QUESTION_TURN)).toBe(true);
    expect(numCtxChanges(conversation, 1)).toBe(1);
    expect(new Set(after.map((request) => (request.body['options'] as JsonObject)['num_ctx']))).toEqual(new Set([16_384]));
  });

  it('the title, asked after the first run, goes with the num_ctx that run used', () => {
    const first = conversation.filter((request) => request.turn === 0);
    expect(first.some((request) => request.kind === 'side')).toBe(true);
    expect(numCtxChanges(first)).toBe(1);
  });
});
