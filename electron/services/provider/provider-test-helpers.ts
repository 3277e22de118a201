import { afterEach } from 'vitest';
import { startFakeOllama, type FakeOllama, type RecordedRequest, type Scenario } from '../../../test-support/fake-ollama/index';
import { createOllamaProvider, type OllamaProviderOptions } from './ollama/ollama-provider';
import { ProviderError, type ChatMessage, type ChatProvider, type ProviderChunk } from './provider-types';

/** Starts fake servers for a test file and closes them after each test. */
export function useFakeOllama(): (
  scenario: Scenario | string,
  options?: Partial<OllamaProviderOptions>,
) => Promise<{ fake: FakeOllama; provider: ChatProvider }> {
  const running: FakeOllama[] = [];
  afterEach(async () => {
    await Promise.all(running.splice(0).map((fake) => fake.close()));
  });
  return async (scenario, options) => {
    const fake = await startFakeOllama({ scenario });
    running.push(fake);
    return { fake, provider: createOllamaProvider({ host: fake.url, maxContextTokens: 8192, ...options }) };
  };
}

export const userSays = (content: string): ChatMessage[] => [{ role: 'user', content }];

export async function collect(stream: AsyncIterable<ProviderChunk>): Promise<ProviderChunk[]> {
  const chunks: ProviderChunk[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return chunks;
}

export function textOf(chunks: ProviderChunk[], type: 'text' | 'thinking' = 'text'): string {
  return chunks.map((chunk) => (chunk.type === type ? chunk.text : '')).join('');
}

/** The ProviderError a promise rejects with (fails the test otherwise). */
export async function providerFailure(promise: Promise<unknown>): Promise<ProviderError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ProviderError) return error;
    throw new Error(`expected a ProviderError, got ${String(error)}`, { cause: error });
  }
  throw new Error('expected the call to fail with a ProviderError');
}

export function requestsTo(fake: FakeOllama, path: string): RecordedRequest[] {
  return fake.requests.filter((request) => request.path === path);
}

export function lastChatBody(fake: FakeOllama): NonNullable<RecordedRequest['body']> {
  const body = requestsTo(fake, '/api/chat').at(-1)?.body;
  if (!body) throw new Error('no /api/chat request was recorded');
  return body;
}
