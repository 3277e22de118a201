import { render, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { compareMarkdown, compareRows } from '../../../../../shared/probe/compare-table';
import type { ProbeReport } from '../../../../../shared/probe/probe-report';
import { createFakeApi } from '../../../../test/fake-api';
import { memoryStorage } from '../../../../test/render-app';
import { createTacoStore } from '../../../store/create-taco-store';
import { StoreProvider } from '../../../store/store-context';
import { CompareReports } from './CompareReports';

function report(model: string, passes: number, formats: ProbeReport['formats']): ProbeReport {
  return {
    type: 'probe-report',
    model,
    server: 'This computer',
    runs: 3,
    passAt1: passes / 3,
    passK: passes === 3 ? 1 : 0,
    medianToolRounds: passes,
    firstTokenMs: 800,
    tokensPerSecond: 20,
    tasks: [
      {
        taskId: 'read_fact',
        title: 'Read a fact',
        passes,
        runs: 3,
        passAt1: passes / 3,
        passK: passes === 3 ? 1 : 0,
        medianToolRounds: 1,
        failures: {},
      },
    ],
    failures: passes === 3 ? {} : { 'no-call': 3 - passes },
    baseline: { toolMode: 'native', toolBudget: 16, think: false },
    tried: [],
    tuned: { toolMode: 'prompt', toolBudget: 16, think: false, usesTools: true, summary: 'Tuned from its report: prompt format, 16 tools' },
    formats,
    durationMs: 1000,
    finishedAt: 0,
  };
}

const reports = [
  report('qwen3:1.7b', 3, {
    taskId: 'read_then_write',
    title: 'Read, then write',
    constrained: { passes: 3, tries: 3, meanMs: 900 },
    unconstrained: { passes: 1, tries: 3, meanMs: 1100 },
  }),
  report('gemma3:4b', 1, null),
];

/** The markdown export's rows as label → cells (the test's reports hold no `|` to escape). */
function markdownRows(markdown: string): Map<string, string[]> {
  const lines = markdown.trim().split('\n').slice(2);
  return new Map(
    lines.map((line) => {
      const [label = '', ...cells] = line.slice(2, -2).split(' | ');
      return [label, cells];
    }),
  );
}

describe('the comparison of report cards', () => {
  it('shows on screen every row the markdown export has, with the same cells, and no other', () => {
    const store = createTacoStore({ api: createFakeApi(), storage: memoryStorage() });
    const { getByTestId } = render(
      <StoreProvider store={store}>
        <CompareReports reports={reports} />
      </StoreProvider>,
    );
    const table = within(getByTestId('compare-reports')).getByRole('table');
    const onScreen = new Map(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => [
          within(row).getByRole('rowheader').textContent ?? '',
          within(row)
            .getAllByRole('cell')
            .map((cell) => cell.textContent ?? ''),
        ]),
    );
    const exported = markdownRows(compareMarkdown(reports));
    expect([...onScreen.keys()]).toEqual([...exported.keys()]);
    expect(Object.fromEntries(onScreen)).toEqual(Object.fromEntries(exported));
    expect([...exported.keys()]).toEqual(compareRows(reports).map((row) => row.label));
    // The rows the table once lacked.
    expect(onScreen.get('prompt format')).toEqual(["Read, then write: 3/3 with the server's grammar, 1/3 without", '—']);
    expect(onScreen.get('median tool rounds')).toEqual(['3', '1']);
  });
});
