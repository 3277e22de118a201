import { DEFAULTS } from '../../../../shared/constants';
import { startFakeOllama, type FakeOllama, type Scenario } from '../../../../test-support/fake-ollama/index';
import type { JsonObject } from '../../../../shared/contract/json';
import { createOllamaProvider } from '../../provider/index';
import type { ToolRegistry } from '../../../../tools/catalogue/tool-runtime-types';
import { createHarness, type Harness, type HarnessOptions } from '../testing/run-harness';

export interface FakeRun {
  fake: FakeOllama;
  harness(options: Omit<HarnessOptions, 'provider' | 'tools'> & { tools: ToolRegistry }): Harness;
  /** Bodies of every /api/chat request, in order. */
  chatBodies(): JsonObject[];
}

/** The real provider (ollama-js over HTTP) against the fake Ollama server running `scenario`. */
export async function startFakeRun(scenario: Scenario): Promise<FakeRun> {
  const fake = await startFakeOllama({ scenario });
  const provider = createOllamaProvider({ host: fake.url, maxContextTokens: DEFAULTS.maxContextTokens });
  return {
    fake,
    harness: (options) => createHarness({ ...options, provider }),
    chatBodies: () =>
      fake.requests.filter((request) => request.path === '/api/chat' && request.body !== null).map((request) => request.body as JsonObject),
  };
}
