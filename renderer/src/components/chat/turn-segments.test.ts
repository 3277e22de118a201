import { describe, expect, it } from 'vitest';
import type { TacoEvent } from '../../../../shared/contract/events';
import { eventsFor } from '../../../test/events';
import { applyEvents } from '../../store/events/apply-events';
import { emptyView, type AssistantTurn } from '../../store/events/conversation-view';
import { delegationSummary, type CallRow } from './call-rows';
import { turnSegments } from './turn-segments';

const e = eventsFor('c1', 'r1');

function partsOf(events: TacoEvent[]): AssistantTurn['parts'] {
  const view = applyEvents(emptyView('c1'), [e.start(), ...events]);
  const turn = view.items.find((item): item is AssistantTurn => item.type === 'assistant');
  if (!turn) throw new Error('no turn');
  return turn.parts;
}

/** Each row as "tool(args.task or callId)", its helpers' rows nested under it. */
function tree(rows: readonly CallRow[]): unknown[] {
  return rows.map((row) => ({ [String(row.part.args['task'] ?? row.part.callId)]: tree(row.helperCalls) }));
}

/** delegate d1 (frame f1) → its helper delegates d2 (frame f2) → that helper reads a file; all finish. */
const nested: TacoEvent[] = [
  e.call('d1', 'delegate_task', { task: 'level 2' }, 'f1'),
  e.helperCall('d2', 'delegate_task', { task: 'level 3' }, 'f2', 'f1'),
  e.helperCall('r1', 'read_file', { path: 'a.txt' }, 'f3', 'f2'),
  e.result('r1', 'read_file', 'hello'),
  e.result('d2', 'delegate_task', '{"result":"Level 3 is done."}'),
  e.result('d1', 'delegate_task', '{"result":"Level 2 is done."}'),
  e.text('Level 1 is done.'),
];

describe('turnSegments: a sub-agent’s work is one row', () => {
  it('draws a delegate call and every call of its helpers, however deep, as one delegation row with its own tree', () => {
    const segments = turnSegments(partsOf(nested));
    expect(segments.map((segment) => segment.type)).toEqual(['delegation', 'part']);
    const delegation = segments[0];
    if (delegation?.type !== 'delegation') throw new Error('no delegation');
    expect(tree(delegation.calls)).toEqual([{ 'level 2': [{ 'level 3': [{ r1: [] }] }] }]);
    expect(delegationSummary(delegation.calls, true)).toEqual({
      title: 'Delegated 1 task',
      outcome: '1 done',
      inside: '2 calls by helpers · 2 levels deep',
      problem: false,
    });
  });

  it('sums consecutive delegate calls into one line: "Delegated 3 tasks · 2 done, 1 failed"', () => {
    const segments = turnSegments(
      partsOf([
        e.call('d1', 'delegate_task', { task: 'a' }, 'f1'),
        e.result('d1', 'delegate_task', 'ok'),
        e.call('d2', 'delegate_task', { task: 'b' }, 'f2'),
        e.helperCall('h1', 'calculate', { expression: '1+1' }, 'f3', 'f2'),
        e.error('h1', 'calculate', 'bad'),
        e.error('d2', 'delegate_task', 'The sub-agent stopped before finishing'),
        e.call('d3', 'delegate_task', { task: 'c' }, 'f4'),
        e.result('d3', 'delegate_task', 'ok'),
      ]),
    );
    expect(segments.map((segment) => segment.type)).toEqual(['delegation']);
    const delegation = segments[0];
    if (delegation?.type !== 'delegation') throw new Error('no delegation');
    expect(delegationSummary(delegation.calls, true)).toEqual({
      title: 'Delegated 3 tasks',
      outcome: '2 done, 1 failed',
      inside: '1 call by helpers',
      problem: true,
    });
  });

  it('says a task still going is running, and stopped once the run ended without it', () => {
    const segments = turnSegments(partsOf([e.call('d1', 'delegate_task', { task: 'a' }, 'f1')]));
    const delegation = segments[0];
    if (delegation?.type !== 'delegation') throw new Error('no delegation');
    expect(delegationSummary(delegation.calls, false).outcome).toBe('1 running');
    expect(delegationSummary(delegation.calls, true)).toMatchObject({ outcome: '1 stopped', problem: true });
  });

  it('keeps a helper call whose delegate call is not in the turn (an older page) as a row of its own', () => {
    const segments = turnSegments(
      partsOf([e.helperCall('h1', 'read_file', { path: 'a' }, 'f9', 'f-gone'), e.result('h1', 'read_file', 'x')]),
    );
    expect(segments.map((segment) => segment.type)).toEqual(['call']);
  });
});

describe('turnSegments: a decided call is one row', () => {
  it('puts the answer of an approval on its call’s row, not a card of its own', () => {
    const segments = turnSegments(
      partsOf([
        e.call('k1', 'write_file', { path: 'a.txt' }, 'f1'),
        e.approval('a1', 'k1'),
        e.approvalResolved('a1', 'allow-once'),
        e.result('k1', 'write_file', '{"path":"a.txt"}'),
        e.text('Saved.'),
      ]),
    );
    expect(segments.map((segment) => segment.type)).toEqual(['call', 'part']);
    const call = segments[0];
    if (call?.type !== 'call') throw new Error('no call');
    expect(call.call.decision).toMatchObject({ approvalId: 'a1', resolution: 'allow-once' });
  });

  it('a denied call is one row too; an approval still waiting stays a card', () => {
    const denied = turnSegments(
      partsOf([
        e.call('k1', 'write_file'),
        e.approval('a1', 'k1'),
        e.approvalResolved('a1', 'deny'),
        e.error('k1', 'write_file', 'Denied'),
      ]),
    );
    expect(denied.map((segment) => segment.type)).toEqual(['call']);
    const waiting = turnSegments(partsOf([e.call('k1', 'write_file'), e.approval('a1', 'k1')]));
    expect(waiting.map((segment) => (segment.type === 'part' ? segment.part.type : segment.type))).toEqual(['call', 'approval']);
  });

  it('decided calls fold together like any finished calls', () => {
    const decided = (id: string): TacoEvent[] => [
      e.call(id, 'write_file'),
      e.approval(`a-${id}`, id),
      e.approvalResolved(`a-${id}`, 'allow-conversation'),
      e.result(id, 'write_file', 'ok'),
    ];
    const segments = turnSegments(partsOf([...decided('k1'), ...decided('k2'), ...decided('k3')]));
    expect(segments.map((segment) => segment.type)).toEqual(['tools']);
  });
});
