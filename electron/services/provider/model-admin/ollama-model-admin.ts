import { DEFAULTS } from '../../../../shared/constants';
import { createBoundClient, type BoundClient } from '../ollama/ollama-client';
import { modelAdminMessages, isUnknownModelError } from './model-admin-messages';
import type { ModelAdmin, PullOptions } from './model-admin-types';
import { createPullProgressTracker } from './pull-progress';
import { toProviderError } from '../provider-error-mapping';
import { providerMessages } from '../provider-messages';
import { ProviderError } from '../provider-types';

export interface OllamaModelAdminOptions {
  host: string;
  /** Injected for tests; defaults to the global fetch. */
  fetch?: typeof fetch;
  /** Delete and unload give up after this long. */
  adminTimeoutMs?: number;
  /** The version check gives up after this long. */
  versionTimeoutMs?: number;
  /** Sent with every request (a remote Ollama behind a proxy with a token); never logged. */
  headers?: Readonly<Record<string, string>>;
}

/** What a failed call threw, in Ollama's own words (ResponseError or a streamed error line). */
function rawDetail(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Pull, delete, unload and version over ollama-js; each call gets its own client and signal. */
export function createOllamaModelAdmin(options: OllamaModelAdminOptions): ModelAdmin {
  const host = options.host.trim().replace(/\/+$/, '');
  const baseFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const adminTimeoutMs = options.adminTimeoutMs ?? DEFAULTS.modelAdmin.adminTimeoutMs;
  const versionTimeoutMs = options.versionTimeoutMs ?? DEFAULTS.modelAdmin.versionTimeoutMs;
  const headers = options.headers;

  const aborted = (): ProviderError => new ProviderError('aborted', providerMessages.aborted(), host);

  /** A bounded call; `words` turns an Ollama error (HTTP or streamed) into the message for the user. */
  async function bounded<T>(
    model: string | null,
    signal: AbortSignal | undefined,
    timeoutMs: number,
    call: (bound: BoundClient) => Promise<T>,
    words: (error: ProviderError, detail: string) => ProviderError,
  ): Promise<T> {
    if (signal?.aborted) throw aborted();
    let bound: BoundClient | undefined;
    try {
      bound = createBoundClient({ host, fetch: baseFetch, signal, timeoutMs, headers });
      return await call(bound);
    } catch (error) {
      const mapped = toProviderError(error, { host, model, signal, timedOut: bound?.timedOut() ?? false, timeoutMs, phase: 'request' });
      return Promise.reject(words(mapped, rawDetail(error)));
    }
  }

  return {
    host,

    async pull(name: string, { signal, onProgress }: PullOptions): Promise<void> {
      if (signal.aborted) throw aborted();
      const track = createPullProgressTracker();
      try {
        const { client } = createBoundClient({ host, fetch: baseFetch, signal, headers });
        const stream = await client.pull({ model: name, stream: true });
        for await (const line of stream) onProgress(track(line));
      } catch (error) {
        const mapped = toProviderError(error, { host, model: name, signal, timedOut: false, phase: 'stream' });
        throw pullError(mapped, name, rawDetail(error));
      }
    },

    delete(name, signal) {
      return bounded(
        name,
        signal,
        adminTimeoutMs,
        ({ client }) => client.delete({ model: name }).then(() => undefined),
        (error, detail) => {
          switch (error.kind) {
            case 'model-not-found':
              return new ProviderError('model-not-found', modelAdminMessages.notInstalled(name), host, error.status);
            case 'ollama-error':
              return new ProviderError('ollama-error', modelAdminMessages.deleteFailed(name, detail), host, error.status);
            default:
              return error;
          }
        },
      );
    },

    unload(name, signal) {
      return bounded(
        name,
        signal,
        adminTimeoutMs,
        ({ client }) => client.chat({ model: name, messages: [], keep_alive: 0, stream: false }).then(() => undefined),
        (error, detail) => {
          switch (error.kind) {
            case 'model-not-found':
              return new ProviderError('model-not-found', modelAdminMessages.notInstalled(name), host, error.status);
            case 'ollama-error':
              return new ProviderError('ollama-error', modelAdminMessages.unloadFailed(name, detail), host, error.status);
            default:
              return error;
          }
        },
      );
    },

    version(signal) {
      return bounded(
        null,
        signal,
        versionTimeoutMs,
        async ({ client }) => {
          const answer: unknown = await client.version();
          const version = typeof answer === 'object' && answer !== null ? (answer as { version?: unknown }).version : undefined;
          if (typeof version !== 'string' || version.trim() === '')
            throw new ProviderError('ollama-error', modelAdminMessages.noVersion(host), host);
          return version.trim();
        },
        (error) => error,
      );
    },
  };

  function pullError(error: ProviderError, name: string, detail: string): ProviderError {
    switch (error.kind) {
      case 'unreachable':
      case 'aborted':
        return error;
      case 'model-not-found':
        return new ProviderError('model-not-found', modelAdminMessages.pullUnknownModel(name), host, error.status);
      case 'incomplete-stream':
        return new ProviderError('incomplete-stream', modelAdminMessages.pullEndedEarly(name), host, error.status);
      case 'ollama-error':
      case 'malformed-tool-call':
      case 'tools-refused':
      case 'tool-schema-refused':
      case 'context-changed':
        return isUnknownModelError(detail)
          ? new ProviderError('model-not-found', modelAdminMessages.pullUnknownModel(name), host, error.status)
          : new ProviderError('ollama-error', modelAdminMessages.pullFailed(name, detail), host, error.status);
      default: {
        const unreachable: never = error.kind;
        return new ProviderError('ollama-error', String(unreachable), host);
      }
    }
  }
}
