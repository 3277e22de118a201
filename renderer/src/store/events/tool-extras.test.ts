import { describe, expect, it } from 'vitest';
import type { TacoEvent } from '../../../../shared/contract/events';
import { eventsFor } from '../../../test/events';
import { applyEvents } from './apply-events';
import { emptyView, type ConversationView, type TurnPart } from './conversation-view';

const e = eventsFor('c1', 'r1');
const TOOL = 'mcp__everything__trigger-long-running-operation';

function toolPart(view: ConversationView, callId: string): Extract<TurnPart, { type: 'tool' }> {
  for (const item of view.items)
    if (item.type === 'assistant') for (const part of item.parts) if (part.type === 'tool' && part.callId === callId) return part;
  throw new Error(`no tool part ${callId}`);
}

describe('applyEvents: MCP progress and images', () => {
  it('keeps the last progress of a running call, and not after it finished', () => {
    let view = applyEvents(emptyView('c1'), [e.start(), e.call('k1', TOOL), e.progress('k1', 1, 5, 'Step 1 of 5')]);
    expect(toolPart(view, 'k1').progress).toEqual({ progress: 1, total: 5, message: 'Step 1 of 5' });

    view = applyEvents(view, [e.progress('k1', 3, 5, 'Step 3 of 5')]);
    expect(toolPart(view, 'k1').progress).toEqual({ progress: 3, total: 5, message: 'Step 3 of 5' });

    view = applyEvents(view, [e.result('k1', TOOL, 'Long running operation completed.'), e.progress('k1', 5, 5, 'late')]);
    expect(toolPart(view, 'k1').progress).toEqual({ progress: 3, total: 5, message: 'Step 3 of 5' });
    expect(toolPart(view, 'k1').outcome.type).toBe('result');
  });

  it('reads malformed progress (from a stored timeline) as no total and no message; progress for an unknown call changes nothing', () => {
    const bad = { ...e.progress('k1', 0), progress: 'x', total: Number.NaN, message: '   ' } as unknown as TacoEvent;
    const view = applyEvents(emptyView('c1'), [e.start(), e.call('k1', TOOL), bad, e.progress('nope', 2, 4)]);
    expect(toolPart(view, 'k1').progress).toEqual({ progress: 0, total: null, message: null });
    expect(view.items.flatMap((item) => (item.type === 'assistant' ? item.parts : [])).filter((part) => part.type === 'tool')).toHaveLength(
      1,
    );
  });

  it('keeps the images of a tool result (strings only), and none when the result has none', () => {
    const withImages = { ...e.imageResult('k1', 'mcp__everything__get-tiny-image', 'A tiny image', ['iVBORw0KGgo=']) };
    const hostile = {
      ...e.imageResult('k2', 'mcp__everything__get-tiny-image', 'x', []),
      images: [42, '', 'AAAA'],
    } as unknown as TacoEvent;
    const view = applyEvents(emptyView('c1'), [
      e.start(),
      e.call('k1', 'mcp__everything__get-tiny-image'),
      withImages,
      e.call('k2', 'mcp__everything__get-tiny-image'),
      hostile,
      e.call('k3', 'read_file'),
      e.result('k3', 'read_file', 'text'),
    ]);
    expect(toolPart(view, 'k1').outcome).toMatchObject({ type: 'result', images: ['iVBORw0KGgo='] });
    expect(toolPart(view, 'k2').outcome).toMatchObject({ type: 'result', images: ['AAAA'] });
    expect(toolPart(view, 'k3').outcome).not.toHaveProperty('images');
  });
});
