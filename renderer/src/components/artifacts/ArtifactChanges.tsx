import { useEffect, useState } from 'react';
import { DEFAULTS } from '../../../../shared/constants';
import { useTaco } from '../../store/store-context';
import { DiffView } from '../diff/DiffView';

interface Props {
  name: string;
  before: string | null;
  after: string;
  /** "v1 → v2", for the reader. */
  label: string;
}

type State = { type: 'loading' } | { type: 'diff'; diff: string } | { type: 'message'; text: string };

/** What changed from the previous version, drawn from main's bounded diff (the app's one diff). */
export function ArtifactChanges({ name, before, after, label }: Props) {
  const artifactDiff = useTaco((state) => state.artifactDiff);
  const [state, setState] = useState<State>({ type: 'loading' });

  useEffect(() => {
    if (before === null) return setState({ type: 'message', text: 'This is the first version: nothing to compare it with.' });
    const cap = DEFAULTS.rendererArtifacts.maxDiffChars;
    if (before.length > cap || after.length > cap)
      return setState({ type: 'message', text: `Too large to compare here (over ${cap.toLocaleString()} characters a side).` });
    let live = true;
    setState({ type: 'loading' });
    void artifactDiff(name, before, after).then((diff) => {
      if (live) setState(diff === null ? { type: 'message', text: 'The comparison failed.' } : { type: 'diff', diff });
    });
    return () => {
      live = false;
    };
  }, [artifactDiff, name, before, after]);

  if (state.type === 'loading') return <p className="artifact-note">Comparing…</p>;
  if (state.type === 'message') return <p className="artifact-note">{state.text}</p>;
  return (
    <div className="artifact-changes" data-testid="artifact-changes">
      <DiffView diff={state.diff} label={`Changes ${label}`} />
    </div>
  );
}
