import { DEFAULTS } from '../../../../shared/constants';
import type { ModelListResult } from '../../../../shared/models';
import { ProviderError } from '../../provider/provider-types';
import type { AppContext } from '../app-context';

/** models.list: the installed models, or why Ollama could not be asked, in its own words. */
export async function listModels(ctx: AppContext): Promise<ModelListResult> {
  const provider = ctx.provider.current();
  const host = provider.host;
  try {
    const models = await provider.listModels(AbortSignal.timeout(DEFAULTS.ollamaProbeTimeoutMs));
    return { type: 'ok', host, models };
  } catch (error) {
    if (error instanceof ProviderError) {
      switch (error.kind) {
        case 'unreachable':
          return { type: 'unreachable', host, message: error.message };
        case 'aborted':
          return {
            type: 'unreachable',
            host,
            message: `Ollama at ${host} did not answer within ${Math.round(DEFAULTS.ollamaProbeTimeoutMs / 1000)} seconds. Check that it is running (ollama serve) and that the host in Settings is right.`,
          };
        case 'model-not-found':
        case 'ollama-error':
        case 'incomplete-stream':
          return { type: 'error', host, message: error.message };
        default: {
          const unreachable: never = error.kind;
          return { type: 'error', host, message: String(unreachable) };
        }
      }
    }
    const message = error instanceof Error ? error.message : String(error);
    return { type: 'error', host, message: `Could not list the models of Ollama at ${host}: ${message}` };
  }
}
