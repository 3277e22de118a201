/** What a previewed code block is: HTML and SVG run in the artifact frame; markdown and mermaid are drawn by the app's own sanitising renderer. */
export type ArtifactKind = 'html' | 'svg' | 'markdown' | 'mermaid';

const KIND_BY_LANGUAGE: Readonly<Record<string, ArtifactKind>> = {
  html: 'html',
  htm: 'html',
  xhtml: 'html',
  svg: 'svg',
  markdown: 'markdown',
  md: 'markdown',
  mermaid: 'mermaid',
};

/** The kind a fence's language names, or null when the block gets no Preview. */
export function artifactKind(language: string | null): ArtifactKind | null {
  if (language === null) return null;
  return KIND_BY_LANGUAGE[language.toLowerCase()] ?? null;
}

/** Whether a block of this kind runs in the sandboxed artifact frame (its scripts run there, and only there). */
export function runsInFrame(kind: ArtifactKind): boolean {
  return kind === 'html' || kind === 'svg';
}

/** The file extension a download or a save uses. */
export const ARTIFACT_EXTENSION: Readonly<Record<ArtifactKind, string>> = { html: 'html', svg: 'svg', markdown: 'md', mermaid: 'mmd' };

const MIME: Readonly<Record<ArtifactKind, string>> = {
  html: 'text/html',
  svg: 'image/svg+xml',
  markdown: 'text/markdown',
  mermaid: 'text/plain',
};

export function artifactMimeType(kind: ArtifactKind): string {
  return MIME[kind];
}

/**
 * The document the frame shows: HTML as written; an SVG inside a bare page that fits it to the
 * frame. Either way it runs only in the frame (opaque origin, no network a policy governs).
 */
export function frameDocument(kind: 'html' | 'svg', code: string): string {
  if (kind === 'html') return code;
  return `<!doctype html><html><head><meta charset="utf-8"><style>html,body{margin:0;height:100%}body{display:flex;align-items:center;justify-content:center}svg{max-width:100%;max-height:100%}</style></head><body>${code}</body></html>`;
}
