import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TacoEvent } from '../../../shared/contract/events';
import type {
  WorkflowDraftResult,
  WorkflowExtractResult,
  WorkflowListResult,
  WorkflowRunResult,
  WorkspaceEntriesResult,
} from '../../../shared/workflows/workflow';
import { startFakeOllama, type FakeOllama } from '../../../test-support/fake-ollama/fake-ollama-server';
import { WORKFLOW_REPLIES } from '../../../test-support/fake-ollama/scenarios/tools/workflows';
import { createAppServices } from '../app/app-services';
import type { AppServices } from '../app/app-services-types';
import { callService } from '../app/testing/service-calls';

/**
 * The `workflows.*` calls through the app services (as the renderer makes them), against the fake
 * Ollama and a real MCP server (@modelcontextprotocol/server-everything over stdio), added through
 * `mcp.save` as a user would: the app's MCP service is the workflows' prompt source.
 */
let fake: FakeOllama;
let services: AppServices;
const events: TacoEvent[] = [];
const dataDir = mkdtempSync(join(tmpdir(), 'taco-wf-int-'));
const workspace = mkdtempSync(join(tmpdir(), 'taco-wf-int-ws-'));
writeFileSync(join(workspace, 'notes.txt'), 'Hello reader.\n');

const call = <T>(name: string, request: unknown): Promise<T> => callService<T>(services, name, request);

beforeAll(async () => {
  fake = await startFakeOllama({ scenario: 'workflows' });
  const serverEntry = createRequire(import.meta.url).resolve('@modelcontextprotocol/server-everything/dist/index.js');
  services = await createAppServices({ dataDir, workspace, ollamaHost: fake.url, openExternal: async () => undefined });
  await call('mcp.save', { name: 'everything', config: { command: process.execPath, args: [serverEntry, 'stdio'], enabled: true } });
  await vi.waitFor(async () => {
    const listed = await call<{ servers: Array<{ name: string; status: string }> }>('mcp.list', {});
    expect(listed.servers.find((server) => server.name === 'everything')?.status).toBe('ready');
  });
  services.subscribe((batch) => events.push(...batch));
}, 60_000);
afterAll(async () => {
  await services.dispose();
  await fake.close();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(workspace, { recursive: true, force: true });
});

describe('MCP prompts as workflows (server-everything)', () => {
  it('its prompts are listed under "MCP · everything", the arguments as a form', async () => {
    const listed = await call<WorkflowListResult>('workflows.list', {});
    const group = listed.categories.find((entry) => entry.category === 'MCP · everything');
    const args = group?.workflows.find((info) => info.definition.name === 'args-prompt');
    expect(args?.definition).toMatchObject({
      id: 'mcp__everything__args_prompt',
      params: [
        { name: 'city', required: true, help: 'Name of the city' },
        { name: 'state', required: false },
      ],
      steps: [{ type: 'prompt' }],
    });
  });

  it('running one sends the server-rendered prompt (with the arguments) through the agent loop', async () => {
    const missing = await call<WorkflowRunResult>('workflows.run', {
      conversationId: null,
      workflowId: 'mcp__everything__args_prompt',
      params: {},
      model: 'llama3.2:3b',
    });
    expect(missing).toEqual({ type: 'invalid', errors: { city: 'city is required' } });
    const run = await call<WorkflowRunResult>('workflows.run', {
      conversationId: null,
      workflowId: 'mcp__everything__args_prompt',
      params: { city: 'Paris', state: 'France' },
      model: 'llama3.2:3b',
    });
    if (run.type !== 'run') throw new Error('expected a run');
    expect(await services.waitForRun(run.runId)).toMatchObject({ reason: 'complete' });
    const sent = fake.requests
      .filter((request) => request.path === '/api/chat' && request.body?.stream === true)
      .map((r) => JSON.stringify(r.body));
    expect(sent.some((body) => body.includes("What's weather in Paris, France?"))).toBe(true);
  });
});

