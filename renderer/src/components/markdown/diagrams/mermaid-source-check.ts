import { DEFAULTS } from '../../../../../shared/constants';

export type MermaidSourceCheck = { type: 'ok'; nodes: number; edges: number } | { type: 'refused'; reason: string };

const CAPS = DEFAULTS.rendererDiagrams;

/**
 * Every way mermaid 12 can be asked to load or link something, refused before any layout (the
 * layout itself fetches: a node's `img` is measured with `new Image()` before anything is
 * sanitised). Deliberately wider than mermaid's syntax: a diagram is a drawing of the model's
 * text, and one that names an address, an image or markup is shown as code instead.
 */
const EXTERNAL_REFERENCES: ReadonlyArray<readonly [RegExp, string]> = [
  // Shape data (`A@{ img: …, icon: … }`, kanban `ticket`, `shape: image`), in any YAML spelling
  // (quoted keys, escapes): the whole @{…} block is refused if it names an image or escapes.
  [/@\{[^}]*(img|icon|image|ticket|\\)/i, 'an image or icon in shape data'],
  [/\b(img|icon|image|sprite)["']?\s*:/i, 'an image or icon'],
  [/::icon\s*\(/i, 'an icon'],
  [/[a-z][a-z0-9+.-]*:\/\//i, 'an address'],
  [/\/\//, 'an address'],
  [/\burl\s*\(/i, 'a CSS url()'],
  [/@import|\bimage-set\s*\(/i, 'a CSS import'],
  [
    /<\s*\/?\s*(img|image|svg|iframe|object|embed|link|use|a|foreignobject|video|audio|source|picture|script|style|base|meta|input|form)\b/i,
    'HTML markup',
  ],
  [/\b(href|src|srcset|xlink|background|poster|action)\s*=/i, 'a link attribute'],
  [/(^|[;\n{])\s*(click|link|links|callback|call|properties)\b/i, 'a click or link statement'],
  [/\$(link|sprite|tags)\b|\bticketBaseUrl\b|\bthemeCSS\b|\biconPacks?\b/i, 'a link, sprite or style from outside'],
];

const KEYWORDS = new Set(
  'graph flowchart subgraph end style classdef class linkstyle direction td tb bt rl lr accTitle accDescr'.toLowerCase().split(' '),
);
/** Any edge of any diagram type (flowchart, sequence, class, state, ER): over-counts rather than under-counts. */
const ARROW = /(?:<\|?|[*o}|{x]{0,2})(?:-{2,}|={2,}|->+|\.{2,}|-\.+-?|~{3,})(?:>>?|\|?>|[*o{}|x)]{0,2})(?:\|[^|\n]*\|)?/g;

/** Labels cannot hold nodes or edges: strip quoted text and one level of brackets before counting. */
function withoutLabels(statement: string): string {
  return statement
    .replace(/"[^"\n]*"/g, '""')
    .replace(/\[[^\]\n]*\]/g, '[]')
    .replace(/\([^)\n]*\)/g, '()')
    .replace(/\{[^}\n]*\}/g, '{}');
}

/** Nodes and edges the source declares, counted from its text: `A & B --> C & D` is four edges. */
export function countDiagram(source: string): { nodes: number; edges: number } {
  const nodes = new Set<string>();
  let edges = 0;
  for (const raw of source.split(/[\n;]/)) {
    const statement = withoutLabels(raw.replace(/%%.*$/, ''));
    if (statement.trim() === '') continue;
    const segments = statement.split(ARROW);
    const sizes = segments.map((segment) => {
      const members = segment.split('&');
      for (const member of members) {
        const id = /^\s*([\w$.:-]+)/.exec(member)?.[1];
        if (id && !KEYWORDS.has(id.toLowerCase())) nodes.add(id);
      }
      return members.length;
    });
    for (let index = 1; index < sizes.length; index += 1) edges += (sizes[index - 1] ?? 1) * (sizes[index] ?? 1);
  }
  return { nodes: nodes.size, edges };
}

/** Whether a mermaid source may be laid out at all: no outside reference, within the caps. */
export function checkMermaidSource(source: string): MermaidSourceCheck {
  if (source.length > CAPS.maxSourceChars)
    return { type: 'refused', reason: `it is longer than ${CAPS.maxSourceChars.toLocaleString('en')} characters` };
  for (const [pattern, what] of EXTERNAL_REFERENCES)
    if (pattern.test(source)) return { type: 'refused', reason: `it refers to ${what}, which is never loaded from an answer` };
  const { nodes, edges } = countDiagram(source);
  if (nodes > CAPS.maxNodes) return { type: 'refused', reason: `it has more than ${CAPS.maxNodes} nodes (${nodes})` };
  if (edges > CAPS.maxEdges) return { type: 'refused', reason: `it has more than ${CAPS.maxEdges} edges (${edges})` };
  return { type: 'ok', nodes, edges };
}
