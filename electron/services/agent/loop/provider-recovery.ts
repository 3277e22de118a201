import { ProviderError } from '../../provider/provider-types';
import { emitStatus, type LoopScope, type RunShared } from './run-context';
import type { NextStep } from './step-decision';

/**
 * Failures the loop can get past by changing what it sends, each once per loop: the server refused
 * `tools` (go on in the prompt-based format; the provider remembers the model as tool-less), its
 * context turned out smaller than planned (fit the conversation to the new size), or it could not
 * compile some tools' parameters (the provider sends them sanitised or not at all from now on).
 * Null when the failure is none of these, or it came again.
 */
export function recoverFromProviderError(shared: RunShared, scope: LoopScope, error: unknown): NextStep | null {
  if (!(error instanceof ProviderError)) return null;
  const recoveries = scope.counters.providerRecoveries;
  if (recoveries.has(error.kind)) return null;
  switch (error.kind) {
    case 'tools-refused':
      if (shared.mode !== 'native') return null;
      shared.mode = 'prompt';
      emitStatus(shared, 'The server refused tools for this model, using the prompt-based tool format...');
      break;
    case 'context-changed':
      if (error.detail?.type !== 'context') return null;
      shared.numCtx = Math.min(shared.numCtx, error.detail.contextTokens);
      emitStatus(shared, `The server's context is ${error.detail.contextTokens} tokens, fitting the conversation to it...`);
      break;
    case 'tool-schema-refused': {
      if (error.detail?.type !== 'tool-schemas') return null;
      const names = error.detail.tools.map((tool) => `${tool.name} (${tool.action === 'dropped' ? 'left out' : 'simplified'})`);
      emitStatus(shared, `The server could not compile the parameters of ${names.join(', ')}; going on without them...`);
      break;
    }
    default:
      return null;
  }
  recoveries.add(error.kind);
  return { type: 'run-again' };
}
