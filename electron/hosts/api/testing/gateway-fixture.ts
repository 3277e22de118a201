import { request as httpRequest } from 'node:http';
import { newServer } from '../../../../shared/models/servers';
import { standardModels, startFakeOllama, type FakeOllama, type ReplySource } from '../../../../test-support/fake-ollama/index';
import { openAiModels, startFakeOpenAi, type FakeOpenAi, type OpenAiReplySource } from '../../../../test-support/fake-openai/index';
import type { Cleanups } from '../../../../test-support/cleanups';
import { createAppServices } from '../../../services/app/app-services';
import type { AppServices } from '../../../services/app/app-services-types';
import { startApiHost, type ApiHost, type ApiHostOptions } from '../api-host';

export const API_KEY = 'taco-test-key-0123456789abcdef';
export const REMOTE_TOKEN = 'Bearer remote-server-token-42';

export interface GatewayFixture {
  ollama: FakeOllama;
  openai: FakeOpenAi;
  services: AppServices;
  api: ApiHost;
  dataDir: string;
}

export interface GatewayFixtureOptions {
  ollamaReplies?: ReplySource[];
  openAiReplies?: OpenAiReplySource[];
  routes?: ApiHostOptions['routes'];
  workspace?: string;
  /** The host's --allow-api-approvals (default off). */
  allowApprovals?: boolean;
}

/**
 * TACO's API over real app services, with the fake Ollama as the first server and the fake
 * OpenAI-compatible server added in Settings as `gpu-box` (behind a bearer token of its own).
 */
export async function startGatewayFixture(cleanups: Cleanups, options: GatewayFixtureOptions = {}): Promise<GatewayFixture> {
  const ollama = await startFakeOllama({
    scenario: {
      name: 'gateway',
      description: 'the gateway forwards to Ollama',
      models: [...standardModels(), { name: 'gemma3:4b', capabilities: ['completion', 'vision'], contextLength: 8192 }],
      replies: options.ollamaReplies ?? [],
    },
  });
  cleanups.defer(() => ollama.close());
  const openai = await startFakeOpenAi({
    scenario: {
      name: 'gateway',
      models: [openAiModels.withTools('tooly'), openAiModels.withoutTools('plain')],
      replies: options.openAiReplies ?? [],
    },
    requireHeader: { name: 'authorization', value: REMOTE_TOKEN },
  });
  cleanups.defer(() => openai.close());
  const dataDir = cleanups.tempDir('taco-api-');
  const services = await createAppServices({
    dataDir,
    ollamaHost: ollama.url,
    workspace: options.workspace ?? null,
    openExternal: async () => undefined,
  });
  cleanups.defer(() => services.dispose());
  const server = newServer({
    id: 'gpu-box',
    name: 'GPU box',
    kind: 'openai-compatible',
    baseUrl: openai.baseUrl,
    headers: { Authorization: REMOTE_TOKEN },
  });
  const set = await services.handle('settings.set', { servers: [server] });
  if (!set.ok) throw new Error(`settings.set failed: ${set.error.message}`);
  const api = await startApiHost({
    port: 0,
    key: API_KEY,
    dataDir,
    services,
    ...(options.routes ? { routes: options.routes } : {}),
    ...(options.allowApprovals !== undefined ? { allowApprovals: options.allowApprovals } : {}),
  });
  cleanups.defer(() => api.close());
  return { ollama, openai, services, api, dataDir };
}

export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A request with exactly these headers (fetch may not set Host): for the guard's tests. */
export function rawRequest(
  port: number,
  options: { method?: string; path?: string; headers?: Record<string, string>; body?: string },
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method: options.method ?? 'GET',
        path: options.path ?? '/v1/models',
        headers: options.headers ?? {},
        setHost: false,
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString('utf8') }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(options.body);
  });
}
