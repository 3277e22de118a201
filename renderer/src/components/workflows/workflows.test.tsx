import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TacoEvent } from '../../../../shared/contract/events';
import type { WorkflowInfo, WorkflowListResult } from '../../../../shared/workflows/workflow';
import { createFakeApi } from '../../../test/fake-api';
import { renderWithStore } from '../../../test/render-app';
import { App } from '../App';
import { draftFromRequest } from './draft-from-turn';
import { filterWorkflows, parseWorkflowCommand } from './workflow-search';

const summarise: WorkflowInfo = {
  origin: 'builtin',
  file: 'workflows/files/summarise_file.json',
  definition: {
    id: 'summarise_file',
    name: 'Summarise a file',
    category: 'Files',
    description: 'Reads one file and summarises it.',
    params: [
      { name: 'file', label: 'File', type: 'file', required: true },
      { name: 'length', label: 'Length', type: 'enum', required: false, options: ['short', 'long'], default: 'short' },
      { name: 'count', label: 'Count', type: 'number', required: false, min: 1, max: 5 },
      { name: 'loud', label: 'Loud', type: 'boolean', required: false },
      { name: 'when', label: 'When', type: 'date', required: false },
    ],
    steps: [
      { type: 'tool', tool: 'read_file', args: { path: '{{file}}' } },
      { type: 'prompt', prompt: 'Summarise {{steps.0.output}}' },
    ],
  },
};
const commit: WorkflowInfo = {
  origin: 'builtin',
  file: 'workflows/git/draft_commit_message.json',
  definition: {
    id: 'draft_commit_message',
    name: 'Draft a commit message',
    category: 'Git',
    description: 'Runs git diff.',
    params: [],
    steps: [{ type: 'tool', tool: 'run_command', args: { command: 'git diff' } }],
  },
};
const listed: WorkflowListResult = {
  categories: [
    { category: 'Files', workflows: [summarise] },
    { category: 'Git', workflows: [commit] },
  ],
  problems: [],
};

function api() {
  const fake = createFakeApi();
  fake.handle('workflows.list', () => listed);
  fake.handle('workflows.listEntries', (request) => ({
    path: request.path === '' ? '.' : request.path,
    entries: [{ name: 'notes.txt', path: 'notes.txt', type: 'file' }],
    problem: null,
  }));
  fake.handle('workflows.run', (request) =>
    request.params.file === '' || request.params.file === undefined
      ? { type: 'invalid', errors: { file: 'File is required' } }
      : { type: 'run', runId: 'r1', conversationId: 'c1' },
  );
  fake.handle('workflows.extractParams', () => ({ values: { file: 'notes.txt', length: 'long' }, errors: {}, problem: null }));
  fake.handle('workflows.confirm', () => ({ accepted: true, message: null }));
  return fake;
}

const ids = { runId: 'r1', conversationId: 'c1' };

