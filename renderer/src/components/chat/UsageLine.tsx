import type { UsageView } from '../../store/events/conversation-view';
import { modelLabel } from '../../../../shared/models/model-label';
import { useServerNames } from '../models/ConversationModelLabel';

/** Generation speed after a run, and a warning when Ollama cut the context. */
export function UsageLine({ usage, model }: { usage: UsageView; model: string | null }) {
  const servers = useServerNames();
  return (
    <div className="usage-line">
      {/* The server by the name the user gave it, never its internal id. */}
      {model && <span className="muted">{modelLabel(model, servers).text}</span>}
      {usage.tokensPerSecond !== null && (
        <span className="muted" data-testid="tokens-per-second">
          {usage.tokensPerSecond.toFixed(1)} tokens/s
        </span>
      )}
      {usage.contextTruncated && (
        <span className="warning" data-testid="context-truncated">
          Ollama cut the conversation to fit {usage.contextTokens} tokens of context; early parts were not seen.
        </span>
      )}
    </div>
  );
}
