import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { SendResult } from '../../../../shared/contract/contract';
import type { EventOf, TacoEvent } from '../../../../shared/contract/events';
import { startFakeOllama } from '../../../../test-support/fake-ollama/fake-ollama-server';
import { createAppServices } from '../../app/app-services';
import { cleanupAfterEach } from '../../../../test-support/cleanups';
import { callService } from '../../app/testing/service-calls';

const cleanups = cleanupAfterEach();

/** A model turn with three write_file calls, through the app services and the real approval broker. */
async function threeWrites() {
  const fake = await startFakeOllama({ scenario: 'workflows' });
  cleanups.defer(() => fake.close());
  const dataDir = cleanups.tempDir('taco-batch-');
  const workspace = cleanups.tempDir('taco-batch-ws-');
  const services = await createAppServices({ dataDir, workspace, ollamaHost: fake.url, openExternal: async () => undefined });
  cleanups.defer(() => services.dispose());
  const events: TacoEvent[] = [];
  services.subscribe((batch) => events.push(...batch));
  const call = <T>(name: string, request: unknown): Promise<T> => callService<T>(services, name, request);
  const sent = await call<SendResult>('chat.send', { conversationId: null, text: 'Write three files please', model: 'llama3.2:3b' });
  if (sent.type !== 'run') throw new Error('expected a run');
  const requests = await vi.waitFor(() => {
    const found = events.filter((event): event is EventOf<'approval-request'> => event.type === 'approval-request');
    if (found.length < 3) throw new Error(`only ${found.length} approval requests yet`);
    // Each request waits for its diff first, so they may be emitted in any order; the card orders them by index.
    return found.sort((a, b) => (a.batch?.index ?? 0) - (b.batch?.index ?? 0));
  });
  return { services, events, call, runId: sent.runId, requests, workspace };
}

describe('batch approval: one model turn asks for three writes', () => {
  it('all three are asked at once as one batch (one card), before any runs; "Allow all" runs all three', async () => {
    const { services, events, call, runId, requests, workspace } = await threeWrites();
    const batchIds = new Set(requests.map((request) => request.batch?.batchId));
    expect(batchIds.size).toBe(1);
    expect(requests.map((request) => [request.batch?.index, request.batch?.size, request.args.path])).toEqual([
      [0, 3, 'a.txt'],
      [1, 3, 'b.txt'],
      [2, 3, 'c.txt'],
    ]);
    expect(new Set(requests.map((request) => request.approvalId)).size).toBe(3);
    expect(String(requests[0]?.preview)).toContain('+a.txt content');
    expect(events.filter((event) => event.type === 'tool-result')).toHaveLength(0);

    for (const request of requests) {
      expect(await call('approval.respond', { approvalId: request.approvalId, decision: 'allow-once' })).toEqual({
        accepted: true,
        message: null,
      });
    }
    expect(await services.waitForRun(runId)).toMatchObject({ reason: 'complete' });
    for (const name of ['a.txt', 'b.txt', 'c.txt']) expect(readFileSync(join(workspace, name), 'utf8')).toBe(`${name} content\n`);
    await vi.waitFor(() => expect(events.filter((event) => event.type === 'tool-result')).toHaveLength(3));
  });

  it('a forged id and a replayed id are refused; per-item answers apply to their own call only', async () => {
    const { services, events, call, runId, requests, workspace } = await threeWrites();
    const [first, second, third] = requests;
    if (!first || !second || !third) throw new Error('three requests expected');
    const forged = await call<{ accepted: boolean; message: string | null }>('approval.respond', {
      approvalId: `${first.approvalId}x`,
      decision: 'allow-once',
    });
    expect(forged).toMatchObject({ accepted: false, message: expect.stringContaining('No approval request with this id') });
    expect(await call('approval.respond', { approvalId: first.approvalId, decision: 'allow-once' })).toMatchObject({ accepted: true });
    const replayed = await call<{ accepted: boolean; message: string | null }>('approval.respond', {
      approvalId: first.approvalId,
      decision: 'deny',
    });
    expect(replayed).toMatchObject({ accepted: false, message: expect.stringContaining('already answered') });
    expect(await call('approval.respond', { approvalId: second.approvalId, decision: 'deny' })).toMatchObject({ accepted: true });
    expect(await call('approval.respond', { approvalId: third.approvalId, decision: 'allow-once' })).toMatchObject({ accepted: true });
    await services.waitForRun(runId);
    await vi.waitFor(() => expect(events.some((event) => event.type === 'run-finish')).toBe(true));
    expect(existsSync(join(workspace, 'a.txt'))).toBe(true);
    expect(existsSync(join(workspace, 'b.txt'))).toBe(false);
    expect(existsSync(join(workspace, 'c.txt'))).toBe(true);
  });

  it('Stop while the batch waits withdraws every open approval; nothing is written', async () => {
    const { services, call, runId, requests, workspace } = await threeWrites();
    await call('run.cancel', { runId });
    expect(await services.waitForRun(runId)).toMatchObject({ reason: 'cancelled' });
    const late = await call<{ accepted: boolean; message: string | null }>('approval.respond', {
      approvalId: requests[2]?.approvalId ?? '',
      decision: 'allow-once',
    });
    expect(late).toMatchObject({ accepted: false, message: expect.stringContaining('withdrawn') });
    expect(existsSync(join(workspace, 'a.txt'))).toBe(false);
  });
});
