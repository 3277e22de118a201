import { useState } from 'react';
import type { VersionRecord } from '../../../../shared/documents';
import { formatBytes } from '../../format/format-bytes';
import { useTaco } from '../../store/store-context';
import { DiffView } from '../diff/DiffView';
import { refKey, versionEntries } from './document-versions';

interface Props {
  conversationId: string;
  path: string;
  records: VersionRecord[];
  undone: ReadonlySet<number>;
  onChanged(): Promise<void>;
}

const formatTime = (at: number): string => new Date(at).toLocaleString();

/** One document in the panel: its versions, a diff between any two, restore. */
export function DocumentVersions({ conversationId, path, records, undone, onChanged }: Props) {
  const diffVersions = useTaco((state) => state.diffVersions);
  const restoreVersion = useTaco((state) => state.restoreVersion);
  const entries = versionEntries(records, undone, formatTime);
  const [from, setFrom] = useState(refKey(entries.at(-2)?.ref ?? entries[0]!.ref));
  const [to, setTo] = useState(refKey(entries.at(-1)!.ref));
  const [diff, setDiff] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const byKey = new Map(entries.map((entry) => [refKey(entry.ref), entry]));

  const compare = async () => {
    const left = byKey.get(from);
    const right = byKey.get(to);
    if (left && right) setDiff(await diffVersions(conversationId, left.ref, right.ref));
  };
  const restore = async (key: string) => {
    const entry = byKey.get(key);
    if (!entry) return;
    const result = await restoreVersion(conversationId, entry.ref);
    if (result) setMessage(result.message);
    await onChanged();
  };

  return (
    <section className="document" data-testid="document" data-path={path}>
      <h3 className="document-path">{path}</h3>
      <ol className="document-versions">
        {entries.map((entry) => (
          <li key={refKey(entry.ref)} data-testid="document-version">
            <span>{entry.label}</span> <span className="muted">{entry.size === null ? 'no file' : formatBytes(entry.size)}</span>{' '}
            <button
              type="button"
              className="button"
              data-testid="document-restore"
              disabled={entry.lost}
              title={entry.lost ? 'This version was not kept' : `Put back ${path} as it was here`}
              onClick={() => void restore(refKey(entry.ref))}
            >
              Restore
            </button>
          </li>
        ))}
      </ol>
      {entries.length > 1 && (
        <div className="document-compare">
          <label>
            From{' '}
            <select data-testid="document-diff-from" value={from} onChange={(event) => setFrom(event.target.value)}>
              {entries.map((entry) => (
                <option key={refKey(entry.ref)} value={refKey(entry.ref)}>
                  {entry.label}
                </option>
              ))}
            </select>
          </label>{' '}
          <label>
            to{' '}
            <select data-testid="document-diff-to" value={to} onChange={(event) => setTo(event.target.value)}>
              {entries.map((entry) => (
                <option key={refKey(entry.ref)} value={refKey(entry.ref)}>
                  {entry.label}
                </option>
              ))}
            </select>
          </label>{' '}
          <button type="button" className="button" data-testid="document-diff" onClick={() => void compare()}>
            Compare
          </button>
        </div>
      )}
      {diff !== null && <DiffView diff={diff} />}
      {message !== null && <p data-testid="document-message">{message}</p>}
    </section>
  );
}
