import { describe, expect, it } from 'vitest';
import { createOllamaProvider } from './ollama/ollama-provider';
import { probeFailure, providerErrorText, toProviderError } from './provider-error-mapping';
import { ProviderError } from './provider-types';

const context = { host: 'http://h:1', model: 'm:1b', timedOut: false, phase: 'stream' as const };

describe('toProviderError', () => {
  it('says an invalid host is invalid, and what to set instead', async () => {
    const provider = createOllamaProvider({ host: 'not a host', maxContextTokens: 8192 });
    const error = await provider.listModels().then(
      () => null,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).kind).toBe('unreachable');
    expect((error as ProviderError).message).toContain('is not a valid URL');
  });

  it('treats an aborted caller signal as aborted whatever was thrown', () => {
    const controller = new AbortController();
    controller.abort();
    expect(toProviderError(new TypeError('terminated'), { ...context, signal: controller.signal }).kind).toBe('aborted');
  });

  it('maps a 404 without "not found" words to ollama-error, and keeps ProviderErrors as they are', () => {
    const responseError = Object.assign(new Error('page missing'), { name: 'ResponseError', status_code: 404 });
    expect(toProviderError(responseError, context).kind).toBe('ollama-error');
    const original = new ProviderError('aborted', 'x', 'h');
    expect(toProviderError(original, context)).toBe(original);
    expect(toProviderError('a string', context).kind).toBe('ollama-error');
  });
});

describe('ProviderError to what the user reads', () => {
  it('a provider_error stop adds what to do only when the message does not say it', () => {
    expect(providerErrorText(new ProviderError('unreachable', 'Cannot reach Ollama. Start it with ollama serve.', 'http://h:1'))).toBe(
      'Cannot reach Ollama. Start it with ollama serve.',
    );
    expect(providerErrorText(new ProviderError('model-not-found', 'No such model.', 'http://h:1'))).toMatch(
      /^No such model\. Install the model on its server/,
    );
    expect(providerErrorText(new Error('socket hang up'))).toMatch(/^Talking to the model failed: socket hang up\. Try again/);
  });

  it('a failed probe is unreachable when Ollama is not there or silent, an error otherwise', () => {
    const words = { silent: 'It stayed silent.', unknown: (detail: string) => `Unknown: ${detail}` };
    expect(probeFailure(new ProviderError('unreachable', 'Not there.', 'h'), 'h', words)).toEqual({
      type: 'unreachable',
      host: 'h',
      message: 'Not there.',
    });
    expect(probeFailure(new ProviderError('aborted', 'Stopped.', 'h'), 'h', words)).toEqual({
      type: 'unreachable',
      host: 'h',
      message: 'It stayed silent.',
    });
    expect(probeFailure(new ProviderError('aborted', 'Stopped.', 'h'), 'h', { unknown: words.unknown }).message).toBe('Stopped.');
    expect(probeFailure(new ProviderError('ollama-error', 'HTTP 500.', 'h'), 'h', words)).toEqual({
      type: 'error',
      host: 'h',
      message: 'HTTP 500.',
    });
    expect(probeFailure(new Error('weird'), 'h', words)).toEqual({ type: 'error', host: 'h', message: 'Unknown: weird' });
  });
});

describe('stop texts for any server', () => {
  it('the advice added to a message without its own never names Ollama (the server may be vLLM, llama.cpp, LM Studio)', () => {
    const kinds = [
      'unreachable',
      'model-not-found',
      'ollama-error',
      'malformed-tool-call',
      'tools-refused',
      'incomplete-stream',
      'aborted',
    ] as const;
    for (const kind of kinds) {
      expect(providerErrorText(new ProviderError(kind, 'Something went wrong', 'http://127.0.0.1:8000/v1'))).not.toMatch(/ollama/i);
    }
    expect(providerErrorText(new ProviderError('ollama-error', '', 'http://127.0.0.1:8000/v1'))).not.toMatch(/ollama/i);
    expect(providerErrorText(new Error('socket hang up'))).not.toMatch(/ollama/i);
  });
});
