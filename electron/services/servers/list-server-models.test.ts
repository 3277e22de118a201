import { describe, expect, it } from 'vitest';
import { ProviderError, type ChatProvider } from '../provider/provider-types';
import { listServerModels } from './list-server-models';
import type { ResolvedServer } from './resolved-server';

function server(id: string, kind: ResolvedServer['kind'], baseUrl: string): ResolvedServer {
  return { id, name: id === 'local' ? 'This computer' : 'Office box', kind, baseUrl, headers: {}, connectTimeoutMs: 3000, toolSupport: {} };
}

/** A provider whose model list fails the way the real clients fail: refused (unreachable) or timed out (aborted). */
function failing(kind: 'unreachable' | 'aborted', host: string): ChatProvider {
  return {
    host,
    listModels: () => Promise.reject(new ProviderError(kind, `Cannot reach Ollama at ${host}. Start it with \`ollama serve\``, host)),
  } as unknown as ChatProvider;
}

async function messageFor(target: ResolvedServer, kind: 'unreachable' | 'aborted'): Promise<string> {
  const local = server('local', 'ollama', 'http://127.0.0.1:11434');
  const servers = target.id === 'local' ? [local, server('office', 'ollama', 'http://10.0.0.9:11434')] : [local, target];
  const result = await listServerModels({
    servers,
    providerFor: (each) => (each.id === target.id ? failing(kind, each.baseUrl) : failing('unreachable', each.baseUrl)),
    adminStatus: () => ({ allowed: false, reason: null }),
  });
  const group = result.servers?.find((each) => each.serverId === target.id);
  return group?.message ?? '';
}

describe('listServerModels: what a failed server says', () => {
  it('never tells the user to run `ollama serve` for an added (possibly remote) server', async () => {
    for (const kind of ['unreachable', 'aborted'] as const) {
      for (const serverKind of ['ollama', 'openai-compatible'] as const) {
        const message = await messageFor(server('office', serverKind, 'http://10.0.0.9:11434'), kind);
        expect(message).toContain('10.0.0.9');
        expect(message).not.toMatch(/ollama serve/);
      }
    }
  });

  it('keeps the `ollama serve` advice for the Ollama on this computer', async () => {
    expect(await messageFor(server('local', 'ollama', 'http://127.0.0.1:11434'), 'unreachable')).toMatch(/ollama serve/);
    expect(await messageFor(server('local', 'ollama', 'http://127.0.0.1:11434'), 'aborted')).toMatch(/ollama serve/);
  });
});
