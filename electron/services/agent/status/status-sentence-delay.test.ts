import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULTS } from '../../../../shared/constants';
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

  it('a run already stopped when the tool starts asks nothing and answers null', async () => {
    const provider = createScriptedProvider({ replies: [], complete: () => 'Reading a file' });
    const run = new AbortController();
    run.abort();
    const pending = start(provider, run.signal);
    await vi.advanceTimersByTimeAsync(200);
    expect(await pending.result).toBeNull();
    expect(provider.completeRequests).toEqual([]);
  });

  it('a tool that finishes while its sentence is asked for stops the side request', async () => {
    const signals: AbortSignal[] = [];
    const provider = createScriptedProvider({
      replies: [],
      complete: (request) => {
        signals.push(request.signal);
        return new Promise<string>(() => undefined);
      },
    });
    const pending = start(provider);
    await vi.advanceTimersByTimeAsync(100);
    expect(signals.map((signal) => signal.aborted)).toEqual([false]);
    pending.cancel();
    expect(await pending.result).toBeNull();
    expect(signals.map((signal) => signal.aborted)).toEqual([true]);
  });

  it('a sentence slower than its budget is dropped and its request stopped', async () => {
    const signals: AbortSignal[] = [];
    const provider = createScriptedProvider({
      replies: [],
      complete: (request) => {
        signals.push(request.signal);
        return new Promise<string>(() => undefined);
      },
    });
    const pending = start(provider);
    await vi.advanceTimersByTimeAsync(100 + DEFAULTS.statusSentenceBudgetMs);
    expect(await pending.result).toBeNull();
    expect(signals.map((signal) => signal.aborted)).toEqual([true]);
  });
});
