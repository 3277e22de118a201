import corpus from './hostile-corpus.json';

export { dangerousElements } from './dangerous-elements';

export interface HostileEntry {
  name: string;
  markdown: string;
  /** Text that must still be visible (as text) after rendering. */
  shows: string;
  /** A benign entry the renderer must keep working (a web link, a mail link, an embedded image). */
  safe?: boolean;
}

export const HOSTILE_ENTRIES: readonly HostileEntry[] = corpus.entries;

/** The whole corpus as one answer, entries separated by blank lines. */
export const HOSTILE_ANSWER = HOSTILE_ENTRIES.map((entry) => entry.markdown).join('\n\n');

/** Anything that could run script or navigate, in a rendered answer. */
export const DANGEROUS_SELECTOR = [
  'script',
  'iframe:not(.md-diagram-view)',
  'object',
  'embed',
  'form',
  'meta',
  'style',
  'svg',
  'math',
  'base',
  'link',
  '[onerror]',
  '[onload]',
  '[onclick]',
  '[onmouseover]',
  '[href^="javascript" i]',
  '[href^="vbscript" i]',
  '[href^="data" i]',
  '[href^="file" i]',
  '[src^="javascript" i]',
  '[src^="file" i]',
  'img[src^="data:image/svg" i]',
  '[action]',
  '[formaction]',
].join(', ');
