import type { ResolvedServer } from '../servers/resolved-server';
import { parseChatRequest } from './chat-request';
import { forwardToBuiltIn } from './forward-built-in';
import { forwardToOllama } from './forward-ollama';
import type { ForwardAnswer, ForwardOptions } from './forward-types';
import { routeModel } from './route-model';

/** POST /v1/chat/completions, passthrough: the client's request (its system prompt unchanged) to the model's server (the built-in engine through the app's provider). */
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
      // No HTTP: the app's own provider for the server (the loaded model, the engine's queue).
      return forwardToBuiltIn(target, request, options);
    default: {
      const never: never = target.server.kind;
      throw new Error(`unknown server kind ${String(never)}`);
    }
  }
}
