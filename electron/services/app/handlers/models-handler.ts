import { DEFAULTS } from '../../../../shared/constants';
import type { ModelListResult } from '../../../../shared/models/models';
import { probeFailure } from '../../provider/provider-error-mapping';
import type { AppContext } from '../app-context';

/** models.list: the installed models, or why Ollama could not be asked, in its own words. */
export async function listModels(ctx: AppContext): Promise<ModelListResult> {
  const provider = ctx.provider.current();
  const host = provider.host;
  try {
    const models = await provider.listModels(AbortSignal.timeout(DEFAULTS.ollamaProbeTimeoutMs));
    return { type: 'ok', host, models };
  } catch (error) {
    return probeFailure(error, host, {
      silent: `Ollama at ${host} did not answer within ${Math.round(DEFAULTS.ollamaProbeTimeoutMs / 1000)} seconds. Check that it is running (ollama serve) and that the host in Settings is right.`,
      unknown: (detail) => `Could not list the models of Ollama at ${host}: ${detail}`,
    });
  }
}
