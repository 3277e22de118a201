import { readFileSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { SendResult } from '../../../../shared/contract/contract';
import type { UndoResult } from '../../../../shared/documents/documents';
import { cleanupAfterEach } from '../../../../test-support/cleanups';
import { startFakeOllama } from '../../../../test-support/fake-ollama/fake-ollama-server';
import type { RecordedRequest } from '../../../../test-support/fake-ollama/scenario-types';
import { createAppServices } from '../../app/app-services';
import { callService, runOf } from '../../app/testing/service-calls';
import { SUMMARY_SYSTEM_PROMPT } from '../../documents/summarize-document';

const cleanups = cleanupAfterEach();

/** Every file and folder under `root` (itself included) with its permission bits. */
async function walk(root: string): Promise<Array<{ path: string; mode: number; folder: boolean }>> {
  const info = await stat(root);
  const here = { path: root, mode: info.mode & 0o777, folder: info.isDirectory() };
  if (!info.isDirectory()) return [here];
  const children = await readdir(root);
  return [here, ...(await Promise.all(children.map((child) => walk(path.join(root, child))))).flat()];
}

describe.skipIf(process.platform === 'win32')('the data folder after a real session', () => {
  it('holds nothing group- or other-readable: conversations, versions, blobs, documents, raw logs, projects, workflows, search index, MCP servers', async () => {
    const previous = process.umask(0o022);
    cleanups.defer(() => void process.umask(previous));
    const fake = await startFakeOllama({ scenario: 'documents-demo' });
    cleanups.defer(() => fake.close());
    const workspace = cleanups.tempDir('taco-modes-ws-');
    const dataDir = path.join(cleanups.tempDir('taco-modes-data-'), 'TACO');
    const services = await createAppServices({ dataDir, ollamaHost: fake.url, openExternal: async () => undefined });
    cleanups.defer(() => services.dispose());
    await callService(services, 'settings.set', {
      workspace,
      debugRawLog: true,
      // The raw log masks the app's own secrets exactly (the key is quoted in the message below).
      webSearch: { provider: 'ollama', ollamaApiKey: 'wsk-own-secret-value' },
      approvals: { read: 'allow', write: 'allow', shell: 'ask', network: 'ask' },
    });

    // write_file keeps a version (log + blob) and makes a document; its summary is a side request.
    const run = runOf(
      await callService<SendResult>(services, 'chat.send', {
        conversationId: null,
        text: 'Please file the meeting notes, then search the documents for them (key wsk-own-secret-value)',
        model: 'qwen3:4b',
      }),
    );
    expect((await services.waitForRun(run.runId)).reason).toBe('complete');
    const isSummary = (request: RecordedRequest): boolean =>
      request.path === '/api/chat' &&
      (request.body?.messages as Array<{ content: string }> | undefined)?.[0]?.content === SUMMARY_SYSTEM_PROMPT;
    await vi.waitFor(() => expect(fake.requests.some(isSummary)).toBe(true), { timeout: 10_000 });
    // Undo keeps the current content as a version too.
    const undone = await callService<UndoResult>(services, 'documents.undo', { conversationId: run.conversationId, confirmed: true });
    expect(undone.type).toBe('undone');
    // The newer stores: projects, a saved workflow, the disk search index, MCP servers.
    const project = await callService<{ projectId: string }>(services, 'projects.create', {
      name: 'Modes',
      workspace: null,
      defaultModel: null,
      presetId: null,
      toolLimits: {},
    });
    await callService(services, 'conversation.moveToProject', { conversationId: run.conversationId, projectId: project.projectId });
    const draft = {
      id: 'modes_check',
      name: 'Modes',
      category: 'Mine',
      description: 'd',
      params: [],
      steps: [{ type: 'prompt', prompt: 'Hi' }],
    };
    expect(await callService(services, 'workflows.saveDraft', { content: JSON.stringify(draft) })).toMatchObject({ ok: true });
    await callService(services, 'conversations.search', { query: 'meeting notes' });
    await callService(services, 'mcp.save', { name: 'off', config: { command: 'node', args: ['-e', '0'], enabled: false } });
    await services.dispose();

    const entries = await walk(dataDir);
    const names = entries.map((entry) => path.relative(dataDir, entry.path));
    // The session really wrote what the rule is about.
    expect(names).toEqual(expect.arrayContaining([`documents/${run.conversationId}/versions.jsonl`]));
    expect(names.some((name) => name.startsWith(`documents/${run.conversationId}/blobs/`))).toBe(true);
    expect(names.some((name) => /^logs\/llm\/[\d-]+\/request_/.test(name))).toBe(true);
    expect(names.some((name) => name.startsWith('conversations/'))).toBe(true);
    expect(names).toEqual(
      expect.arrayContaining([
        'projects.json',
        'mcp.json',
        'workflows/modes_check.json',
        'search/log.jsonl',
        `search/text/${run.conversationId}.txt`,
      ]),
    );
    const logs = entries.filter((entry) => !entry.folder && entry.path.includes(`${path.sep}logs${path.sep}`));
    expect(logs.length).toBeGreaterThan(0);
    for (const log of logs) expect(readFileSync(log.path, 'utf8')).not.toContain('wsk-own-secret-value');
    const open = entries
      .filter((entry) => (entry.mode & 0o077) !== 0)
      .map((entry) => `${path.relative(dataDir, entry.path) || '.'} ${entry.mode.toString(8)}`);
    expect(open).toEqual([]);
  });
});
