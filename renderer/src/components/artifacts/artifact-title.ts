import type { ArtifactKind } from './artifact-kinds';

const MAX_TITLE = 80;

function clean(text: string | undefined): string | null {
  if (text === undefined) return null;
  const title = text
    .replace(/<[^>]*>/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return title.length === 0 ? null : title.slice(0, MAX_TITLE);
}

/**
 * The name an artifact goes by, read from its own text: an HTML or SVG `<title>` (else an HTML
 * `<h1>`), a markdown document's first heading, a mermaid diagram's `title` (front matter or
 * statement). Null when it names none; then a later block of the same kind is its revision.
 */
export function artifactTitle(kind: ArtifactKind, code: string): string | null {
  switch (kind) {
    case 'html':
      return clean(/<title[^>]*>([\s\S]*?)<\/title>/i.exec(code)?.[1]) ?? clean(/<h1[^>]*>([\s\S]*?)<\/h1>/i.exec(code)?.[1]);
    case 'svg':
      return clean(/<title[^>]*>([\s\S]*?)<\/title>/i.exec(code)?.[1]);
    case 'markdown':
      return clean(/^ {0,3}#{1,6}[ \t]+(.+?)[ \t#]*$/m.exec(code)?.[1]);
    case 'mermaid':
      return clean(/^\s*title:?[ \t]+(.+)$/m.exec(code)?.[1]);
    default: {
      const unreachable: never = kind;
      return unreachable;
    }
  }
}
