import { useEffect, useMemo, useRef, useState } from 'react';
import { DEFAULTS } from '../../../../shared/constants';
import { useMediaQuery } from '../../hooks/use-media-query';
import { selectActiveView } from '../../store/selectors';
import { useTaco } from '../../store/store-context';
import { Tabs } from '../ui/Tabs';
import { useEscapeCloses } from '../ui/use-escape-closes';
import { ArtifactActions } from './ArtifactActions';
import { ArtifactChanges } from './ArtifactChanges';
import { artifactFileName } from './artifact-file-name';
import { artifactKind, type ArtifactKind } from './artifact-kinds';
import { ArtifactPreview } from './ArtifactPreview';
import { ArtifactVersions } from './ArtifactVersions';
import { collectArtifacts, locateArtifact, type Artifact } from './collect-artifacts';
import { ScrollText } from '../ui/ScrollText';

const KIND_LABEL: Readonly<Record<ArtifactKind, string>> = {
  html: 'HTML page',
  svg: 'SVG image',
  markdown: 'Markdown document',
  mermaid: 'Diagram',
};

type Tab = 'preview' | 'changes' | 'code';

/**
 * The artifact preview pane beside the conversation: the artifact whose Preview was pressed, its
 * versions (‹ v1 v2 ›, a later answer revising it adds one), the version previewed, its changes from
 * the one before, its code, Copy and Download. Closed by its button or by opening another conversation;
 * in a narrow window, where it lies over the chat, by Esc too (focus back to what opened it).
 */
export function ArtifactPane() {
  const request = useTaco((state) => state.artifactPreview);
  const activeConversationId = useTaco((state) => state.activeConversationId);
  const close = useTaco((state) => state.closeArtifactPreview);
  const view = useTaco(selectActiveView);
  const artifacts = useMemo(() => collectArtifacts(view), [view]);

  const kind = request ? artifactKind(request.language) : null;
  const located = useMemo(() => (request && kind ? locateArtifact(artifacts, kind, request.code) : null), [artifacts, kind, request]);
  const artifact: Artifact | null = useMemo(() => {
    if (!request || !kind) return null;
    const found = located ? artifacts.find((candidate) => candidate.key === located.key) : undefined;
    return found ?? { key: 'single', kind, title: null, versions: [{ code: request.code, turnId: '' }] };
  }, [artifacts, kind, located, request]);

  const [version, setVersion] = useState(0);
  const [tab, setTab] = useState<Tab>('preview');
  const artifactKey = artifact?.key ?? null;
  const count = artifact?.versions.length ?? 0;
  const seenCount = useRef(count);
  // Opening (another) block shows its own version; a revision arriving while open moves to it.
  useEffect(() => {
    setVersion(located?.version ?? 0);
    setTab('preview');
  }, [request, artifactKey]);
  useEffect(() => {
    if (count > seenCount.current) setVersion(count - 1);
    seenCount.current = count;
  }, [count]);

  const shownHere = request !== null && artifact !== null && request.conversationId === activeConversationId;
  const overlay = useMediaQuery(DEFAULTS.rendererLayout.narrowQuery);
  useEscapeCloses(shownHere && overlay, close);

  if (!request || !artifact || !shownHere) return null;
  const shown = Math.min(version, artifact.versions.length - 1);
  const code = artifact.versions[shown]?.code ?? '';
  const previous = shown > 0 ? (artifact.versions[shown - 1]?.code ?? null) : null;
  const title = artifact.title ?? KIND_LABEL[artifact.kind];
  const fileName = artifactFileName(artifact.kind, artifact.title, shown + 1);

  return (
    <aside className="artifact-pane" aria-label="Artifact preview" data-testid="artifact-pane">
      <header className="artifact-head">
        <h2 className="artifact-title" title={title}>
          {title}
        </h2>
        <button type="button" className="button artifact-close" aria-label="Close the preview" onClick={close}>
          ✕
        </button>
      </header>
      <div className="artifact-bar">
        {artifact.versions.length > 1 ? (
          <ArtifactVersions count={artifact.versions.length} current={shown} onSelect={setVersion} />
        ) : (
          <span className="artifact-note">One version</span>
        )}
        <ArtifactActions kind={artifact.kind} code={code} fileName={fileName} />
      </div>
      <Tabs
        label="Artifact"
        className="artifact-tabs"
        value={tab}
        onValueChange={(value) => setTab(value as Tab)}
        tabs={[
          {
            value: 'preview',
            label: 'Preview',
            testId: 'artifact-tab-preview',
            content: <ArtifactPreview key={`${artifact.key}:${shown}`} kind={artifact.kind} code={code} title={title} />,
          },
          {
            value: 'changes',
            label: 'Changes',
            testId: 'artifact-tab-changes',
            content: <ArtifactChanges name={fileName} before={previous} after={code} label={`v${shown} → v${shown + 1}`} />,
          },
          {
            value: 'code',
            label: 'Code',
            testId: 'artifact-tab-code',
            content: (
              <ScrollText className="artifact-code" label="Code">
                {code}
              </ScrollText>
            ),
          },
        ]}
      />
    </aside>
  );
}