describe('the workflow picker and form', () => {
  it('opens from the composer button, searches by category, renders each param natively, shows per-field errors from main, then runs', async () => {
    const user = userEvent.setup();
    const fake = api();
    await renderWithStore(<App />, { api: fake });
    await user.click(screen.getByTestId('workflow-button'));
    const picker = await screen.findByTestId('workflow-picker');
    expect(
      within(picker)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Files', 'Git']);
    await user.type(within(picker).getByTestId('workflow-search'), 'git');
    expect(
      within(picker)
        .getAllByTestId('workflow-choice')
        .map((b) => b.dataset.workflowId),
    ).toEqual(['draft_commit_message']);
    await user.clear(within(picker).getByTestId('workflow-search'));
    await user.click(within(picker).getAllByTestId('workflow-choice')[0] as HTMLElement);

    const form = await screen.findByTestId('workflow-form');
    expect((within(form).getByTestId('workflow-param-length') as HTMLSelectElement).value).toBe('short');
    expect((within(form).getByTestId('workflow-param-count') as HTMLInputElement).type).toBe('number');
    expect((within(form).getByTestId('workflow-param-loud') as HTMLInputElement).type).toBe('checkbox');
    expect((within(form).getByTestId('workflow-param-when') as HTMLInputElement).type).toBe('date');

    await user.click(within(form).getByTestId('workflow-run'));
    expect((await within(form).findByTestId('workflow-error-file')).textContent).toContain('File is required');

    await user.click(within(form).getByTestId('workflow-browse-file'));
    await user.click(await within(form).findByText('notes.txt'));
    expect((within(form).getByTestId('workflow-param-file') as HTMLInputElement).value).toBe('notes.txt');
    await user.click(within(form).getByTestId('workflow-run'));
    expect(fake.callsOf('workflows.run').at(-1)).toEqual({
      conversationId: null,
      workflowId: 'summarise_file',
      params: { file: 'notes.txt', length: 'short' },
      model: 'llama3.2',
    });
    expect(screen.queryByTestId('workflow-picker')).toBeNull();
  });

  it('the chosen workflow’s form takes focus on its first field, Back gives it to the search, Enter there picks the only match', async () => {
    const user = userEvent.setup();
    await renderWithStore(<App />, { api: api() });
    await user.click(screen.getByTestId('workflow-button'));
    const picker = await screen.findByTestId('workflow-picker');
    await user.click(within(picker).getAllByTestId('workflow-choice')[0] as HTMLElement);
    const form = await screen.findByTestId('workflow-form');
    await waitFor(() => expect(document.activeElement).toBe(within(form).getByTestId('workflow-words')));

    await user.click(within(form).getByRole('button', { name: 'Back' }));
    const search = await screen.findByTestId('workflow-search');
    await waitFor(() => expect(document.activeElement).toBe(search));

    // Two matches: Enter leaves the list as it is; one match: Enter opens its form.
    await user.type(search, 'a{Enter}');
    expect(screen.queryByTestId('workflow-form')).toBeNull();
    await user.clear(search);
    await user.type(search, 'commit{Enter}');
    expect((await screen.findByTestId('workflow-picker')).textContent).toContain('Draft a commit message');
    expect(screen.getByTestId('workflow-form')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('workflow-run')));
  });

  it('`/wf <id> words` opens the form filled by the model (reviewed before running); /wf suggests ids', async () => {
    const user = userEvent.setup();
    const fake = api();
    await renderWithStore(<App />, { api: fake });
    await user.type(screen.getByTestId('composer'), '/wf su');
    expect(await screen.findByText('summarise_file')).toBeTruthy();
    await user.clear(screen.getByTestId('composer'));
    await user.type(screen.getByTestId('composer'), '/wf summarise_file the notes, at length{Enter}');
    const form = await screen.findByTestId('workflow-form');
    expect(fake.callsOf('workflows.extractParams')).toEqual([
      { workflowId: 'summarise_file', text: 'the notes, at length', model: 'llama3.2' },
    ]);
    expect((await within(form).findByTestId('workflow-extract-note')).textContent).toContain('Check the values');
    expect((within(form).getByTestId('workflow-param-file') as HTMLInputElement).value).toBe('notes.txt');
    expect((within(form).getByTestId('workflow-param-length') as HTMLSelectElement).value).toBe('long');
    expect(fake.callsOf('chat.send')).toEqual([]);
    expect(fake.callsOf('workflows.run')).toEqual([]);
  });
});

