import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TacoEvent } from '../../../shared/contract/events';
import { createApprovalBroker } from './approval-broker';
import type { ApprovalRequest } from './orchestration-types';

const request: ApprovalRequest = {
  runId: 'run-1',
  conversationId: 'conv-1',
  callId: 'call-1',
  tool: 'write_file',
  args: { path: 'a.txt', content: 'hi' },
  risk: 'write',
  preview: '--- a.txt\n+++ a.txt\n+hi',
};

function setup(timeoutMs = 60_000) {
  const events: TacoEvent[] = [];
  let next = 0;
  const broker = createApprovalBroker({ emit: (event) => events.push(event), timeoutMs, newId: () => `appr-${++next}` });
  return { broker, events };
}

describe('approval broker', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(1_000_000);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('emits a request with a main-issued id and expiry, and resolves on a valid answer', async () => {
    const { broker, events } = setup();
    const decision = broker.gate.request(request, new AbortController().signal);
    expect(events).toEqual([
      {
        type: 'approval-request',
        runId: 'run-1',
        conversationId: 'conv-1',
        approvalId: 'appr-1',
        callId: 'call-1',
        tool: 'write_file',
        args: { path: 'a.txt', content: 'hi' },
        risk: 'write',
        preview: '--- a.txt\n+++ a.txt\n+hi',
        expiresAt: 1_060_000,
      },
    ]);
    expect(broker.pendingFor('conv-1').map((event) => event.approvalId)).toEqual(['appr-1']);
    expect(broker.pendingFor('other')).toEqual([]);

    expect(broker.respond('appr-1', 'allow-conversation')).toEqual({ accepted: true, message: null });
    await expect(decision).resolves.toBe('allow-conversation');
    expect(events[1]).toEqual({
      type: 'approval-resolved',
      runId: 'run-1',
      conversationId: 'conv-1',
      approvalId: 'appr-1',
      decision: 'allow-conversation',
    });
    expect(broker.pendingFor('conv-1')).toEqual([]);
  });

  it('uses a random id by default', async () => {
    const events: TacoEvent[] = [];
    const broker = createApprovalBroker({ emit: (event) => events.push(event) });
    const pending = broker.gate.request(request, new AbortController().signal);
    const first = events[0];
    expect(first?.type === 'approval-request' && first.approvalId).toMatch(/^[0-9a-f-]{36}$/);
    broker.dispose();
    await expect(pending).rejects.toThrow(/shutting down/);
  });

  it('refuses an id it never issued, and the open request stays open', async () => {
    const { broker } = setup();
    const decision = broker.gate.request(request, new AbortController().signal);
    const forged = broker.respond('appr-999', 'allow-once');
    expect(forged.accepted).toBe(false);
    expect(forged.message).toMatch(/No approval request with this id is open/);
    expect(broker.respond(42, 'allow-once').accepted).toBe(false);
    expect(broker.pendingFor('conv-1')).toHaveLength(1);
    broker.respond('appr-1', 'deny');
    await expect(decision).resolves.toBe('deny');
  });

  it('refuses a replayed id after it was answered', async () => {
    const { broker, events } = setup();
    const decision = broker.gate.request(request, new AbortController().signal);
    broker.respond('appr-1', 'deny');
    await expect(decision).resolves.toBe('deny');
    const replay = broker.respond('appr-1', 'allow-once');
    expect(replay).toEqual({ accepted: false, message: 'This approval was already answered (deny). Nothing changed.' });
    expect(events.filter((event) => event.type === 'approval-resolved')).toHaveLength(1);
  });

  it('refuses a malformed decision in words and keeps waiting', async () => {
    const { broker } = setup();
    const decision = broker.gate.request(request, new AbortController().signal);
    for (const bad of ['allow-always', null, { decision: 'deny' }, 1]) {
      const answer = broker.respond('appr-1', bad);
      expect(answer.accepted).toBe(false);
      expect(answer.message).toContain('is not an approval decision');
    }
    expect(broker.respond('appr-1', 'allow-once').accepted).toBe(true);
    await expect(decision).resolves.toBe('allow-once');
  });

  it('times out as a denial and then refuses the expired id', async () => {
    const { broker, events } = setup(60_000);
    const decision = broker.gate.request(request, new AbortController().signal);
    vi.advanceTimersByTime(59_999);
    expect(broker.pendingFor('conv-1')).toHaveLength(1);
    vi.advanceTimersByTime(1);
    await expect(decision).resolves.toBe('timeout');
    expect(events.at(-1)).toEqual({
      type: 'approval-resolved',
      runId: 'run-1',
      conversationId: 'conv-1',
      approvalId: 'appr-1',
      decision: 'timeout',
    });
    const late = broker.respond('appr-1', 'allow-once');
    expect(late.accepted).toBe(false);
    expect(late.message).toMatch(/expired/);
  });

  it('treats an answer after the expiry time as expired even if the timer has not fired yet', async () => {
    const events: TacoEvent[] = [];
    let clock = 0;
    const broker = createApprovalBroker({ emit: (event) => events.push(event), timeoutMs: 1000, now: () => clock, newId: () => 'a1' });
    const decision = broker.gate.request(request, new AbortController().signal);
    clock = 1000;
    expect(broker.respond('a1', 'allow-once').accepted).toBe(false);
    await expect(decision).resolves.toBe('timeout');
  });

  it('an aborted signal rejects the request and forgets it', async () => {
    const { broker, events } = setup();
    const controller = new AbortController();
    const decision = broker.gate.request(request, controller.signal);
    controller.abort();
    await expect(decision).rejects.toBe(controller.signal.reason);
    expect(broker.pendingFor('conv-1')).toEqual([]);
    expect(broker.respond('appr-1', 'allow-once')).toEqual({
      accepted: false,
      message: 'This approval request was withdrawn because its run stopped. Nothing was run.',
    });
    vi.advanceTimersByTime(120_000);
    expect(events.filter((event) => event.type === 'approval-resolved')).toEqual([]);
  });

  it('rejects at once when the signal is already aborted, without asking', async () => {
    const { broker, events } = setup();
    const controller = new AbortController();
    controller.abort(new Error('stopped'));
    await expect(broker.gate.request(request, controller.signal)).rejects.toThrow('stopped');
    expect(events).toEqual([]);
  });

  it('dispose withdraws every open request and stops its timer', async () => {
    const { broker, events } = setup();
    const one = broker.gate.request(request, new AbortController().signal);
    const two = broker.gate.request({ ...request, callId: 'call-2' }, new AbortController().signal);
    broker.dispose();
    await expect(one).rejects.toThrow(/shutting down/);
    await expect(two).rejects.toThrow(/shutting down/);
    vi.advanceTimersByTime(120_000);
    expect(events.filter((event) => event.type === 'approval-resolved')).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('approval broker: scope and warning', () => {
  it('carries the scope and warning, and refuses "allow-conversation" for a call that may only be allowed once', async () => {
    const { broker, events } = setup();
    const warned = {
      ...request,
      args: { path: '.git/config', content: 'x' },
      scope: null,
      warning: 'Writing .git/config can make programs run later.',
    };
    const decision = broker.gate.request(warned, new AbortController().signal);
    expect(events[0]).toMatchObject({ type: 'approval-request', scope: null, warning: warned.warning });
    const refused = broker.respond('appr-1', 'allow-conversation');
    expect(refused.accepted).toBe(false);
    expect(refused.message).toContain('can only be allowed once');
    expect(broker.respond('appr-1', 'allow-once')).toEqual({ accepted: true, message: null });
    await expect(decision).resolves.toBe('allow-once');
  });

  it('accepts "allow-tool" only for a request that offers it (an MCP tool as reviewed)', async () => {
    const { broker, events } = setup();
    const mcp = {
      ...request,
      tool: 'mcp__files__read_note',
      args: { id: 1 },
      risk: 'network' as const,
      preview: null,
      scope: 'x',
      alwaysAllow: true,
    };
    const offered = broker.gate.request(mcp, new AbortController().signal);
    expect(events[0]).toMatchObject({ type: 'approval-request', alwaysAllow: true });
    expect(broker.respond('appr-1', 'allow-tool')).toEqual({ accepted: true, message: null });
    await expect(offered).resolves.toBe('allow-tool');

    const plain = broker.gate.request({ ...request, scope: 'a.txt' }, new AbortController().signal);
    expect(events.at(-1)).not.toHaveProperty('alwaysAllow');
    const refused = broker.respond('appr-2', 'allow-tool');
    expect(refused.accepted).toBe(false);
    expect(refused.message).toContain('cannot be always allowed');
    expect(broker.respond('appr-2', 'deny')).toEqual({ accepted: true, message: null });
    await expect(plain).resolves.toBe('deny');
  });
});
