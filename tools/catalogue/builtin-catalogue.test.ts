import { DEFAULTS } from '../../shared/constants';
import { describe, expect, it } from 'vitest';
import { TOOL_TYPES } from '../../shared/tools/tool-info';
import { loadToolRegistry } from './tool-registry';

const registry = await loadToolRegistry();

describe('the built-in catalogue', () => {
  it('holds every tool the app promises, with the right types', () => {
    const types = Object.fromEntries(registry.list().map((tool) => [tool.info.toolId, tool.info.type]));
    expect(types).toMatchObject({
      read_file: 'function',
      write_file: 'function',
      list_directory: 'function',
      search_files: 'function',
      run_command: 'function',
      fetch_url: 'function',
      current_time: 'function',
      calculate: 'function',
      stop_and_think: 'non_function',
      plan_next_steps: 'non_function',
      save_memory: 'function',
      recall_memory: 'function',
      ask_user: 'ask_user',
      delegate_task: 'agent_as_tool',
      handoff: 'handoff',
      collect_tool_parameters: 'ask_user',
    });
    for (const tool of registry.list()) expect(TOOL_TYPES).toContain(tool.info.type);
  });

  it('asks for approval for every write, shell and network tool', () => {
    for (const { info } of registry.list()) {
      expect({ tool: info.toolId, approval: info.requiresApproval }).toEqual({ tool: info.toolId, approval: info.risk !== 'read' });
    }
    expect(registry.get('write_file')?.info.risk).toBe('write');
    expect(registry.get('run_command')?.info.risk).toBe('shell');
    expect(registry.get('fetch_url')?.info.risk).toBe('network');
  });

  it('gives write_file a preview and every tool an Ollama definition named after it', () => {
    expect(registry.get('write_file')?.preview).toBeTypeOf('function');
    for (const tool of registry.list()) {
      expect(tool.definition.function.name).toBe(tool.info.toolId);
      expect(tool.definition.function.parameters.type).toBe('object');
    }
  });

  it('documents the same recall limit the tool uses', () => {
    expect(registry.get('recall_memory')?.info.parameters.limit?.default).toBe(DEFAULTS.tools.recallDefaultLimit);
  });
});