describe('the workflow block in the chat', () => {
  it('shows each step state, answers a confirm, and the reason it stopped', async () => {
    const user = userEvent.setup();
    const fake = api();
    const { store } = await renderWithStore(<App />, { api: fake });
    await act(() => store.getState().runWorkflow('summarise_file', { file: 'notes.txt' }));
    const events: TacoEvent[] = [
      { ...ids, type: 'run-start', model: 'llama3.2', goal: 'Summarise', startedAt: 1 },
      {
        ...ids,
        type: 'workflow-start',
        workflowId: 'create_project',
        name: 'Create a project',
        params: {},
        steps: [
          { index: 0, stepType: 'prompt', title: 'Plan the files' },
          { index: 1, stepType: 'confirm', title: 'Confirm the plan' },
          { index: 2, stepType: 'prompt', title: 'Write the files' },
        ],
        at: 1,
      },
      { ...ids, type: 'workflow-step', index: 0, stepType: 'prompt', state: 'done', summary: 'PLAN: a.py', at: 2 },
      { ...ids, type: 'workflow-step', index: 1, stepType: 'confirm', state: 'running', summary: null, at: 3 },
      { ...ids, type: 'workflow-confirm', confirmId: 'k1', index: 1, message: 'Create these files?\n\nPLAN: a.py' },
    ];
    act(() => fake.emit(events));
    const block = await screen.findByTestId('workflow-block');
    expect(
      within(block)
        .getAllByTestId('workflow-step')
        .map((step) => step.dataset.state),
    ).toEqual(['done', 'running', 'pending']);
    expect(within(block).getByTestId('workflow-confirm').textContent).toContain('PLAN: a.py');
    await user.click(within(block).getByTestId('workflow-confirm-decline'));
    expect(fake.callsOf('workflows.confirm')).toEqual([{ confirmId: 'k1', accept: false }]);
    act(() =>
      fake.emit([
        { ...ids, type: 'workflow-confirmed', confirmId: 'k1', accepted: false },
        { ...ids, type: 'workflow-step', index: 1, stepType: 'confirm', state: 'failed', summary: 'You declined step 2', at: 4 },
        { ...ids, type: 'workflow-step', index: 2, stepType: 'prompt', state: 'skipped', summary: null, at: 4 },
        {
          ...ids,
          type: 'workflow-finish',
          workflowId: 'create_project',
          reason: 'declined',
          message: 'You declined step 2, so the workflow stopped there.',
          at: 5,
        },
        // run-lifecycle.ts puts the workflow's outcome (its finishNote) in front of the stop reason.
        {
          ...ids,
          type: 'run-finish',
          reason: 'cancelled',
          message: 'You declined step 2, so the workflow stopped there. Stopped by you.',
          error: null,
          at: 5,
        },
      ]),
    );
    // The outcome appears once, in the block; the stop notice says only why the run stopped.
    expect(screen.getByTestId('stop-notice').textContent).toBe('Stopped by you.');
    expect(screen.getAllByText(/You declined step 2, so/)).toHaveLength(1);
    expect(
      within(block)
        .getAllByTestId('workflow-step')
        .map((step) => step.dataset.state),
    ).toEqual(['done', 'failed', 'skipped']);
    expect(within(block).getByTestId('workflow-outcome').textContent).toContain('You declined step 2');
    expect(within(block).queryByTestId('workflow-confirm-accept')).toBeNull();
    // Words stay words; a tool step's JSON output shows as fields, not one raw line.
    expect(within(block).queryByTestId('workflow-step-output')).toBeNull();
    act(() =>
      fake.emit([
        { ...ids, type: 'workflow-step', index: 0, stepType: 'prompt', state: 'done', summary: '{"path":"a.py","lines":3}', at: 6 },
      ]),
    );
    const output = within(block).getByTestId('workflow-step-output');
    expect(within(output).getByTestId('tool-result').dataset.shape).toBe('fields');
    expect([...output.querySelectorAll('dt')].map((term) => term.textContent)).toEqual(['path', 'lines']);
  });
});

describe('pure helpers', () => {
  it('parses /wf commands and filters by every word', () => {
    expect(parseWorkflowCommand('/wf summarise_file the notes')).toEqual({ workflowId: 'summarise_file', rest: 'the notes' });
    expect(parseWorkflowCommand('/wf')).toEqual({ workflowId: '', rest: '' });
    expect(parseWorkflowCommand('/wfx')).toBeNull();
    expect(parseWorkflowCommand('hello /wf')).toBeNull();
    expect(filterWorkflows(listed.categories, 'files summarise').map((group) => group.category)).toEqual(['Files']);
  });

  it('a draft from a request is valid-looking JSON with the request as its prompt', () => {
    const draft = JSON.parse(draftFromRequest('Translate README.md to French')) as { id: string; steps: Array<{ prompt: string }> };
    expect(draft.id).toBe('translate_readme_md_to');
    expect(draft.steps[0]?.prompt).toBe('Translate README.md to French');
  });
});
