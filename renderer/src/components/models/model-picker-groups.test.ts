import { describe, expect, it } from 'vitest';
import type { ModelInfo, ModelListResult } from '../../../../shared/models/models';
import { memoryLine } from './model-memory';
import { modelDetails, pickerGroups, serverOfModel, shortModelName } from './model-picker-groups';

const model = (name: string, extra: Partial<ModelInfo> = {}): ModelInfo => ({
  name,
  sizeBytes: 2_019_393_189,
  family: 'llama',
  parameterSize: '3.2B',
  quantization: 'Q4_K_M',
  capabilities: ['completion', 'tools'],
  ...extra,
});

describe('the model picker’s groups and rows', () => {
  it('groups by server with each server’s health, an unreachable one kept with its reason and no models', () => {
    const remote = model('docs::llama3.2:3b', { label: 'llama3.2:3b', server: { id: 'docs', name: 'Docs box' } });
    const list: ModelListResult = {
      type: 'ok',
      host: 'http://127.0.0.1:11434',
      models: [model('llama3.2:3b'), remote],
      servers: [
        {
          serverId: 'local',
          name: 'This computer',
          kind: 'ollama',
          host: 'h',
          type: 'ok',
          message: null,
          admin: { allowed: true, reason: null },
          models: [model('llama3.2:3b')],
        },
        {
          serverId: 'docs',
          name: 'Docs box',
          kind: 'ollama',
          host: 'd',
          type: 'ok',
          message: null,
          admin: { allowed: true, reason: null },
          models: [remote],
        },
        {
          serverId: 'gpu',
          name: 'GPU box',
          kind: 'openai-compatible',
          host: 'g',
          type: 'unreachable',
          message: 'GPU box could not be reached.',
          admin: { allowed: false, reason: null },
          models: [],
        },
      ],
    };
    const groups = pickerGroups(list);
    expect(groups.map((group) => [group.name, group.health, group.models.length, group.message])).toEqual([
      ['This computer', 'ok', 1, null],
      ['Docs box', 'ok', 1, null],
      ['GPU box', 'unreachable', 0, 'GPU box could not be reached.'],
    ]);
    // The same model on two servers: told apart by the group, and named by its own name, never the internal id.
    expect(serverOfModel(groups, 'docs::llama3.2:3b')?.name).toBe('Docs box');
    expect(serverOfModel(groups, 'llama3.2:3b')?.name).toBe('This computer');
    expect(shortModelName(remote)).toBe('llama3.2:3b');
  });

  it('without added servers, one group named as main names the first server (never its address); a failed list keeps its message', () => {
    expect(pickerGroups({ type: 'unreachable', host: 'http://127.0.0.1:11434', message: 'Ollama is not running.' })).toEqual([
      { serverId: 'local', name: 'This computer', health: 'unreachable', message: 'Ollama is not running.', models: [] },
    ]);
    expect(pickerGroups(null)).toEqual([]);
  });

  it('says size, parameters and quantisation, leaving out what is unknown', () => {
    expect(modelDetails(model('a'))).toBe('2.0 GB · 3.2B · Q4_K_M');
    expect(modelDetails(model('b', { sizeBytes: 0, parameterSize: null }))).toBe('Q4_K_M');
  });

  it('says whether a loaded model fits in GPU memory, from the server’s own figures', () => {
    expect(memoryLine(model('a'))).toBeNull();
    expect(memoryLine(model('a', { loaded: { sizeBytes: 4000, vramBytes: 4000, contextLength: 8192 } }))).toEqual({
      text: 'Loaded · fits in GPU memory',
      spilled: false,
    });
    expect(memoryLine(model('a', { loaded: { sizeBytes: 4000, vramBytes: 3000, contextLength: 8192 } }))).toEqual({
      text: 'Loaded · 25% does not fit in GPU memory and runs on the CPU (slower)',
      spilled: true,
    });
    expect(memoryLine(model('a', { loaded: { sizeBytes: 4000, vramBytes: 0, contextLength: null } }))?.text).toBe(
      'Loaded · runs on the CPU',
    );
  });
});
