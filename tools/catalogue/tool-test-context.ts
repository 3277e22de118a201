import { createInMemoryMemoryStore } from '../memory/memory-store';
import type { ToolContext } from './tool-runtime-types';

/**
 * A ToolContext for tests: no workspace, an in-memory memory store, and askUser / delegate /
 * fetch that fail loudly unless the test provides them.
 */
export function createTestToolContext(overrides: Partial<ToolContext> = {}): ToolContext {
  return {
    workspace: null,
    signal: new AbortController().signal,
    conversationId: 'conversation-test',
    runId: 'run-test',
    callId: 'call-test',
    memory: createInMemoryMemoryStore(),
    askUser: () => Promise.reject(new Error('askUser was not provided by this test')),
    delegate: () => Promise.reject(new Error('delegate was not provided by this test')),
    findTools: () => Promise.reject(new Error('findTools was not provided by this test')),
    fetch: () => Promise.reject(new Error('fetch was not provided by this test')),
    ...overrides,
  };
}
