import { DEFAULTS } from '../../../shared/constants';
import type { ValidCallRequest } from '../../../shared/contract/contract';
import type { ContextFit } from '../../../shared/models/models';
import { estimateContextFit } from '../provider/memory/context-fit';
import { providerFailureMessage } from '../provider/provider-error-mapping';
import type { ServerRouter } from './server-router';

/**
 * models.contextFit: the model's KV shape (/api/show, cached) and what is in memory now (/api/ps
 * through the model list) on the server the reference names. Asking never loads the model; a
 * server that cannot be asked gives `unknown` with the reason, never an error.
 */
export async function contextFitFor(router: ServerRouter, request: ValidCallRequest<'models.contextFit'>): Promise<ContextFit> {
  try {
    const routed = router.route(request.model);
    const [capabilities, models] = await Promise.all([routed.provider.capabilities(routed.model), routed.provider.listModels()]);
    const model = models.find((candidate) => candidate.name === routed.model) ?? null;
    return estimateContextFit({
      contextTokens: request.contextTokens,
      kvShape: capabilities.kvShape ?? null,
      weightsBytes: model?.sizeBytes ?? null,
      loaded: model?.loaded ?? null,
      bytesPerElement: DEFAULTS.models.kvBytesPerElement,
    });
  } catch (error) {
    return { type: 'unknown', message: `TACO could not ask the server about this model: ${providerFailureMessage(error)}` };
  }
}