describe('the workflows.* calls', () => {
  it('a confirm step waits for workflows.confirm; a forged id is refused; accepting runs the rest', async () => {
    const run = await call<WorkflowRunResult>('workflows.run', {
      conversationId: null,
      workflowId: 'rename_identifier',
      params: { old_name: 'reader', new_name: 'friend' },
      model: 'llama3.2:3b',
    });
    if (run.type !== 'run') throw new Error('expected a run');
    const confirm = await vi.waitFor(() => {
      const found = events.find((event) => event.type === 'workflow-confirm' && event.runId === run.runId);
      if (found?.type !== 'workflow-confirm') throw new Error('no confirm yet');
      return found;
    });
    expect(confirm.message).toContain('notes.txt');
    // The user's message says what they asked, in words: the workflow's name and each input by its label.
    const asked = events.find((event) => event.type === 'user-message' && event.conversationId === run.conversationId);
    expect(asked).toMatchObject({ text: 'Rename an identifier (Current name: reader; New name: friend; Folder: .)' });
    expect(await call('workflows.confirm', { confirmId: 'forged', accept: true })).toMatchObject({ accepted: false });
    expect(await call('workflows.confirm', { confirmId: confirm.confirmId, accept: false })).toEqual({ accepted: true, message: null });
    expect(await call('workflows.confirm', { confirmId: confirm.confirmId, accept: true })).toMatchObject({ accepted: false });
    const finish = await services.waitForRun(run.runId);
    expect(finish.reason).toBe('cancelled');
    // Subscribers get events in batches: the run can be over before its last batch is delivered.
    const workflowFinish = await vi.waitFor(() => {
      const found = events.find((event) => event.type === 'workflow-finish' && event.runId === run.runId);
      if (!found) throw new Error('no workflow-finish yet');
      return found;
    });
    expect(workflowFinish).toMatchObject({ reason: 'declined' });
  });

  it('extractParams fills the form from free text, checked in main', async () => {
    const result = await call<WorkflowExtractResult>('workflows.extractParams', {
      workflowId: 'summarise_file',
      text: 'summarise notes.txt in one sentence please',
      model: 'llama3.2:3b',
    });
    expect(WORKFLOW_REPLIES.extracted).toContain('notes.txt');
    expect(result).toEqual({ values: { file: 'notes.txt', length: 'one sentence' }, errors: {}, problem: null });
  });

  it('validateDraft names the field; saveDraft writes a valid draft that workflows.list then shows', async () => {
    const draft = {
      id: 'my_request',
      name: 'My request',
      category: 'Mine',
      description: 'Saved from a turn.',
      params: [{ name: 'topic', label: 'Topic', type: 'string', required: true }],
      steps: [{ type: 'prompt', prompt: 'Tell me about {{topic}} and {{colour}}' }],
    };
    const bad = await call<WorkflowDraftResult>('workflows.validateDraft', { content: JSON.stringify(draft) });
    expect(bad).toMatchObject({ ok: false, problems: [{ field: 'steps.0.prompt', message: expect.stringContaining('{{colour}}') }] });
    const fixed = { ...draft, steps: [{ type: 'prompt', prompt: 'Tell me about {{topic}}' }] };
    expect(await call<WorkflowDraftResult>('workflows.saveDraft', { content: JSON.stringify(fixed) })).toEqual({
      ok: true,
      problems: [],
      file: 'data/workflows/my_request.json',
    });
    const listed = await call<WorkflowListResult>('workflows.list', {});
    expect(listed.categories.find((group) => group.category === 'Mine')?.workflows[0]?.origin).toBe('user');
    const clash = await call<WorkflowDraftResult>('workflows.saveDraft', { content: JSON.stringify({ ...fixed, id: 'summarise_file' }) });
    expect(clash).toMatchObject({ ok: false, problems: [{ field: 'id' }] });
  });

  it('listEntries lists the workspace for the pickers and never leaves it', async () => {
    const root = await call<WorkspaceEntriesResult>('workflows.listEntries', { path: '' });
    expect(root).toEqual({ path: '.', entries: [{ name: 'notes.txt', path: 'notes.txt', type: 'file' }], problem: null });
    const outside = await call<WorkspaceEntriesResult>('workflows.listEntries', { path: '..' });
    expect(outside.entries).toEqual([]);
    expect(outside.problem).toMatch(/outside the workspace/i);
  });
});
