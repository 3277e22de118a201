import { mkdir, mkdtemp, readFile, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SendResult } from '../../../shared/contract/contract';
import type { ConversationSearchHit, ConversationSummary } from '../../../shared/conversations/conversation';
import type { ModelEvent } from '../../../shared/contract/events';
import type { Project } from '../../../shared/projects/projects';
import { cleanupAfterEach } from '../../../test-support/cleanups';
import type { AgentRunInput } from '../agent/loop/agent-types';
import { composeAppServices } from '../app/compose-app-services';
import { defaultPorts } from '../app/default-ports';
import { createScriptedProvider, fakePorts, fakeRunAgent } from '../app/testing/fake-ports';
import { callService, refusedCall, runOf } from '../app/testing/service-calls';
import { createPromptLibrary } from '../system-prompts/prompt-library';

const cleanups = cleanupAfterEach();
const model = 'llama3.2:3b';

/** The app services over the real stores in a temporary folder, with a fake loop that records its input. */
async function start() {
  const dataDir = await mkdtemp(join(tmpdir(), 'taco-projects-app-'));
  cleanups.defer(() => rm(dataDir, { recursive: true, force: true }));
  const workspace = await realpath(await mkdtemp(join(tmpdir(), 'taco-project-ws-')));
  cleanups.defer(() => rm(workspace, { recursive: true, force: true }));
  await createPromptLibrary(dataDir).save({
    id: 'gardener',
    name: 'Gardener',
    prompt: 'You tend gardens.',
    defaultModel: null,
    options: { temperature: 0.3 },
    allowedTools: ['read_file'],
  });
  const inputs: AgentRunInput[] = [];
  const provider = createScriptedProvider({ host: 'h', replies: ['One.', 'Two.', 'Three.'] });
  const services = await composeAppServices(
    { dataDir, openExternal: async () => undefined, batchIntervalMs: 1 },
    fakePorts({
      openStorage: (dir) => defaultPorts.openStorage(dir),
      createProvider: () => provider,
      runAgent: (input) => {
        inputs.push(input);
        return fakeRunAgent(input);
      },
    }),
  );
  cleanups.defer(() => services.dispose());
  const modelEvents: ModelEvent[] = [];
  services.subscribeModelEvents((batch) => modelEvents.push(...batch));
  const call = <T>(name: string, request: unknown) => callService<T>(services, name, request);
  const send = async (text: string, extra: Record<string, unknown> = {}) => {
    const run = runOf(await call<SendResult>('chat.send', { conversationId: null, text, model, ...extra }));
    await services.waitForRun(run.runId);
    return run.conversationId;
  };
  return {
    services,
    dataDir,
    workspace,
    inputs,
    modelEvents,
    call,
    send,
    fail: (name: string, request: unknown) => refusedCall(services, name, request),
  };
}

const fields = { name: 'Garden', defaultModel: model, presetId: 'gardener', toolLimits: { maxIterations: 3 } };

describe('projects', () => {
  it('a new chat in a project takes its workspace, preset and tool limits; the window hears of each change', async () => {
    const h = await start();
    const project = await h.call<Project>('projects.create', { ...fields, workspace: h.workspace });
    expect(h.modelEvents).toContainEqual({ type: 'projects-changed', projects: [project] });

    const inside = await h.send('Plan the beds', { projectId: project.projectId });
    const outside = await h.send('Plan the week');
    const [inProject, elsewhere] = h.inputs;
    expect(inProject?.workspace).toBe(h.workspace);
    expect(inProject?.limits.maxIterations).toBe(3);
    expect(inProject?.conversation).toMatchObject({ systemPrompt: 'You tend gardens.', temperature: 0.3, allowedTools: ['read_file'] });
    expect(elsewhere?.workspace).toBeNull();
    expect(elsewhere?.limits.maxIterations).not.toBe(3);
    expect(elsewhere?.conversation?.systemPrompt).toBeUndefined();

    const list = await h.call<ConversationSummary[]>('conversations.list', {});
    expect(list.find((summary) => summary.conversationId === inside)?.projectId).toBe(project.projectId);
    expect(list.find((summary) => summary.conversationId === outside)?.projectId).toBeUndefined();
    // The move is a meta record appended to the timeline, like a pin.
    const timeline = await readFile(join(h.dataDir, 'conversations', `${inside}.jsonl`), 'utf8');
    expect(timeline).toContain(`"patch":{"projectId":"${project.projectId}"`);
  });

  it('moves conversations between projects, keeps pinned and search working across them, and removing a project loses nothing', async () => {
    const h = await start();
    const garden = await h.call<Project>('projects.create', { ...fields, workspace: null, presetId: null });
    const kitchen = await h.call<Project>('projects.create', { ...fields, name: 'Kitchen', workspace: null, presetId: null });
    const tomatoes = await h.send('Tomatoes need sun', { projectId: garden.projectId });
    const bread = await h.send('Bread need time');
    await h.call('conversation.pin', { conversationId: bread, pinned: true });

    const moved = await h.call<ConversationSummary>('conversation.moveToProject', { conversationId: bread, projectId: kitchen.projectId });
    expect(moved).toMatchObject({ projectId: kitchen.projectId, pinned: true });
    const hits = await h.call<ConversationSearchHit[]>('conversations.search', { query: 'need' });
    expect(hits.map((hit) => hit.conversationId).sort()).toEqual([bread, tomatoes].sort());

    expect(await h.call('projects.remove', { projectId: kitchen.projectId })).toEqual({ removed: true, moved: 1 });
    const after = await h.call<ConversationSummary[]>('conversations.list', {});
    expect(after.map((summary) => summary.conversationId).sort()).toEqual([bread, tomatoes].sort());
    expect(after.find((summary) => summary.conversationId === bread)).toMatchObject({ pinned: true });
    expect(after.find((summary) => summary.conversationId === bread)?.projectId).toBeUndefined();
    expect(await h.call<Project[]>('projects.list', {})).toEqual([garden]);

    const out = await h.call<ConversationSummary>('conversation.moveToProject', { conversationId: tomatoes, projectId: null });
    expect(out.projectId).toBeUndefined();
  });

  it('refuses what it cannot keep: a missing workspace, an unknown preset or project, nothing stored for it', async () => {
    const h = await start();
    const missing = join(h.workspace, 'not-there');
    expect((await h.fail('projects.create', { ...fields, workspace: missing })).message).toMatch(/does not exist.*nothing was saved/);
    expect((await h.fail('projects.create', { ...fields, workspace: 'relative/path' })).message).toMatch(/must be a full path/);
    expect((await h.fail('projects.create', { ...fields, workspace: null, presetId: 'nope' })).message).toMatch(/no system prompt “nope”/);
    await mkdir(join(h.workspace, 'sub'));
    const project = await h.call<Project>('projects.create', { ...fields, workspace: `${h.workspace}/sub/../sub` });
    expect(project.workspace).toBe(join(h.workspace, 'sub'));
    expect((await h.fail('projects.update', { projectId: 'ghost', changes: { name: 'x' } })).code).toBe('not-found');
    expect((await h.fail('chat.send', { conversationId: null, text: 'hi', model, projectId: 'ghost' })).code).toBe('not-found');
    expect((await h.fail('conversation.moveToProject', { conversationId: 'c1', projectId: 'ghost' })).code).toBe('not-found');
    expect(await h.call<ConversationSummary[]>('conversations.list', {})).toEqual([]);
  });
});
