import { useState } from 'react';
import { useTaco } from '../../store/store-context';
import { Select } from '../ui/Select';
import { DocumentDiff } from './DocumentDiff';
import { refKey, sameContent, type VersionEntry } from './document-versions';

interface Props {
  conversationId: string;
  entries: VersionEntry[];
}

type Outcome = { type: 'same' } | { type: 'diff'; diff: string };

/** A patch with file headers but no hunk: the two sides are equal. */
const isEmptyPatch = (diff: string): boolean => /^(Index: |--- )/m.test(diff) && !/^@@ /m.test(diff);

/** Compares two versions of a document: "No differences" when they hold the same content, else main's diff. */
export function VersionCompare({ conversationId, entries }: Props) {
  const diffVersions = useTaco((state) => state.diffVersions);
  const options = entries.map((entry) => ({ value: refKey(entry.ref), label: entry.label }));
  const [from, setFrom] = useState(refKey((entries.at(-2) ?? entries[0]!).ref));
  const [to, setTo] = useState(refKey(entries.at(-1)!.ref));
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const byKey = new Map(entries.map((entry) => [refKey(entry.ref), entry]));

  const compare = async () => {
    const left = byKey.get(from);
    const right = byKey.get(to);
    if (!left || !right) return;
    if (sameContent(left, right) === true) return setOutcome({ type: 'same' });
    const diff = await diffVersions(conversationId, left.ref, right.ref);
    if (diff !== null) setOutcome(isEmptyPatch(diff) ? { type: 'same' } : { type: 'diff', diff });
  };

  return (
    <div className="document-compare" data-testid="document-compare">
      <div className="document-compare-pickers">
        <label>
          <span className="document-field-label">From</span>
          <Select
            data-testid="document-diff-from"
            value={from}
            options={options}
            onChange={(value) => {
              setFrom(value);
              setOutcome(null);
            }}
          />
        </label>
        <label>
          <span className="document-field-label">To</span>
          <Select
            data-testid="document-diff-to"
            value={to}
            options={options}
            onChange={(value) => {
              setTo(value);
              setOutcome(null);
            }}
          />
        </label>
        <button type="button" className="button" data-testid="document-diff" onClick={() => void compare()}>
          Compare
        </button>
      </div>
      {outcome?.type === 'same' && (
        <p className="document-preview-note" data-testid="document-no-differences">
          No differences: both versions hold the same content.
        </p>
      )}
      {outcome?.type === 'diff' && <DocumentDiff diff={outcome.diff} />}
    </div>
  );
}
