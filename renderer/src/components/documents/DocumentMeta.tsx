import type { DocumentRecord } from '../../../../shared/documents/documents';
import { formatBytes } from '../../format/format-bytes';
import { creatorOf } from './document-filter';

const formatTime = (at: number): string => new Date(at).toLocaleString();

/** What the document index knows of a file: who made it and when, its type, size, tokens, tags, description and summary. */
export function DocumentMeta({ meta }: { meta: DocumentRecord | null }) {
  if (!meta) return <p className="document-preview-note">No details were recorded for this file.</p>;
  const updatedBy = meta.updatedBy.tool === 'user' ? 'you' : (meta.updatedBy.tool ?? 'unknown');
  return (
    <div className="document-meta" data-testid="document-meta">
      {meta.description && <p className="document-description">{meta.description}</p>}
      {meta.tags.length > 0 && (
        <ul className="document-tags" aria-label="Tags">
          {meta.tags.map((tag) => (
            <li key={tag} className="document-tag">
              {tag}
            </li>
          ))}
        </ul>
      )}
      <dl className="document-facts">
        <dt>Created by</dt>
        <dd title={meta.createdBy.task}>{creatorOf(meta)}</dd>
        <dt>Created</dt>
        <dd>{formatTime(meta.createdAt)}</dd>
        <dt>Updated</dt>
        <dd>
          {formatTime(meta.updatedAt)} by {updatedBy}
        </dd>
        <dt>Type</dt>
        <dd>{meta.mimeType}</dd>
        <dt>Size</dt>
        <dd>
          {formatBytes(meta.size)} · {meta.tokens.toLocaleString()} tokens
        </dd>
      </dl>
      <p className="document-summary" data-testid="document-summary">
        <span className="document-field-label">Summary</span>{' '}
        {meta.autoSummary ?? <span className="muted">Not summarised yet (a summary is made after the run ends).</span>}
      </p>
    </div>
  );
}
