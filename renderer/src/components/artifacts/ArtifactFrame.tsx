import { useEffect, useMemo, useState } from 'react';
import { frameDocument } from './artifact-kinds';
import { artifactFrameUrl } from './artifact-frame-url';
import { useArtifactFrame } from './use-artifact-frame';
import { useFrameFocusGuard } from './use-frame-focus-guard';

interface Props {
  kind: 'html' | 'svg';
  code: string;
  title: string;
}

/**
 * An HTML or SVG artifact, running in the sandboxed artifact frame: `allow-scripts` without
 * `allow-same-origin` (an opaque origin: no access to this window, `window.taco`, cookies or
 * storage), no popups, no top navigation, no forms, no downloads; the page's own policy allows no
 * network it governs (what no policy governs is in docs/security.md). It is inert until the user clicks it (`useFrameFocusGuard`): it cannot take the
 * keyboard from the composer. A frame that stops answering is removed, with the reason and "Run again".
 */
export function ArtifactFrame({ kind, code, title }: Props) {
  const document = useMemo(() => frameDocument(kind, code), [kind, code]);
  const [run, setRun] = useState(0);
  const { frameRef, state } = useArtifactFrame(document, run);
  const { engaged, engage } = useFrameFocusGuard(frameRef);
  const src = useMemo(() => artifactFrameUrl(), []);
  // The frame's page makes the artifact's own frame inert too (and engaged on the user's click).
  useEffect(() => {
    frameRef.current?.contentWindow?.postMessage({ type: 'inert', inert: !engaged }, '*');
  }, [engaged, state.type, frameRef]);

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
    <div
      className="artifact-frame-box"
      data-engaged={engaged ? 'yes' : 'no'}
      onPointerDown={engaged ? undefined : engage}
      // Keeps the press from focusing an ancestor (the tab panel) once it has engaged the frame: the frame takes focus.
      onMouseDown={(event) => event.preventDefault()}
    >
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
        allow="focus-without-user-activation 'none'"
        inert={!engaged}
      />
      {!engaged && (
        // Covers the frame, so the press lands here whatever the browser does with an inert frame's hit testing.
        <button type="button" className="artifact-interact" data-testid="artifact-interact" onClick={engage}>
          <span className="artifact-interact-hint">Click to interact</span>
        </button>
      )}
    </div>
  );
}
