import { useState } from 'react';
import { formatBytes } from '../../format/format-bytes';
import { useTaco } from '../../store/store-context';
import { refKey, type VersionEntry } from './document-versions';
import { VersionPreview } from './VersionPreview';

interface Props {
  conversationId: string;
  path: string;
  entries: VersionEntry[];
  revision: number;
  onChanged(): Promise<void>;
}

/** A document's versions, oldest first: pick one to preview it, restore any that was kept. */
export function DocumentVersions({ conversationId, path, entries, revision, onChanged }: Props) {
  const restoreVersion = useTaco((state) => state.restoreVersion);
  const [shown, setShown] = useState(refKey(entries.at(-1)!.ref));
  const [message, setMessage] = useState<string | null>(null);
  const shownEntry = entries.find((entry) => refKey(entry.ref) === shown) ?? entries.at(-1)!;

  const restore = async (entry: VersionEntry) => {
    const result = await restoreVersion(conversationId, entry.ref);
    if (result) setMessage(result.message);
    await onChanged();
  };

  return (
    <div className="document-versions-pane">
      <ol className="document-versions" aria-label={`Versions of ${path}`}>
        {entries.map((entry) => {
          const key = refKey(entry.ref);
          return (
            <li key={key} className="document-version" data-testid="document-version" data-current={key === refKey(shownEntry.ref)}>
              <button
                type="button"
                className="document-version-pick"
                data-testid="document-version-preview"
                aria-pressed={key === refKey(shownEntry.ref)}
                onClick={() => setShown(key)}
              >
                <span className="document-version-label">{entry.label}</span>
                <span className="muted">{entry.size === null ? 'no file' : formatBytes(entry.size)}</span>
              </button>
              <button
                type="button"
                className="button"
                data-testid="document-restore"
                disabled={entry.lost}
                title={entry.lost ? 'This version was not kept' : `Put back ${path} as it was here`}
                onClick={() => void restore(entry)}
              >
                Restore
              </button>
            </li>
          );
        })}
      </ol>
      {message !== null && (
        <p className="document-preview-note" role="status" data-testid="document-message">
          {message}
        </p>
      )}
      <h4 className="document-section-title">{shownEntry.label}</h4>
      <VersionPreview conversationId={conversationId} version={shownEntry.ref} revision={revision} />
    </div>
  );
}
