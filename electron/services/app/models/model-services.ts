import type { ModelEvent } from '../../../../shared/events';
import type { ModelAdmin } from '../../provider/model-admin/model-admin-types';
import { createOllamaModelAdmin } from '../../provider/model-admin/ollama-model-admin';
import { providerFailureMessage } from '../../provider/provider-error-mapping';
import type { CallHandlers } from '../call-router';
import { createModelEventHub } from './model-event-hub';
import { testOllamaHost } from './ollama-test';
import { createPullRegistry } from './pull-registry';

export type ModelCallName = 'models.pull' | 'models.cancelPull' | 'models.delete' | 'models.unload' | 'ollama.test';

export interface ModelServices {
  /** Handlers for the model calls, to spread into the app's handler map. */
  handlers: Pick<CallHandlers, ModelCallName>;
  /** The `model-events` channel (pull progress). */
  subscribe(listener: (batch: ModelEvent[]) => void): () => void;
  /** Stops every pull. */
  dispose(): void;
}

export interface ModelServicesOptions {
  /** The Ollama host in use now (settings with flags applied). */
  host(): string;
  newId(): string;
  /** Replace the real admin (tests). */
  createAdmin?: (host: string) => ModelAdmin;
  progressIntervalMs?: number;
}

/** models.pull / cancelPull / delete / unload and ollama.test over the current host. */
export function createModelServices(options: ModelServicesOptions): ModelServices {
  const createAdmin = options.createAdmin ?? ((host: string) => createOllamaModelAdmin({ host }));
  const admin = (): ModelAdmin => createAdmin(options.host());
  const hub = createModelEventHub();
  const pulls = createPullRegistry({ admin, emit: hub.emit, newId: options.newId, progressIntervalMs: options.progressIntervalMs });

  return {
    handlers: {
      'models.pull': (request) => pulls.start(request.name),
      'models.cancelPull': (request) => ({ cancelled: pulls.cancel(request.pullId) }),
      'models.delete': async (request) => {
        try {
          await admin().delete(request.name);
          return { deleted: true, message: null };
        } catch (error) {
          return { deleted: false, message: providerFailureMessage(error) };
        }
      },
      'models.unload': async (request) => {
        try {
          await admin().unload(request.name);
          return { unloaded: true, message: null };
        } catch (error) {
          return { unloaded: false, message: providerFailureMessage(error) };
        }
      },
      'ollama.test': (request) => testOllamaHost(request.host, createAdmin),
    },
    subscribe: hub.subscribe,
    dispose: pulls.dispose,
  };
}
