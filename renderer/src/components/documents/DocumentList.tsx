import type { BrowsedDocument } from '../../../../shared/documents/document-browser';
import { formatBytes } from '../../format/format-bytes';
import { Select } from '../ui/Select';
import { filterChoices, type DocumentFilterState } from './document-filter';

interface Props {
  documents: readonly BrowsedDocument[];
  shown: readonly BrowsedDocument[];
  filter: DocumentFilterState;
  onFilter(filter: DocumentFilterState): void;
  selected: string | null;
  onSelect(path: string): void;
}

/** The browser's left side: search, filters by tag, creator and type, and the documents that match. */
export function DocumentList({ documents, shown, filter, onFilter, selected, onSelect }: Props) {
  const choices = filterChoices(documents);
  const choose = (all: string, values: string[]) => [{ value: '', label: all }, ...values.map((value) => ({ value, label: value }))];
  return (
    <div className="document-list-pane">
      <input
        type="search"
        className="document-search"
        data-testid="documents-search"
        aria-label="Search documents"
        placeholder="Search documents"
        title="Searches path, description, tags and summary"
        value={filter.query}
        onChange={(event) => onFilter({ ...filter, query: event.target.value })}
      />
      <div className="document-filters">
        <Select
          aria-label="Filter by tag"
          data-testid="documents-filter-tag"
          value={filter.tag}
          options={choose('All tags', choices.tags)}
          onChange={(tag) => onFilter({ ...filter, tag })}
        />
        <Select
          aria-label="Filter by creator"
          data-testid="documents-filter-creator"
          value={filter.creator}
          options={choose('Anyone', choices.creators)}
          onChange={(creator) => onFilter({ ...filter, creator })}
        />
        <Select
          aria-label="Filter by type"
          data-testid="documents-filter-type"
          value={filter.type}
          options={choose('All types', choices.types)}
          onChange={(type) => onFilter({ ...filter, type })}
        />
      </div>
      {shown.length === 0 ? (
        <p className="document-preview-note" data-testid="documents-no-match">
          No document matches.
        </p>
      ) : (
        <ul className="document-list" aria-label="Documents">
          {shown.map((document) => (
            <li key={document.path}>
              <button
                type="button"
                className="document-list-item"
                data-testid="documents-item"
                data-path={document.path}
                aria-current={document.path === selected ? 'true' : undefined}
                onClick={() => onSelect(document.path)}
              >
                <span className="document-list-path">{document.path}</span>
                <span className="document-list-facts muted">
                  {document.meta
                    ? `${document.meta.mimeType} · ${formatBytes(document.meta.size)}`
                    : `${document.records.length} change${document.records.length === 1 ? '' : 's'}`}
                </span>
                {document.meta?.tags.length ? <span className="document-list-tags">{document.meta.tags.join(' · ')}</span> : null}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
