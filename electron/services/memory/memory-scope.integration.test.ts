import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SendResult } from '../../../shared/contract/contract';
import type { TacoEvent } from '../../../shared/contract/events';
import type { Memory, MemoryListResult } from '../../../shared/memory/memory';
import type { Project } from '../../../shared/projects/projects';
import { cleanupAfterEach } from '../../../test-support/cleanups';
import type { AgentRunInput } from '../agent/loop/agent-types';
import { composeAppServices } from '../app/compose-app-services';
import { defaultPorts } from '../app/default-ports';
import { fakePorts, fakeRunAgent } from '../app/testing/fake-ports';
import { callService, refusedCall, runOf } from '../app/testing/service-calls';

const cleanups = cleanupAfterEach();
const model = 'llama3.2:3b';
const project = { workspace: null, defaultModel: null, presetId: null, toolLimits: {} };

/**
 * The rule, from every way out of main: a note of project A reaches A's conversations and nowhere
 * else; a global note reaches every conversation. Each note below names the same subject, so a
 * path that leaked would find the other project's note relevant.
 */
async function start(options: { memory?: 'off' } = {}) {
  const dataDir = await mkdtemp(join(tmpdir(), 'taco-memory-app-'));
  cleanups.defer(() => rm(dataDir, { recursive: true, force: true }));
  const inputs: AgentRunInput[] = [];
  const events: TacoEvent[] = [];
  const services = await composeAppServices(
    { dataDir, openExternal: async () => undefined, batchIntervalMs: 1, ...options },
    fakePorts({
      openStorage: (dir) => defaultPorts.openStorage(dir),
      createMemory: (dir) => defaultPorts.createMemory(dir),
      runAgent: (input) => {
        inputs.push(input);
        return fakeRunAgent(input);
      },
    }),
  );
  cleanups.defer(() => services.dispose());
  services.subscribe((batch) => events.push(...batch));
  const call = <T>(name: string, request: unknown) => callService<T>(services, name, request);
  const a = await call<Project>('projects.create', { ...project, name: 'Alpha' });
  const b = await call<Project>('projects.create', { ...project, name: 'Beta' });
  const noteA = await call<Memory>('memory.add', { text: 'The database is Postgres 16 (alpha)', projectId: a.projectId });
  const noteB = await call<Memory>('memory.add', { text: 'The database is SQLite (beta)', projectId: b.projectId });
  const global = await call<Memory>('memory.add', { text: 'The user calls the database "the store"', projectId: null });
  const send = async (text: string, projectId?: string) => {
    const run = runOf(await call<SendResult>('chat.send', { conversationId: null, text, model, ...(projectId ? { projectId } : {}) }));
    await services.waitForRun(run.runId);
    const input = inputs.at(-1);
    if (!input) throw new Error('no run');
    return input;
  };
  return {
    services,
    call,
    send,
    a,
    b,
    noteA,
    noteB,
    global,
    events,
    fail: (name: string, request: unknown) => refusedCall(services, name, request),
  };
}

const ids = (notes: ReadonlyArray<{ memoryId: string } | { id: string }>) =>
  notes.map((note) => ('memoryId' in note ? note.memoryId : note.id)).sort();

