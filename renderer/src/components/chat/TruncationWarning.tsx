import { truncationWarning } from '../../../../shared/conversations/truncation-warning';

/** The prompt filled the model's context window: the numbers and what to do. */
export function TruncationWarning({ promptTokens, contextTokens }: { promptTokens: number; contextTokens: number }) {
  return (
    <div className="notice truncation-warning" role="alert" data-testid="truncation-warning">
      <span className="notice-text">{truncationWarning(promptTokens, contextTokens)}</span>
    </div>
  );
}
