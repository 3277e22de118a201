/** The current status sentence of a running run, under the streaming answer. */
export function StatusLine({ text }: { text: string | null }) {
  return (
    <div className="status-line" role="status" data-testid="status-line">
      <span className="spinner" aria-hidden="true" />
      <span className="plain-text">{text ?? 'Working…'}</span>
    </div>
  );
}
