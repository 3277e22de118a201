import { DEFAULTS } from '../../../shared/constants';
import type { ModelListResult } from '../../../shared/models/models';
import { GatewayError } from './openai-error';

export interface OpenAiModelList {
  object: 'list';
  data: Array<{ id: string; object: 'model'; created: number; owned_by: string }>;
}

/**
 * GET /v1/models from the app's own `models.list` (every enabled server at once, each model named
 * as TACO names it: plain on the first server, `<serverId>::<model>` on added ones). When no server
 * answered, the error names why.
 */
export function toOpenAiModelList(result: ModelListResult, now: () => number = Date.now): OpenAiModelList {
  if (result.type !== 'ok') throw new GatewayError(502, `No model server answered: ${result.message}`, 'upstream_unreachable');
  const created = Math.floor(now() / 1000);
  return {
    object: 'list',
    data: result.models.map((model) => ({
      id: model.name,
      object: 'model',
      created,
      owned_by: model.server?.id ?? DEFAULTS.gateway.ownedBy,
    })),
  };
}
