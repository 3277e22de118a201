import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { workflowDefinitionSchema } from '../../../shared/workflows/workflow';
import { checkParamPaths, checkParams } from './param-values';

const definition = workflowDefinitionSchema.parse({
  id: 'every_type',
  name: 'Every type',
  category: 'Tests',
  description: 'One param of each type.',
  params: [
    { name: 'title', label: 'Title', type: 'string', required: true, max: 10 },
    { name: 'body', label: 'Body', type: 'text' },
    { name: 'count', label: 'Count', type: 'number', min: 1, max: 5, default: 2 },
    { name: 'force', label: 'Force', type: 'boolean' },
    { name: 'mode', label: 'Mode', type: 'enum', options: ['fast', 'slow'] },
    { name: 'file', label: 'File', type: 'file' },
    { name: 'folder', label: 'Folder', type: 'folder' },
    { name: 'when', label: 'When', type: 'date' },
  ],
  steps: [{ type: 'prompt', prompt: '{{title}}' }],
});

const dir = mkdtempSync(join(tmpdir(), 'taco-wf-params-'));
writeFileSync(join(dir, 'a.txt'), 'a');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('checkParams', () => {
  it('coerces the CLI strings and fills defaults', () => {
    expect(checkParams(definition, { title: ' Hi ', count: '3', force: 'yes', mode: 'slow', when: '2026-02-28' })).toEqual({
      ok: true,
      values: { title: 'Hi', body: '', count: 3, force: true, mode: 'slow', file: '', folder: '', when: '2026-02-28' },
    });
    expect(checkParams(definition, { title: 'x' })).toMatchObject({ ok: true, values: { count: 2, force: false } });
  });

  it('gives one message per bad field, and refuses unknown names', () => {
    const result = checkParams(definition, {
      title: 'much too long a title',
      count: '9',
      force: 'perhaps',
      mode: 'medium',
      when: '2026-02-30',
      colour: 'red',
    });
    expect(result).toEqual({
      ok: false,
      errors: {
        title: 'Title must be at most 10 characters',
        count: 'Count must be at most 5',
        force: 'Force must be true or false',
        mode: 'Mode must be one of: fast, slow',
        when: 'When must be a date like 2026-01-31',
        colour: expect.stringContaining('has no param "colour"'),
      },
    });
    expect(checkParams(definition, {})).toEqual({ ok: false, errors: { title: 'Title is required' } });
  });
});

describe('checkParamPaths', () => {
  it('file and folder params must stay inside the workspace; a file must exist', async () => {
    const values = { file: '../etc/passwd', folder: 'new-folder' };
    const errors = await checkParamPaths(definition, values, dir);
    expect(Object.keys(errors)).toEqual(['file']);
    expect(errors.file).toMatch(/outside the workspace/i);
    expect(await checkParamPaths(definition, { file: 'a.txt', folder: '.' }, dir)).toEqual({});
    expect((await checkParamPaths(definition, { file: 'missing.txt' }, dir)).file).toContain('does not exist');
  });
});
