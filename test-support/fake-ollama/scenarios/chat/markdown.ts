import { HOSTILE_ANSWER } from '../../../../renderer/src/components/markdown/testing/hostile-corpus';
import { lastUserText, reply } from '../../reply-builders';
import type { Scenario } from '../../scenario-types';
import { standardModels } from '../models/standard-models';

/** A well-formatted answer: heading, list, table, code, a link. */
export const MARKDOWN_SHOWCASE = [
  '## Reading a CSV file in Python',
  'Use the standard library’s **`csv`** module — no extra packages needed:',
  '```python\nimport csv\n\nwith open("sales.csv", newline="") as f:\n    for row in csv.DictReader(f):\n        print(row["region"], float(row["total"]))\n```',
  '| Option | What it does |\n| --- | --- |\n| `newline=""` | lets `csv` handle line endings |\n| `DictReader` | gives each row as a dict |',
  '- [x] open the file\n- [x] read rows as dicts\n- [ ] ~~parse dates by hand~~ use `datetime.fromisoformat`',
  'More in the [Python docs](https://docs.python.org/3/library/csv.html).',
].join('\n\n');

/** A diagram and a formula: what the renderer draws with mermaid and typesets with KaTeX. */
export const DIAGRAM_SHOWCASE = [
  'The flow of one message:',
  '```mermaid\ngraph LR\n  Composer --> Main --> Model\n  Model -- tool call --> Tools --> Main\n```',
  'And the quadratic formula: $$x = \\frac{-b \\pm \\sqrt{b^2 - 4ac}}{2a}$$',
].join('\n\n');

/** A diagram heavier than most answers hold (40 nodes, 75 edges): laid out in the diagram frame while the page keeps painting. */
export const LARGE_DIAGRAM = [
  'The whole pipeline:',
  `\`\`\`mermaid\nflowchart TD\n${Array.from({ length: 39 }, (_, index) => `  m${index}[Step ${index}] --> m${index + 1}`).join('\n')}\n${Array.from({ length: 36 }, (_, index) => `  m${index} -.-> m${index + 2}`).join('\n')}\n\`\`\``,
  'That is all of it.',
].join('\n\n');

/**
 * Markdown answers. A message containing "large diagram" gets a diagram at the renderer's caps;
 * "diagram", a mermaid diagram and a formula; one
 * containing "hostile" gets the hostile corpus (script tags, event
 * handlers, javascript: links...) streamed in small pieces; anything else gets the showcase.
 */
export const markdown: Scenario = {
  name: 'markdown',
  description: 'Answers with rich markdown; a message containing "hostile" streams the hostile-output corpus instead.',
  models: standardModels(),
  replies: [],
  whenExhausted: (request) =>
    /hostile/i.test(lastUserText(request))
      ? reply.text(HOSTILE_ANSWER, { delayMs: 2 })
      : /large diagram/i.test(lastUserText(request))
        ? reply.text(LARGE_DIAGRAM, { delayMs: 2 })
        : /diagram/i.test(lastUserText(request))
          ? reply.text(DIAGRAM_SHOWCASE, { delayMs: 4 })
          : reply.text(MARKDOWN_SHOWCASE, { delayMs: 8 }),
};
