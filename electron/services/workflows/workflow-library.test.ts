import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { validateWorkflow } from './validate-workflow';
import { createWorkflowLibrary } from './workflow-library';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function folder(files: Record<string, unknown>): string {
  const dir = mkdtempSync(join(tmpdir(), 'taco-wf-lib-'));
  dirs.push(dir);
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), typeof content === 'string' ? content : JSON.stringify(content));
  }
  return dir;
}

const valid = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  name: `Workflow ${id}`,
  category: 'Tests',
  description: 'A workflow for tests.',
  params: [{ name: 'file', label: 'File', type: 'file', required: true }],
  steps: [
    { type: 'tool', tool: 'read_file', args: { path: '{{file}}' } },
    { type: 'prompt', prompt: 'Summarise {{file}}: {{steps.0.output}}', tools: [] },
  ],
  ...extra,
});
const tools = new Set(['read_file', 'write_file']);
const at = { file: 'workflows/tests/x.json', expectedId: 'x' };

describe('validateWorkflow', () => {
  it('accepts a valid definition and fills defaults', () => {
    const result = validateWorkflow(valid('x'), at, tools);
    expect(result).toMatchObject({ ok: true, definition: { id: 'x', params: [{ required: true }] } });
  });

  it('a template naming a missing param is a load-time error naming the field', () => {
    const raw = valid('x', { steps: [{ type: 'prompt', prompt: 'Read {{fiel}}' }] });
    expect(validateWorkflow(raw, at, tools)).toEqual({
      ok: false,
      problems: [{ file: at.file, field: 'steps.0.prompt', message: expect.stringContaining('{{fiel}} names no param') }],
    });
  });

  it('a template naming the same or a later step, or anything else in braces, is an error', () => {
    const raw = valid('x', {
      steps: [
        { type: 'confirm', message: 'Go on? {{steps.0.output}}' },
        { type: 'tool', tool: 'read_file', args: { path: '{{steps.5.output}}', other: '{{ 1 + 1 }}' } },
      ],
    });
    const result = validateWorkflow(raw, at, tools);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems.map((problem) => problem.field)).toEqual(['steps.0.message', 'steps.1.args.path', 'steps.1.args.other']);
    expect(result.problems[0]?.message).toContain('not an earlier step');
  });

  it('names the field of schema problems, unknown tools, bad defaults and a file name that does not match', () => {
    const raw = valid('y', {
      params: [
        { name: 'file', label: 'File', type: 'enum', default: 'c', options: ['a', 'b'] },
        { name: 'n', label: 'N', type: 'number', default: 'three' },
      ],
      steps: [{ type: 'tool', tool: 'rm_rf', args: {} }],
    });
    const result = validateWorkflow(raw, at, tools);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems).toEqual([
      expect.objectContaining({ field: 'id', message: expect.stringContaining('"x.json"') }),
      expect.objectContaining({ field: 'params.0', message: expect.stringContaining('one of the options') }),
      expect.objectContaining({ field: 'params.1', message: expect.stringContaining('must be a number') }),
      expect.objectContaining({ field: 'steps.0.tool', message: expect.stringContaining('"rm_rf" is not a tool') }),
    ]);
    const schema = validateWorkflow({ ...valid('x'), steps: [{ type: 'prompt' }], colour: 'red' }, at, tools);
    expect(schema.ok ? [] : schema.problems.map((problem) => problem.field)).toEqual(expect.arrayContaining(['steps.0.prompt', null]));
  });
});

describe('createWorkflowLibrary', () => {
  it('a malformed file is reported with its path and field, and the others still load', async () => {
    const builtinRoot = folder({
      'tests/good.json': valid('good'),
      'tests/bad.json': valid('bad', { steps: [{ type: 'prompt', prompt: 'Use {{missing}}' }] }),
      'tests/broken.json': '{ not json',
      'other/also_good.json': valid('also_good', { category: 'Other' }),
    });
    const library = createWorkflowLibrary({ builtinRoot, userDir: null, knownTools: tools });
    const listed = await library.list();
    expect(listed.categories.map((group) => [group.category, group.workflows.map((info) => info.definition.id)])).toEqual([
      ['Other', ['also_good']],
      ['Tests', ['good']],
    ]);
    expect(listed.problems).toEqual([
      { file: 'workflows/tests/bad.json', field: 'steps.0.prompt', message: expect.stringContaining('{{missing}}') },
      { file: 'workflows/tests/broken.json', field: null, message: expect.stringContaining('not valid JSON') },
    ]);
  });

  it('user workflows in the data folder show up on the next list, without a restart; an id clash is a problem', async () => {
    const builtinRoot = folder({ 'tests/good.json': valid('good') });
    const userDir = folder({});
    const library = createWorkflowLibrary({ builtinRoot, userDir, knownTools: tools });
    expect((await library.get('mine'))?.definition.id).toBeUndefined();
    writeFileSync(join(userDir, 'mine.json'), JSON.stringify(valid('mine')));
    writeFileSync(join(userDir, 'good.json'), JSON.stringify(valid('good')));
    expect(await library.get('mine')).toMatchObject({ origin: 'user', file: 'data/workflows/mine.json' });
    const listed = await library.list();
    expect(listed.problems).toEqual([expect.objectContaining({ file: 'data/workflows/good.json', field: 'id' })]);
  });

  it('the repository built-ins all load without a problem', async () => {
    const library = createWorkflowLibrary({
      userDir: null,
      knownTools: new Set(['read_file', 'write_file', 'list_directory', 'search_files', 'run_command']),
    });
    const listed = await library.list();
    expect(listed.problems).toEqual([]);
    expect(listed.categories.flatMap((group) => group.workflows.map((info) => info.definition.id)).sort()).toEqual([
      'create_project',
      'draft_commit_message',
      'explain_folder',
      'rename_identifier',
      'save_text_to_file',
      'summarise_file',
    ]);
  });
});

describe('createWorkflowLibrary: user files are parsed once until they change', () => {
  it('a file with the same size and mtime is not read again; a changed one is', async () => {
    const { utimesSync } = await import('node:fs');
    const dir = folder({ 'tests/cached.json': valid('cached', { name: 'Name AAAA' }) });
    const file = join(dir, 'tests/cached.json');
    const then = new Date('2026-01-01T00:00:00Z');
    utimesSync(file, then, then);
    const library = createWorkflowLibrary({ userDir: dir, builtinRoot: folder({}), knownTools: tools });
    const names = async () => (await library.list()).categories.flatMap((group) => group.workflows.map((info) => info.definition.name));
    expect(await names()).toEqual(['Name AAAA']);
    writeFileSync(file, JSON.stringify(valid('cached', { name: 'Name BBBB' })));
    utimesSync(file, then, then);
    expect(await names()).toEqual(['Name AAAA']);
    utimesSync(file, then, new Date(then.getTime() + 5000));
    expect(await names()).toEqual(['Name BBBB']);
  });

  it('a file larger than the limit is reported, not parsed', async () => {
    const dir = folder({ 'big.json': `{"id":"big","pad":"${'x'.repeat(300 * 1024)}"}` });
    const result = await createWorkflowLibrary({ userDir: dir, builtinRoot: folder({}), knownTools: tools }).list();
    expect(result.problems).toEqual([
      expect.objectContaining({ file: 'data/workflows/big.json', message: expect.stringContaining('more than') }),
    ]);
  });
});
