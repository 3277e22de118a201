import { useState } from 'react';
import type { WorkspaceEntriesResult } from '../../../../shared/workflows/workflow';
import { useTaco } from '../../store/store-context';

interface Props {
  id: string;
  kind: 'file' | 'folder';
  value: string;
  onChange(value: string): void;
  /** Starts its test ids (`<prefix>-param-<id>`, `<prefix>-browse-<id>`, …); workflows' by default. */
  testIdPrefix?: string;
  /** Ids of what describes the field (a hint). */
  describedBy?: string;
}

/** A file or folder inside the workspace: type it, or browse the workspace (listed by main, never outside it). */
export function PathField({ id, kind, value, onChange, testIdPrefix = 'workflow', describedBy }: Props) {
  const listEntries = useTaco((state) => state.listWorkspaceEntries);
  const [listing, setListing] = useState<WorkspaceEntriesResult | null>(null);

  const browse = async (path: string) => setListing(await listEntries(path));
  const parent = (path: string): string => (path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '.');

  return (
    <div className="workflow-path">
      <div className="field-row">
        <input
          id={id}
          type="text"
          value={value}
          data-testid={`${testIdPrefix}-param-${id}`}
          aria-describedby={describedBy}
          onChange={(event) => onChange(event.target.value)}
        />
        <button
          type="button"
          className="button"
          data-testid={`${testIdPrefix}-browse-${id}`}
          onClick={() => void browse(value && kind === 'folder' ? value : '.')}
        >
          Browse…
        </button>
      </div>
      {listing && (
        <div className="workflow-browser" data-testid={`${testIdPrefix}-browser`}>
          <div className="field-hint">
            In <code>{listing.path}</code>
            {kind === 'folder' && (
              <button
                type="button"
                className="message-action"
                data-testid={`${testIdPrefix}-use-folder`}
                onClick={() => {
                  onChange(listing.path);
                  setListing(null);
                }}
              >
                Use this folder
              </button>
            )}
          </div>
          {listing.problem && <p className="field-error">{listing.problem}</p>}
          <ul className="workflow-entries">
            {listing.path !== '.' && (
              <li>
                <button type="button" className="message-action" onClick={() => void browse(parent(listing.path))}>
                  ..
                </button>
              </li>
            )}
            {listing.entries.map((entry) => (
              <li key={entry.path}>
                <button
                  type="button"
                  className="message-action"
                  data-testid={`${testIdPrefix}-entry`}
                  onClick={() => {
                    if (entry.type === 'folder') void browse(entry.path);
                    else if (kind === 'file') {
                      onChange(entry.path);
                      setListing(null);
                    }
                  }}
                >
                  {entry.type === 'folder' ? `${entry.name}/` : entry.name}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
