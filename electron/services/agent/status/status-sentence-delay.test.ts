import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createScriptedProvider } from '../testing/scripted-provider';
import { requestStatusSentence } from './status-sentences';

describe('status sentence: asked only for a tool that is still running', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const start = (provider: ReturnType<typeof createScriptedProvider>, signal = new AbortController().signal) =>
    requestStatusSentence({ provider, model: 'm', tool: 'read_file', args: { path: 'a' }, signal, delayMs: 100 });

  it('a tool done within the delay never asks the model', async () => {
    const provider = createScriptedProvider({ replies: [], complete: () => 'Reading a file' });
    const pending = start(provider);
    await vi.advanceTimersByTimeAsync(99);
    pending.cancel();
    await vi.advanceTimersByTimeAsync(5000);
    expect(await pending.result).toBeNull();
    expect(provider.completeRequests).toEqual([]);
  });

  it('a tool still running after the delay gets its sentence', async () => {
    const provider = createScriptedProvider({ replies: [], complete: () => '"Reading the notes file."' });
    const pending = start(provider);
    await vi.advanceTimersByTimeAsync(100);
    expect(await pending.result).toBe('Reading the notes file');
    expect(provider.completeRequests).toHaveLength(1);
  });

  it('stopping the run before the delay asks nothing and answers null', async () => {
    const provider = createScriptedProvider({ replies: [], complete: () => 'Reading a file' });
    const run = new AbortController();
    const pending = start(provider, run.signal);
    run.abort();
    await vi.advanceTimersByTimeAsync(200);
    expect(await pending.result).toBeNull();
    expect(provider.completeRequests).toEqual([]);
  });
});
