import type { PullProgressEvent } from '../../../../shared/contract/events';
import type { ModelAdmin } from '../../provider/model-admin/model-admin-types';
import { createOllamaModelAdmin } from '../../provider/model-admin/ollama-model-admin';
import { providerFailureMessage } from '../../provider/provider-error-mapping';
import { ProviderError } from '../../provider/provider-types';
import type { CallHandlers } from '../call-router';
import { parseModelRef } from '../../../../shared/models/servers';
import { modelAdminMessages } from '../../provider/model-admin/model-admin-messages';
import type { ResolvedServer } from '../../servers/resolved-server';
import { createModelEventHub } from './model-event-hub';
import { testOllamaHost } from './ollama-test';
import { createPullRegistry } from './pull-registry';

export type ModelCallName = 'models.pull' | 'models.cancelPull' | 'models.delete' | 'models.unload' | 'ollama.test';

export interface ModelServices {
  /** Handlers for the model calls, to spread into the app's handler map. */
  handlers: Pick<CallHandlers, ModelCallName>;
  /** The `model-events` channel (pull progress). */
  subscribe(listener: (batch: PullProgressEvent[]) => void): () => void;
  /** Stops every pull. */
  dispose(): void;
  /** Whether pull/delete/unload work on an added server (off for OpenAI-compatible ones and where a proxy said 403/405). */
  adminStatus(server: ResolvedServer): { allowed: boolean; reason: string | null };
}

export interface ModelServicesOptions {
  /** The Ollama host in use now (settings with flags applied). */
  host(): string;
  /** The added server a model reference (`<serverId>::<model>`) is on; null for the first server. */
  serverOf?(ref: string): ResolvedServer | null;
  newId(): string;
  /** Replace the real admin (tests). */
  createAdmin?: (host: string) => ModelAdmin;
  progressIntervalMs?: number;
}

/** models.pull / cancelPull / delete / unload and ollama.test over the current host. */
export function createModelServices(options: ModelServicesOptions): ModelServices {
  const createAdmin = options.createAdmin ?? ((host: string) => createOllamaModelAdmin({ host }));
  const forbidden = new Map<string, number>();
  const admin = (ref: string): ModelAdmin => {
    const server = options.serverOf?.(ref) ?? null;
    if (server === null) return createAdmin(options.host());
    return remoteAdmin(server, forbidden);
  };
  const hub = createModelEventHub();
  const pulls = createPullRegistry({ admin, emit: hub.emit, newId: options.newId, progressIntervalMs: options.progressIntervalMs });

  return {
    handlers: {
      'models.pull': (request) => pulls.start(request.name),
      'models.cancelPull': (request) => ({ cancelled: pulls.cancel(request.pullId) }),
      'models.delete': async (request) => {
        try {
          await admin(request.name).delete(request.name);
          return { deleted: true, message: null };
        } catch (error) {
          return { deleted: false, message: providerFailureMessage(error) };
        }
      },
      'models.unload': async (request) => {
        try {
          await admin(request.name).unload(request.name);
          return { unloaded: true, message: null };
        } catch (error) {
          return { unloaded: false, message: providerFailureMessage(error) };
        }
      },
      'ollama.test': (request) => testOllamaHost(request.host, createAdmin),
    },
    subscribe: hub.subscribe,
    dispose: pulls.dispose,
    adminStatus: (server) => adminStatus(server, forbidden),
  };
}

/** Whether pull/delete/unload can be used on a server, and why not. */
function adminStatus(server: ResolvedServer, forbidden: ReadonlyMap<string, number>): { allowed: boolean; reason: string | null } {
  if (server.kind !== 'ollama') return { allowed: false, reason: modelAdminMessages.notOllama(server.name) };
  const status = forbidden.get(server.id);
  return status === undefined
    ? { allowed: true, reason: null }
    : { allowed: false, reason: modelAdminMessages.forbidden(server.name, status) };
}

/**
 * The admin of an added server: its own address and headers, the server's own model names; a
 * 403/405 from its proxy turns admin off for that server with the reason.
 */
function remoteAdmin(server: ResolvedServer, forbidden: Map<string, number>): ModelAdmin {
  const refuse = (): ProviderError => {
    const status = adminStatus(server, forbidden);
    return new ProviderError('ollama-error', status.reason ?? '', server.baseUrl, forbidden.get(server.id) ?? null);
  };
  if (!adminStatus(server, forbidden).allowed) {
    const fail = (): Promise<never> => Promise.reject(refuse());
    return { host: server.baseUrl, pull: fail, delete: fail, unload: fail, version: fail };
  }
  const inner = createOllamaModelAdmin({ host: server.baseUrl, headers: server.headers });
  const guard = async <T>(call: () => Promise<T>): Promise<T> => {
    try {
      return await call();
    } catch (error) {
      if (error instanceof ProviderError && (error.status === 403 || error.status === 405)) {
        forbidden.set(server.id, error.status);
        throw refuse();
      }
      throw error;
    }
  };
  const bare = (name: string): string => parseModelRef(name).model;
  return {
    host: server.baseUrl,
    pull: (name, pullOptions) => guard(() => inner.pull(bare(name), pullOptions)),
    delete: (name, signal) => guard(() => inner.delete(bare(name), signal)),
    unload: (name, signal) => guard(() => inner.unload(bare(name), signal)),
    version: (signal) => guard(() => inner.version(signal)),
  };
}
