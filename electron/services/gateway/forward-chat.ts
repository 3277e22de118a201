import type { ResolvedServer } from '../servers/resolved-server';
import { parseChatRequest } from './chat-request';
import { forwardToOllama } from './forward-ollama';
import type { ForwardAnswer, ForwardOptions } from './forward-types';
import { routeModel } from './route-model';
import { GatewayError } from './openai-error';

/** POST /v1/chat/completions, passthrough: the client's request (its system prompt unchanged) to the model's server. */
export function forwardChat(body: unknown, servers: readonly ResolvedServer[], options: ForwardOptions): Promise<ForwardAnswer> {
  const request = parseChatRequest(body);
  const target = routeModel(request.model, servers);
  switch (target.server.kind) {
    case 'ollama':
      return forwardToOllama(target, request, options);
    case 'openai-compatible':
      // Loaded on first use, as the app's own provider is (servers/lazy-openai-provider.ts): `openai` is a third of the bundle.
      return import('./forward-openai').then((loaded) => loaded.forwardToOpenAi(target, request, options));
    case 'built-in':
      // The passthrough speaks to servers over HTTP; the built-in engine answers TACO's own runs only.
      throw new GatewayError(
        501,
        `The model “${request.model}” runs in TACO's built-in engine, which the local API does not pass requests to. Use a model on Ollama or an OpenAI-compatible server.`,
        'model_not_supported',
        'model',
      );
    default: {
      const never: never = target.server.kind;
      throw new Error(`unknown server kind ${String(never)}`);
    }
  }
}
