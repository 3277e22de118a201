import { describe, expect, it, vi } from 'vitest';
import { cleanTitle, requestTitle, titlePrompt } from './conversation-title';
import { fileStem } from '../handlers/conversations/conversation-transfer';
import { createScriptedProvider } from '../testing/fake-ports';

describe('generated titles', () => {
  it('cleans what the model says into at most six words', () => {
    expect(cleanTitle('Title: "Planning a Trip to Lisbon."')).toBe('Planning a Trip to Lisbon');
    expect(cleanTitle('<think>hmm</think>\n\n**Fixing the build** \nmore lines')).toBe('Fixing the build');
    expect(cleanTitle('one two three four five six seven eight')).toBe('one two three four five six');
    expect(cleanTitle('  \n "" ')).toBeNull();
    expect(cleanTitle('x'.repeat(200))?.length).toBe(60);
  });

  it('shows the model the first exchange, cut short', () => {
    const prompt = titlePrompt(`Question ${'q'.repeat(2000)}`, '');
    expect(prompt).toMatch(/^Write a short title \(at most 6 words\)/);
    expect(prompt).not.toContain('Assistant:');
    expect(prompt.length).toBeLessThan(900);
  });

  it('gives up at once when its signal is aborted', async () => {
    const provider = { ...createScriptedProvider({ host: 'h' }), complete: () => new Promise<string>(() => undefined) };
    const controller = new AbortController();
    const pending = requestTitle({ provider, model: 'm', question: 'q', answer: 'a', signal: controller.signal });
    controller.abort();
    expect(await pending).toBeNull();
  });

  it('gives up after its 2-second budget', async () => {
    vi.useFakeTimers();
    try {
      let signal: AbortSignal | null = null;
      const provider = {
        ...createScriptedProvider({ host: 'h' }),
        complete: (request: { signal: AbortSignal }) => {
          signal = request.signal;
          return new Promise<string>(() => undefined);
        },
      };
      const pending = requestTitle({ provider, model: 'm', question: 'q', answer: 'a', signal: new AbortController().signal });
      await vi.advanceTimersByTimeAsync(1999);
      expect((signal as AbortSignal | null)?.aborted).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(await pending).toBeNull();
      expect((signal as AbortSignal | null)?.aborted).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('names export files safely', () => {
    expect(fileStem('Café: plans / ../../etc')).toBe('cafe-plans-etc');
    expect(fileStem('???')).toBe('conversation');
  });
});