describe('memory scope', () => {
  it('the turn prompt of a conversation in a project recalls its notes and the global ones, never another project’s', async () => {
    const h = await start();
    const inA = await h.send('Which database do we use?', h.a.projectId);
    expect(ids(inA.recalledMemories ?? [])).toEqual(ids([h.noteA, h.global]));
    const inB = await h.send('Which database do we use?', h.b.projectId);
    expect(ids(inB.recalledMemories ?? [])).toEqual(ids([h.noteB, h.global]));
    const outside = await h.send('Which database do we use?');
    expect(ids(outside.recalledMemories ?? [])).toEqual(ids([h.global]));
  });

  it('recall_memory in a project’s run sees its notes and the global ones; save_memory saves into that project', async () => {
    const h = await start();
    const inA = await h.send('hello', h.a.projectId);
    expect(ids(await inA.memory.recall('database', 10))).toEqual(ids([h.noteA, h.global]));
    const outside = await h.send('hello');
    expect(ids(await outside.memory.recall('database', 10))).toEqual(ids([h.global]));
    expect(ids(await outside.memory.recall('', 10))).toEqual(ids([h.global]));

    const saved = await inA.memory.save('Deploys go out on Tuesdays');
    const listed = await h.call<MemoryListResult>('memory.list', { filter: { type: 'all' } });
    expect(listed.memories.find((note) => note.memoryId === saved.id)).toMatchObject({ projectId: h.a.projectId, source: 'model' });
    const inB = await h.send('hello', h.b.projectId);
    expect(await inB.memory.recall('deploys tuesdays', 10)).toEqual([]);
  });

  it('the Settings list for a project shows its notes and the global ones; "global" shows only global ones', async () => {
    const h = await start();
    const list = async (filter: unknown) => ids((await h.call<MemoryListResult>('memory.list', { filter })).memories);
    expect(await list({ type: 'project', projectId: h.a.projectId })).toEqual(ids([h.noteA, h.global]));
    expect(await list({ type: 'project', projectId: h.b.projectId })).toEqual(ids([h.noteB, h.global]));
    expect(await list({ type: 'global' })).toEqual(ids([h.global]));
    expect(await list({ type: 'all' })).toEqual(ids([h.noteA, h.noteB, h.global]));
  });

  it('a note moved to another project follows its new scope everywhere', async () => {
    const h = await start();
    await h.call('memory.update', { memoryId: h.noteA.memoryId, changes: { projectId: h.b.projectId } });
    const inA = await h.send('Which database do we use?', h.a.projectId);
    expect(ids(inA.recalledMemories ?? [])).toEqual(ids([h.global]));
    expect(ids(await inA.memory.recall('database', 10))).toEqual(ids([h.global]));
    const inB = await h.send('Which database do we use?', h.b.projectId);
    expect(ids(inB.recalledMemories ?? [])).toEqual(ids([h.noteA, h.noteB, h.global]));
  });

  it('refuses a scope or filter naming a project that does not exist, and a bad payload, at the boundary', async () => {
    const h = await start();
    expect((await h.fail('memory.add', { text: 'x', projectId: 'nope' })).code).toBe('not-found');
    expect((await h.fail('memory.list', { filter: { type: 'project', projectId: 'nope' } })).code).toBe('not-found');
    expect((await h.fail('memory.update', { memoryId: h.noteA.memoryId, changes: { projectId: 'nope' } })).code).toBe('not-found');
    expect((await h.fail('memory.add', { text: '   ', projectId: null })).code).toBe('invalid-payload');
    expect((await h.fail('memory.add', { text: 'x', projectId: null, source: 'model' })).code).toBe('invalid-payload');
    expect((await h.fail('memory.list', {})).code).toBe('invalid-payload');
    expect((await h.fail('memory.list', { filter: { type: 'project' } })).code).toBe('invalid-payload');
    expect((await h.fail('memory.update', { memoryId: h.noteA.memoryId, changes: {} })).code).toBe('invalid-payload');
    expect((await h.fail('memory.update', { memoryId: 'missing', changes: { text: 'y' } })).code).toBe('not-found');
    expect(await h.call('memory.remove', { memoryId: 'missing' })).toEqual({ removed: false });
  });

  it('with memory off (CLI --no-memory) nothing is recalled and save_memory saves nothing', async () => {
    const h = await start({ memory: 'off' });
    const input = await h.send('Which database do we use?', h.a.projectId);
    expect(input.recalledMemories).toEqual([]);
    expect(await input.memory.recall('', 10)).toEqual([]);
    await expect(input.memory.save('x')).rejects.toThrow('Memory is off for this run');
    expect((await h.call<MemoryListResult>('memory.list', { filter: { type: 'all' } })).memories).toHaveLength(3);
  });
});
