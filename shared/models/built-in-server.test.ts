import { describe, expect, it } from 'vitest';
import { DEFAULTS } from '../constants';
import { addBuiltInServer, builtInModelName, builtInServerConfig } from './built-in-server';
import { newServer, parseModelRef, serverSchema, serversSchema } from './servers';

describe('built-in servers', () => {
  it('adds one server for a GGUF path and names its model after the file', () => {
    const other = newServer({ id: 'gpu-box', name: 'GPU box', kind: 'ollama', baseUrl: 'http://10.0.0.2:11434' });
    const choice = addBuiltInServer([other], '/home/me/models/qwen2.5-0.5b-instruct-q4_k_m.gguf');
    expect(choice.servers.map((server) => server.id)).toEqual(['gpu-box', DEFAULTS.engine.serverId]);
    expect(choice.servers[0]).toEqual(other);
    expect(choice.server.kind).toBe('built-in');
    expect(choice.server.engine).toEqual({
      modelPath: '/home/me/models/qwen2.5-0.5b-instruct-q4_k_m.gguf',
      contextSize: DEFAULTS.engine.contextSize,
      threads: DEFAULTS.engine.threads,
    });
    expect(parseModelRef(choice.model)).toEqual({ serverId: DEFAULTS.engine.serverId, model: 'qwen2.5-0.5b-instruct-q4_k_m.gguf' });
  });

  it('replaces the built-in server of the same id in place, keeping the others and their order', () => {
    const first = addBuiltInServer([], '/m/a.gguf');
    const withOther = [...first.servers, newServer({ id: 'box', name: 'Box', kind: 'ollama', baseUrl: 'http://box:11434' })];
    const second = addBuiltInServer(withOther, 'C:\\models\\b.gguf', { contextSize: 8192, threads: 1 });
    expect(second.servers.map((server) => server.id)).toEqual([DEFAULTS.engine.serverId, 'box']);
    expect(second.server.engine).toEqual({ modelPath: 'C:\\models\\b.gguf', contextSize: 8192, threads: 1 });
    expect(second.model.endsWith('::b.gguf')).toBe(true);
    expect(builtInModelName('C:\\models\\b.gguf')).toBe('b.gguf');
  });

  it('refuses a relative path, a bad context or thread count', () => {
    expect(() => builtInServerConfig('models/a.gguf')).toThrow(/absolute path/);
    expect(() => builtInServerConfig('/m/a.gguf', { contextSize: 10 })).toThrow();
    expect(() => builtInServerConfig('/m/a.gguf', { threads: 0 })).toThrow();
    expect(() => addBuiltInServer([], '/m/a.gguf', { id: 'local' })).toThrow();
  });

  it('a built-in server needs its engine block, and no other kind may carry one', () => {
    const server = builtInServerConfig('/m/a.gguf');
    const { engine, ...withoutEngine } = server;
    expect(serverSchema.safeParse(withoutEngine).success).toBe(false);
    const ollama = newServer({ id: 'box', name: 'Box', kind: 'ollama', baseUrl: 'http://box:11434' });
    expect(serverSchema.safeParse({ ...ollama, engine }).success).toBe(false);
    expect(serversSchema.safeParse([server]).success).toBe(true);
  });
});
