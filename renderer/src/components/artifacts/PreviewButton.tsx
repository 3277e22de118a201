import { artifactKind } from './artifact-kinds';
import { useArtifactPreviewOpener } from './preview-context';

/** "Preview" on a code block of HTML, SVG, markdown or mermaid in an answer: opens it in the artifact pane. */
export function PreviewButton({ language, code }: { language: string | null; code: string }) {
  const open = useArtifactPreviewOpener();
  if (open === null || language === null || artifactKind(language) === null) return null;
  return (
    <button
      type="button"
      className="md-code-copy"
      data-testid="code-preview"
      aria-label={`Preview this ${language}`}
      onClick={() => open(language, code)}
    >
      Preview
    </button>
  );
}
