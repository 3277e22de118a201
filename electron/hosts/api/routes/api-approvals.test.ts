import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import type { LocalApiStatus } from '../../../../shared/settings/local-api';
import type { TacoEvent } from '../../../../shared/contract/events';
import { reply, standardModels, startFakeOllama } from '../../../../test-support/fake-ollama/index';
import { cleanupAfterEach } from '../../../../test-support/cleanups';
import { createAppServices } from '../../../services/app/app-services';
import type { AppServices } from '../../../services/app/app-services-types';
import { callService } from '../../../services/app/testing/service-calls';
import { startApiHost } from '../api-host';
import { createLocalApiController } from '../local-api-controller';
import { tacoRoutes } from './taco-routes';
import { API_KEY, startGatewayFixture } from '../testing/gateway-fixture';

/** Security IV finding 6: the key holder answers approvals (runs risky tools unattended) only when the user allows it. */
const cleanups = cleanupAfterEach();
const WRITE = reply.toolCall('write_file', { path: 'note.txt', content: 'hello' });

type TacoChunk = OpenAI.Chat.Completions.ChatCompletionChunk & { taco?: TacoEvent };

function answerApproval(url: string, key: string, approvalId: string): Promise<Response> {
  return fetch(`${url}/taco/approvals/${approvalId}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ decision: 'allow-once' }),
  });
}

describe('answering approvals over the API', () => {
  it('is refused (403, naming the flag) by default; the run waits, and the window’s answer lets it go on', async () => {
    const workspace = cleanups.tempDir('taco-api-ws-');
    const { api, services } = await startGatewayFixture(cleanups, {
      routes: tacoRoutes,
      workspace,
      ollamaReplies: [WRITE, reply.text('Written.')],
    });
    const client = new OpenAI({ baseURL: `${api.url}/taco`, apiKey: API_KEY, maxRetries: 0 });
    const stream = await client.chat.completions.create({
      model: 'llama3.2:3b',
      stream: true,
      messages: [{ role: 'user', content: 'Write' }],
    });
    let text = '';
    for await (const part of stream as AsyncIterable<TacoChunk>) {
      text += part.choices[0]?.delta.content ?? '';
      if (part.taco?.type !== 'approval-request') continue;
      const { approvalId } = part.taco;
      const refused = await answerApproval(api.url, API_KEY, approvalId);
      expect(refused.status).toBe(403);
      expect(await refused.json()).toMatchObject({
        error: { code: 'approvals_off', message: expect.stringContaining('--allow-api-approvals') },
      });
      expect(existsSync(join(workspace, 'note.txt'))).toBe(false);
      // The window (the user) still answers.
      expect(await callService(services, 'approval.respond', { approvalId, decision: 'allow-once' })).toMatchObject({ accepted: true });
    }
    expect(text).toBe('Written.');
    expect(readFileSync(join(workspace, 'note.txt'), 'utf8')).toBe('hello');
  });

  it('headless, with no window to answer, a call that needs approval is refused at once with the flag that allows it', async () => {
    const ollama = await startFakeOllama({
      scenario: {
        name: 'headless-approvals',
        description: 'no approvals over the API',
        models: standardModels(),
        replies: [WRITE, reply.text('Could not write.')],
      },
    });
    cleanups.defer(() => ollama.close());
    const workspace = cleanups.tempDir('taco-api-ws-');
    const host = await startApiHost({
      port: 0,
      key: API_KEY,
      dataDir: cleanups.tempDir('taco-api-'),
      workspace,
      ollamaHost: ollama.url,
      routes: tacoRoutes,
    });
    cleanups.defer(() => host.close());
    const client = new OpenAI({ baseURL: `${host.url}/taco`, apiKey: API_KEY, maxRetries: 0 });

    const completion = await client.chat.completions.create({ model: 'llama3.2:3b', messages: [{ role: 'user', content: 'Write' }] });

    expect(completion.choices[0]?.message.content).toBe('Could not write.');
    expect(existsSync(join(workspace, 'note.txt'))).toBe(false);
    const second = ollama.requests.filter((request) => request.path === '/api/chat' && request.body?.stream !== false)[1];
    const fedBack = (second?.body?.messages as Array<{ role: string; content: string }>).find((message) => message.role === 'tool');
    expect(fedBack?.content).toContain(
      'no one can approve it: this headless API host answers no approvals (start it with --allow-api-approvals',
    );
  });

  it('in the app, Settings → Local API “Answer approvals over the API” (off by default) decides, at once', async () => {
    const workspace = cleanups.tempDir('taco-api-ws-');
    const ollama = await startFakeOllama({
      scenario: {
        name: 'app-approvals',
        description: 'the Settings switch',
        models: standardModels(),
        replies: [WRITE, reply.text('Written.')],
      },
    });
    cleanups.defer(() => ollama.close());
    const dataDir = cleanups.tempDir('taco-local-api-');
    let services: AppServices | null = null;
    const controller = createLocalApiController({ dataDir, services: () => services as AppServices });
    cleanups.defer(() => controller.close());
    services = await createAppServices({
      dataDir,
      ollamaHost: ollama.url,
      workspace,
      openExternal: async () => undefined,
      localApi: controller,
    });
    cleanups.defer(() => services?.dispose());
    await callService(services, 'localApi.set', { enabled: true, port: 0 });
    const { key, status } = await callService<{ key: string; status: LocalApiStatus }>(services, 'localApi.rotateKey', {});
    expect(status).toMatchObject({ allowApprovals: false });
    const url = status.type === 'ready' ? (status.url ?? '') : '';

    const client = new OpenAI({ baseURL: `${url}/taco`, apiKey: key, maxRetries: 0 });
    const stream = await client.chat.completions.create({
      model: 'llama3.2:3b',
      stream: true,
      messages: [{ role: 'user', content: 'Write' }],
    });
    for await (const part of stream as AsyncIterable<TacoChunk>) {
      if (part.taco?.type !== 'approval-request') continue;
      const refused = await answerApproval(url, key, part.taco.approvalId);
      expect(refused.status).toBe(403);
      expect(((await refused.json()) as { error: { message: string } }).error.message).toContain('Answer approvals over the API');
      expect(await callService(services, 'localApi.set', { allowApprovals: true })).toMatchObject({ allowApprovals: true });
      expect(await (await answerApproval(url, key, part.taco.approvalId)).json()).toMatchObject({ accepted: true });
    }
    expect(readFileSync(join(workspace, 'note.txt'), 'utf8')).toBe('hello');
  });
});
