import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cleanupAfterEach } from '../../../test-support/cleanups';
import type { SystemPromptPreset } from '../../../shared/conversations/system-prompts';
import type { ToolInfo } from '../../../shared/tools/tool-info';
import { buildSystemPrompt } from '../agent/context/prompt/system-prompt';
import { enhancePreset } from './enhanced-prompt';
import { createPromptLibrary } from './prompt-library';

const cleanups = cleanupAfterEach();

const REVIEW: SystemPromptPreset = {
  id: 'code-review',
  name: 'Code review',
  prompt: 'You review diffs. Be terse.',
  defaultModel: 'llama3.2:3b',
  options: { temperature: 0.2 },
  allowedTools: ['read_file', 'no_such_tool'],
};

function tool(toolId: string): ToolInfo {
  return {
    toolId,
    description: `${toolId} does a thing`,
    type: 'function',
    category: 'files',
    parameters: { path: { type: 'string', description: 'where', required: true } },
    returns: {},
    usageInstructions: '',
    risk: 'read',
    requiresApproval: false,
  } as ToolInfo;
}

describe('the system prompt library', () => {
  it('saves, replaces, lists and removes presets in the data folder', async () => {
    const dir = cleanups.tempDir('taco-prompts-');
    const library = createPromptLibrary(dir);
    expect(await library.list()).toEqual([]);
    await library.save(REVIEW);
    await library.save({ ...REVIEW, id: 'writer', name: 'Writer', allowedTools: null });
    await library.save({ ...REVIEW, prompt: 'Replaced.' });
    expect((await library.list()).map((preset) => [preset.id, preset.prompt])).toEqual([
      ['code-review', 'Replaced.'],
      ['writer', 'You review diffs. Be terse.'],
    ]);
    expect(JSON.parse(readFileSync(join(dir, 'system-prompts.json'), 'utf8')).presets).toHaveLength(2);
    expect(await createPromptLibrary(dir).get('writer')).toMatchObject({ name: 'Writer' });
    expect(await library.remove('writer')).toBe(true);
    expect(await library.remove('writer')).toBe(false);
    expect(await library.get('writer')).toBeNull();
  });

  it('refuses a bad preset with the field, and never overwrites a file it cannot read', async () => {
    const dir = cleanups.tempDir('taco-prompts-');
    const library = createPromptLibrary(dir);
    await expect(library.save({ ...REVIEW, id: 'Bad Id' })).rejects.toThrow(/lower-case/);
    writeFileSync(join(dir, 'system-prompts.json'), '{ not json');
    await expect(library.save(REVIEW)).rejects.toThrow(/not valid JSON.*nothing was changed/);
    expect(readFileSync(join(dir, 'system-prompts.json'), 'utf8')).toBe('{ not json');
  });
});

describe('what the model sees for a preset', () => {
  it('is the loop’s own system prompt with the preset’s prompt and only its allowed tools', () => {
    const tools = [tool('read_file'), tool('write_file')];
    const view = enhancePreset({ preset: REVIEW, tools, workspace: '/work/space' });
    expect(view.native.system).toBe(
      buildSystemPrompt({
        tools: [{ info: tools[0] as ToolInfo }],
        mode: 'native',
        workspace: '/work/space',
        role: 'main',
        toolsOffered: true,
        userPrompt: REVIEW.prompt,
      }),
    );
    expect(view.native.system.startsWith('You review diffs. Be terse.')).toBe(true);
    expect(view.native.system).toContain('read_file');
    expect(view.native.system).not.toContain('write_file');
    expect(view.native.tools).toEqual([
      expect.objectContaining({ type: 'function', function: expect.objectContaining({ name: 'read_file' }) }),
    ]);
    expect(view.prompt.system).toContain('"tool"');
    expect(view.unknownTools).toEqual(['no_such_tool']);
  });
});
