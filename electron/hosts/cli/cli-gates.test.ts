import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { TacoEvent } from '../../../shared/contract/events';
import type { Risk } from '../../../shared/settings/settings';
import {
  EMPTY_TERMINAL_ANSWER,
  NO_ONE_TO_ASK,
  createCliQuestionGate,
  createFixedDepthGate,
  createPolicyApprovalGate,
  type CliApproveMode,
} from './cli-gates';
import type { ApprovalRequest } from '../../services/orchestration/orchestration-types';

const approval = (risk: Risk): ApprovalRequest => ({
  runId: 'r',
  conversationId: 'c',
  callId: `call-${risk}`,
  tool: `tool_${risk}`,
  args: {},
  risk,
  preview: null,
});

describe('CLI approval gate', () => {
  const expected: Record<CliApproveMode, Record<Risk, string>> = {
    all: { read: 'allow-once', write: 'allow-once', shell: 'allow-once', network: 'allow-once' },
    none: { read: 'deny', write: 'deny', shell: 'deny', network: 'deny' },
    read: { read: 'allow-once', write: 'deny', shell: 'deny', network: 'deny' },
  };

  for (const mode of ['all', 'none', 'read'] as const) {
    it(`--approve ${mode} answers per risk and emits request + resolution`, async () => {
      const events: TacoEvent[] = [];
      const gate = createPolicyApprovalGate(mode, (event) => events.push(event), { newId: () => 'id', now: () => 5 });
      for (const risk of ['read', 'write', 'shell', 'network'] as const) {
        events.length = 0;
        const decision = await gate.request(approval(risk), new AbortController().signal);
        expect(decision).toBe(expected[mode][risk]);
        expect(events).toEqual([
          {
            type: 'approval-request',
            runId: 'r',
            conversationId: 'c',
            approvalId: 'id',
            callId: `call-${risk}`,
            tool: `tool_${risk}`,
            args: {},
            risk,
            preview: null,
            expiresAt: 5,
          },
          { type: 'approval-resolved', runId: 'r', conversationId: 'c', approvalId: 'id', decision: expected[mode][risk] },
        ]);
      }
    });
  }

  it('refuses to answer for an aborted run', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(createPolicyApprovalGate('all', () => {}).request(approval('write'), controller.signal)).rejects.toBe(
      controller.signal.reason,
    );
  });
});

describe('CLI depth gate', () => {
  const request = { runId: 'r', conversationId: 'c', depth: 20, limit: 20, frames: [] };

  it('continue raises the limit by a step', async () => {
    const events: TacoEvent[] = [];
    await expect(
      createFixedDepthGate('continue', (event) => events.push(event)).decide(request, new AbortController().signal),
    ).resolves.toBe('continue');
    expect(events).toEqual([
      { type: 'depth-limit', runId: 'r', conversationId: 'c', depth: 20, limit: 20, frames: [] },
      { type: 'depth-resolved', runId: 'r', conversationId: 'c', decision: 'continue', limit: 40 },
    ]);
  });

  it('cancel keeps the limit', async () => {
    const events: TacoEvent[] = [];
    await expect(createFixedDepthGate('cancel', (event) => events.push(event)).decide(request, new AbortController().signal)).resolves.toBe(
      'cancel',
    );
    expect(events[1]).toEqual({ type: 'depth-resolved', runId: 'r', conversationId: 'c', decision: 'cancel', limit: 20 });
  });
});

describe('CLI question gate', () => {
  const question = { runId: 'r', conversationId: 'c', callId: 'k', question: 'Which file?' };

  it('answers that no one can be asked when not interactive', async () => {
    const events: TacoEvent[] = [];
    const gate = createCliQuestionGate({ emit: (event) => events.push(event), interactive: false, newId: () => 'q' });
    await expect(gate.ask(question, new AbortController().signal)).resolves.toBe(NO_ONE_TO_ASK);
    expect(events).toEqual([
      { type: 'question', runId: 'r', conversationId: 'c', questionId: 'q', callId: 'k', question: 'Which file?' },
      { type: 'question-answered', runId: 'r', conversationId: 'c', questionId: 'q', answer: NO_ONE_TO_ASK },
    ]);
  });

  it('asks on the terminal and returns the typed line', async () => {
    const input = new PassThrough();
    const output = new PassThrough();
    let written = '';
    output.on('data', (chunk: Buffer) => (written += chunk.toString()));
    const events: TacoEvent[] = [];
    const gate = createCliQuestionGate({ emit: (event) => events.push(event), interactive: true, input, output });
    const answer = gate.ask(question, new AbortController().signal);
    input.write('  notes.md \n');
    await expect(answer).resolves.toBe('notes.md');
    expect(written).toContain('Which file?');
    expect(events.at(-1)).toMatchObject({ type: 'question-answered', answer: 'notes.md' });
  });

  it('an ask_user question with escape sequences reaches the terminal without them', async () => {
    const input = new PassThrough();
    const output = new PassThrough();
    let written = '';
    output.on('data', (chunk: Buffer) => (written += chunk.toString()));
    const gate = createCliQuestionGate({ emit: () => {}, interactive: true, input, output });
    const answer = gate.ask({ ...question, question: 'Which\u001b]52;c;cm0gLXJmIH4=\u0007 file?\u001b[2J' }, new AbortController().signal);
    input.write('a.md\n');
    await expect(answer).resolves.toBe('a.md');
    expect(written).toContain('Which file?');
    expect(written).not.toMatch(/[\u001b\u0007\u009b\u009d]/);
  });

  it('an empty line and closed input get answers in words', async () => {
    const input = new PassThrough();
    const gate = createCliQuestionGate({ emit: () => {}, interactive: true, input, output: new PassThrough() });
    const empty = gate.ask(question, new AbortController().signal);
    input.write('\n');
    await expect(empty).resolves.toBe(EMPTY_TERMINAL_ANSWER);
    const closedInput = new PassThrough();
    const gate2 = createCliQuestionGate({ emit: () => {}, interactive: true, input: closedInput, output: new PassThrough() });
    const closed = gate2.ask(question, new AbortController().signal);
    closedInput.end();
    await expect(closed).resolves.toBe(NO_ONE_TO_ASK);
  });

  it('an abort while waiting rejects', async () => {
    const controller = new AbortController();
    const gate = createCliQuestionGate({ emit: () => {}, interactive: true, input: new PassThrough(), output: new PassThrough() });
    const answer = gate.ask(question, controller.signal);
    controller.abort();
    await expect(answer).rejects.toBe(controller.signal.reason);
  });
});
