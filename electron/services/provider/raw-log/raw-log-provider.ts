import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { ensureDir } from '../../store/files/data-dir';
import { appendDataFile, writeDataFile } from '../../store/files/data-file';
import type { ChatProvider, ProviderChunk } from '../provider-types';
import { maskSecrets } from './mask-secrets';

export interface RawLogOptions {
  /** The data folder's `logs/llm`; each day gets its own folder (`logs/llm/2025-05-01/`). */
  dir: string;
  /** Read on every request: the TACO_DEBUG_RAW variable or the Settings switch. */
  enabled(): boolean;
  /** The app's own secrets, masked exactly wherever they appear (read on every write: settings change). */
  secrets?: () => Iterable<string>;
  now?: () => Date;
}

/**
 * Wraps a provider so that, while enabled, every model request and its response are written to
 * `logs/llm/DATE/request_HH-mm-ss_fff_ID.txt` and `response_…_ID.txt` (seed tool-execution-loop's
 * debug log), secrets masked. The response file gets one JSON line per chunk as it arrives, so a
 * request that hangs still shows what came back. Logging never fails a request.
 */
export function withRawLog<P extends ChatProvider>(provider: P, options: RawLogOptions): P {
  const now = options.now ?? (() => new Date());
  const mask = (text: string): string => maskSecrets(text, options.secrets?.() ?? []);
  const files = async (): Promise<{ request: string; response: string }> => {
    const at = now();
    const iso = at.toISOString();
    const day = join(options.dir, iso.slice(0, 10));
    await ensureDir(day);
    const stamp = `${iso.slice(11, 19).replace(/:/g, '-')}_${iso.slice(20, 23)}_${randomBytes(3).toString('hex')}`;
    return { request: join(day, `request_${stamp}.txt`), response: join(day, `response_${stamp}.txt`) };
  };
  const write = (path: string, text: string, append = false): Promise<void> =>
    (append ? appendDataFile(path, text) : writeDataFile(path, text)).catch(() => undefined);

  const wrapped: ChatProvider = {
    get host() {
      return provider.host;
    },
    listModels: (signal) => provider.listModels(signal),
    capabilities: (model, signal) => provider.capabilities(model, signal),
    streamChat(request) {
      if (!options.enabled()) return provider.streamChat(request);
      return (async function* logged(): AsyncGenerator<ProviderChunk> {
        const paths = await files().catch(() => null);
        const { signal: _signal, ...body } = request;
        if (paths) await write(paths.request, mask(JSON.stringify({ kind: 'chat', host: provider.host, ...body }, null, 2)));
        for await (const chunk of provider.streamChat(request)) {
          if (paths) await write(paths.response, `${mask(JSON.stringify(chunk))}\n`, true);
          yield chunk;
        }
      })();
    },
    async complete(request) {
      if (!options.enabled()) return provider.complete(request);
      const paths = await files().catch(() => null);
      const { signal: _signal, ...body } = request;
      if (paths) await write(paths.request, mask(JSON.stringify({ kind: 'complete', host: provider.host, ...body }, null, 2)));
      const answer = await provider.complete(request);
      if (paths) await write(paths.response, mask(answer));
      return answer;
    },
    ...(provider.embed ? { embed: (request) => provider.embed!(request) } : {}),
    ...(provider.countPromptTokens ? { countPromptTokens: (request) => provider.countPromptTokens!(request) } : {}),
  };
  // Everything else the provider offers (a router's route/providerFor) passes through unchanged.
  return Object.defineProperties(Object.create(provider) as P, Object.getOwnPropertyDescriptors(wrapped));
}
