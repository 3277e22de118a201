import { DEFAULTS } from '../../../../shared/constants';
import { Markdown } from '../markdown/Markdown';
import { MermaidDiagram } from '../markdown/diagrams/MermaidDiagram';
import { ArtifactFrame } from './ArtifactFrame';
import { NoArtifactPreview } from './preview-context';
import type { ArtifactKind } from './artifact-kinds';
import { ScrollText } from '../ui/ScrollText';

interface Props {
  kind: ArtifactKind;
  code: string;
  title: string;
}

/**
 * One version, previewed: HTML and SVG run in the sandboxed artifact frame; markdown and mermaid
 * are drawn by the same sanitising components as answers (nothing of theirs runs). Over
 * `maxChars` nothing is previewed.
 */
export function ArtifactPreview({ kind, code, title }: Props) {
  const cap = DEFAULTS.rendererArtifacts.maxChars;
  if (code.length > cap)
    return (
      <p className="artifact-note" role="status" data-testid="artifact-too-large">
        Too large to preview: {code.length.toLocaleString()} characters (the limit is {cap.toLocaleString()}). Copy or download it instead.
      </p>
    );
  switch (kind) {
    case 'html':
    case 'svg':
      return <ArtifactFrame kind={kind} code={code} title={title} />;
    case 'markdown':
      return (
        <div className="artifact-document">
          <NoArtifactPreview>
            <Markdown text={code} streaming={false} />
          </NoArtifactPreview>
        </div>
      );
    case 'mermaid':
      return (
        <div className="artifact-document">
          <MermaidDiagram
            source={code}
            fallback={
              <ScrollText className="artifact-code" label="Diagram source">
                {code}
              </ScrollText>
            }
          />
        </div>
      );
    default: {
      const unreachable: never = kind;
      return unreachable;
    }
  }
}
