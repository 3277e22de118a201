import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CompleteRequest } from '../provider/provider-types';
import { detectContextSwitch, parseVerdict } from './context-switch';

const base = { model: 'llama3.2:3b', pending: 'Which file should I save the program to?', signal: new AbortController().signal };

describe('context switch', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks a short side request with the pending task and the reply', async () => {
    const asked: CompleteRequest[] = [];
    const complete = async (request: CompleteRequest) => {
      asked.push(request);
      return 'NEW';
    };
    await expect(detectContextSwitch({ ...base, complete, reply: "what's the weather in Paris?" })).resolves.toBe('new-request');
    expect(asked).toHaveLength(1);
    expect(asked[0]?.model).toBe('llama3.2:3b');
    expect(asked[0]?.maxTokens).toBeLessThanOrEqual(10);
    expect(asked[0]?.messages.at(-1)?.content).toContain('Which file should I save the program to?');
    expect(asked[0]?.messages.at(-1)?.content).toContain("what's the weather in Paris?");
  });

  it('keeps the task when the model says SAME', async () => {
    await expect(detectContextSwitch({ ...base, complete: async () => 'SAME', reply: 'hello.py' })).resolves.toBe('same-task');
  });

  it('falls back to same-task on an error', async () => {
    const complete = async (): Promise<string> => {
      throw new Error('Ollama is gone');
    };
    await expect(detectContextSwitch({ ...base, complete, reply: 'tell me a joke' })).resolves.toBe('same-task');
  });

  it('falls back to same-task when the budget runs out, and aborts the side request', async () => {
    vi.useFakeTimers();
    let seenSignal: AbortSignal | undefined;
    const complete = (request: CompleteRequest) => {
      seenSignal = request.signal;
      return new Promise<string>(() => {});
    };
    const verdict = detectContextSwitch({ ...base, complete, reply: 'tell me a joke', budgetMs: 2000 });
    await vi.advanceTimersByTimeAsync(1999);
    expect(seenSignal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(verdict).resolves.toBe('same-task');
    expect(seenSignal?.aborted).toBe(true);
  });

  it('falls back to same-task when the run is aborted while asking', async () => {
    const controller = new AbortController();
    const verdict = detectContextSwitch({ ...base, signal: controller.signal, complete: () => new Promise<string>(() => {}), reply: 'x' });
    controller.abort();
    await expect(verdict).resolves.toBe('same-task');
  });

  it('does not ask about an empty reply', async () => {
    const complete = vi.fn(async () => 'NEW');
    await expect(detectContextSwitch({ ...base, complete, reply: '   ' })).resolves.toBe('same-task');
    expect(complete).not.toHaveBeenCalled();
  });

  it('reads only a clear NEW as a new request', () => {
    expect(parseVerdict('NEW')).toBe('new-request');
    expect(parseVerdict(' new.\n')).toBe('new-request');
    expect(parseVerdict('<think>maybe SAME</think>NEW')).toBe('new-request');
    expect(parseVerdict('SAME')).toBe('same-task');
    expect(parseVerdict('Not sure, SAME or NEW')).toBe('same-task');
    expect(parseVerdict('')).toBe('same-task');
    expect(parseVerdict('renewal')).toBe('same-task');
  });
});
