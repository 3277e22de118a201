import { describeLocation } from '../../../../shared/knowledge/knowledge';
import { useTaco } from '../../store/store-context';
import { Dialog } from '../ui/Dialog';
import { passagePath } from './knowledge-words';

/**
 * The passage a citation opened: its file's full path, its place (lines, PDF page, Word section),
 * the heading it sits under, and its text as the model was given it (plain text, never markup).
 */
export function PassageDialog() {
  const passage = useTaco((state) => state.openPassage);
  const showPassage = useTaco((state) => state.showPassage);
  if (!passage) return null;
  return (
    <Dialog title={`Source [${passage.n}]`} testId="passage-dialog" size="wide" onClose={() => showPassage(null)}>
      <p className="passage-file" data-testid="passage-file">
        <code>{passagePath(passage)}</code>
      </p>
      <p className="muted" data-testid="passage-place">
        {describeLocation(passage.location)}
        {passage.heading ? ` · ${passage.heading}` : ''}
      </p>
      <pre className="passage-text" data-testid="passage-text" tabIndex={0}>
        {passage.text}
      </pre>
    </Dialog>
  );
}
