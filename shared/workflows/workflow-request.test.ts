import { describe, expect, it } from 'vitest';
import { DEFAULTS } from '../constants';
import type { WorkflowParam } from './workflow';
import { workflowRequestText } from './workflow-request';

const param = (name: string, label: string, type: WorkflowParam['type'] = 'string'): WorkflowParam => ({
  name,
  label,
  type,
  required: false,
});
const summarise = {
  name: 'Summarise a file',
  params: [param('file', 'File', 'file'), param('length', 'Length', 'enum'), param('strict', 'Strict', 'boolean')],
};

describe("the user's message of a workflow run", () => {
  it('is the name with each filled input by its label, in the order of the form', () => {
    expect(workflowRequestText(summarise, { length: 'one sentence', file: 'notes.txt', strict: true })).toBe(
      'Summarise a file (File: notes.txt; Length: one sentence; Strict: yes)',
    );
    expect(workflowRequestText(summarise, { file: 'notes.txt', strict: false })).toBe('Summarise a file (File: notes.txt; Strict: no)');
  });

  it('leaves out empty inputs and values no input declares; with none left it is the name alone', () => {
    expect(workflowRequestText(summarise, { file: '  ', length: '', other: 'x' })).toBe('Summarise a file');
    expect(workflowRequestText({ name: 'Tidy', params: [] }, {})).toBe('Tidy');
    expect(workflowRequestText(summarise, { file: 0 })).toBe('Summarise a file (File: 0)');
  });

  it('shows each value on one line, without invisible characters, cut at the bound', () => {
    expect(workflowRequestText(summarise, { file: 'a\n\tb\u202Ec\u200Bd\u0007' })).toBe('Summarise a file (File: a bcd)');
    const limit = DEFAULTS.workflows.requestValueChars;
    expect(workflowRequestText(summarise, { file: 'x'.repeat(limit) })).toBe(`Summarise a file (File: ${'x'.repeat(limit)})`);
    expect(workflowRequestText(summarise, { file: 'x'.repeat(limit + 1) })).toBe(`Summarise a file (File: ${'x'.repeat(limit - 1)}…)`);
  });
});
