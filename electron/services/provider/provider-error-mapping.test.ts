import { describe, expect, it } from 'vitest';
import { createOllamaProvider } from './ollama/ollama-provider';
import { toProviderError } from './provider-error-mapping';
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
