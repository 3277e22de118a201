import type { OfferedView } from '../../store/events/conversation-view';

/** "Offered 16 of 142 tools" under a turn whose requests carried only the most relevant tools. */
export function ToolsOfferedNote({ offered }: { offered: OfferedView }) {
  if (!offered.narrowed) return null;
  const by = offered.ranker === 'embedding' ? 'by meaning (embeddings)' : 'by keywords';
  return (
    <div className="tools-offered muted small" data-testid="tools-offered" title={`Offered: ${offered.offered.join(', ')}`}>
      Offered {offered.offered.length} of {offered.total} tools, ranked {by}.
    </div>
  );
}
