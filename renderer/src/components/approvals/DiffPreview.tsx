import { revealInvisible } from '../../format/reveal-invisible';

function lineClass(line: string): string {
  if (line.startsWith('+++') || line.startsWith('---')) return 'diff-file';
  if (line.startsWith('@@')) return 'diff-hunk';
  if (line.startsWith('+')) return 'diff-add';
  if (line.startsWith('-')) return 'diff-del';
  return 'diff-context';
}

/** A unified diff, as text, with added and removed lines marked and hidden characters revealed (⟦U+202E⟧). */
export function DiffPreview({ diff }: { diff: string }) {
  const lines = diff.split('\n');
  return (
    <pre className="diff plain-text" data-testid="diff-preview" aria-label="Changes to the file">
      {lines.map((line, index) => (
        <span key={index} className={`diff-line ${lineClass(line)}`}>
          {revealInvisible(line).text}
          {index < lines.length - 1 ? '\n' : ''}
        </span>
      ))}
    </pre>
  );
}
