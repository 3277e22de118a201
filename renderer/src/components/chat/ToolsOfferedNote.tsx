import type { OfferedView } from '../../store/events/conversation-view';
import { useTaco } from '../../store/store-context';

/** "Offered 16 of 142 tools" under a turn whose requests carried only the most relevant tools. */
export function ToolsOfferedNote({ offered }: { offered: OfferedView }) {
  const embeddingModel = useTaco((state) => state.settings?.embeddingModel ?? '');
  if (!offered.narrowed) return null;
  // An embedding model is set but the ranking fell back to keywords (not installed, or it failed): say so.
  const fellBack = offered.ranker === 'lexical' && embeddingModel !== '';
  const by =
    offered.ranker === 'embedding'
      ? 'by meaning (embeddings)'
      : fellBack
        ? `by keywords: the embedding model “${embeddingModel}” did not answer (is it installed? ollama pull ${embeddingModel})`
        : 'by keywords';
  return (
    <div className="tools-offered muted small" data-testid="tools-offered" title={`Offered: ${offered.offered.join(', ')}`}>
      Offered {offered.offered.length} of {offered.total} tools, ranked {by}.
    </div>
  );
}
