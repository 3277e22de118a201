import { ProviderError } from '../../provider/provider-types';

const HAS_ADVICE = /\b(check|try|start|run|install|pull|make sure|open|restart|choose|pick|set)\b/i;

/**
 * The error text shown with a `provider_error` stop: the provider's message (it already says what
 * happened), plus what to do when the message does not say so itself.
 */
export function providerErrorText(error: unknown): string {
  if (error instanceof ProviderError) {
    const message = error.message.trim() || 'Ollama returned an error.';
    return HAS_ADVICE.test(message) ? message : `${message} ${adviceFor(error)}`;
  }
  const message = error instanceof Error ? error.message : String(error);
  return `Talking to the model failed: ${message}. Try again; if it keeps failing, check that Ollama is running and up to date.`;
}

function adviceFor(error: ProviderError): string {
  switch (error.kind) {
    case 'unreachable':
      return `Check that Ollama is running at ${error.host} (run "ollama serve"), or set the right host in Settings.`;
    case 'model-not-found':
      return 'Install the model with "ollama pull <model>", or pick another model.';
    case 'ollama-error':
      return 'Try again; if it keeps failing, check the Ollama logs.';
    case 'incomplete-stream':
      return 'The answer was cut off. Try again; if it keeps happening, restart Ollama.';
    case 'aborted':
      return 'Try again.';
    default: {
      const unreachable: never = error.kind;
      return String(unreachable);
    }
  }
}
