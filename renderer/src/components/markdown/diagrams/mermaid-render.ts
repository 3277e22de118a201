import mermaid from 'mermaid';
import { sanitizeSvg } from './sanitize-svg';

let nextId = 0;
let initialisedFor: 'light' | 'dark' | null = null;

/**
 * Renders mermaid source to sanitised SVG. Loaded on first use (dynamic import from
 * draw-diagram.ts: mermaid is large and most answers have no diagram), and only for a source
 * mermaid-source-check.ts let through. `securityLevel: 'strict'` encodes HTML in labels and
 * disables click handlers; SVG labels (no htmlLabels) keep HTML out of the drawing; a diagram's
 * own `%%{init}%%` cannot loosen this (secure keys).
 */
export async function renderMermaid(source: string, theme: 'light' | 'dark'): Promise<string> {
  if (initialisedFor !== theme) {
    mermaid.initialize({
      startOnLoad: false,
      securityLevel: 'strict',
      secure: [
        'secure',
        'securityLevel',
        'startOnLoad',
        'maxTextSize',
        'maxEdges',
        'htmlLabels',
        'theme',
        'themeCSS',
        'fontFamily',
        'themeVariables',
      ],
      htmlLabels: false,
      flowchart: { htmlLabels: false },
      theme: theme === 'dark' ? 'dark' : 'default',
      maxTextSize: 20_000,
      maxEdges: 500,
    });
    initialisedFor = theme;
  }
  nextId += 1;
  const { svg } = await mermaid.render(`taco-mermaid-${nextId}`, source);
  return sanitizeSvg(svg);
}
