import { useMemo, useState } from 'react';
import { frameDocument } from './artifact-kinds';
import { artifactFrameUrl } from './artifact-frame-url';
import { useArtifactFrame } from './use-artifact-frame';

interface Props {
  kind: 'html' | 'svg';
  code: string;
  title: string;
}

/**
 * An HTML or SVG artifact, running in the sandboxed artifact frame: `allow-scripts` without
 * `allow-same-origin` (an opaque origin: no access to this window, `window.taco`, cookies or
 * storage), no popups, no top navigation, no forms, no downloads; the page's own policy allows no
 * network. A frame that stops answering is removed, with the reason and "Run again".
 */
export function ArtifactFrame({ kind, code, title }: Props) {
  const document = useMemo(() => frameDocument(kind, code), [kind, code]);
  const [run, setRun] = useState(0);
  const { frameRef, state } = useArtifactFrame(document, run);
  const src = useMemo(() => artifactFrameUrl(), []);

  if (state.type === 'stopped')
    return (
      <div className="artifact-stopped" role="status" data-testid="artifact-stopped">
        <p>{state.reason}</p>
        <button type="button" className="button" onClick={() => setRun((count) => count + 1)}>
          Run again
        </button>
      </div>
    );
  return (
    <iframe
      key={run}
      ref={frameRef}
      className="artifact-frame"
      data-testid="artifact-frame"
      data-state={state.type}
      title={`Preview of ${title}`}
      src={src}
      sandbox="allow-scripts"
      referrerPolicy="no-referrer"
      allow=""
    />
  );
}
