import type { TacoEvent } from '../../../../shared/contract/events';
import { branchTree } from './branch-tree';
import { emptyFacts, extendFacts, openRunAfter, type LineSpan, type TailFacts } from './tail-facts';

const EVENT_LINE = '{"type":"event"';

/**
 * The facts of a whole timeline text, given the events the tolerant reader found in it (which
 * must have read every line: no notices). Null when the text is not one the tail can serve.
 */
export function factsFromText(text: string, events: readonly TacoEvent[], file: { size: number; mtimeMs: number }): TailFacts | null {
  if (Buffer.byteLength(text) !== file.size) return null;
  const lines: LineSpan[] = [];
  let offset = 0;
  let from = 0;
  while (from < text.length) {
    const end = text.indexOf('\n', from);
    const stop = end === -1 ? text.length : end;
    const next = Math.min(file.size, offset + Buffer.byteLength(text.slice(from, stop)) + 1);
    if (text.startsWith(EVENT_LINE, from)) lines.push([offset, next]);
    offset = next;
    from = stop + 1;
  }
  // Every event line must be one the reader read, in order: otherwise the offsets are not theirs.
  if (lines.length !== events.length) return null;
  if (events.some((event) => event.type === 'timeline-rewound' || event.type === 'branch-selected')) {
    return branchedFacts(events, lines, file);
  }
  return extendFacts(emptyFacts(file), events, lines, file);
}

/**
 * The facts of a timeline with branches: those of its chosen branch's events (branch-tree.ts), as
 * if they were the whole timeline, with the byte ranges they sit in and the chosen branch's
 * siblings. Null when the reader would add a finish to a run anywhere in the file (it may stand
 * where another branch begins), or when the next event may not continue the chosen branch (a
 * rewind waiting for its message).
 */
function branchedFacts(
  events: readonly TacoEvent[],
  lines: readonly LineSpan[],
  file: { size: number; mtimeMs: number },
): TailFacts | null {
  let openRunId: string | null = null;
  for (const event of events) {
    const open = openRunAfter(openRunId, event);
    if (open === undefined) return null;
    openRunId = open;
  }
  const tree = branchTree(events);
  if (!tree.atChosenEnd()) return null;
  const chosen = tree.chosenIndices();
  const chosenLines = chosen.map((index) => lines[index]).filter((line): line is LineSpan => line !== undefined);
  if (chosenLines.length !== chosen.length) return null;
  const start = { ...emptyFacts(file), branch: { ranges: [], siblings: tree.siblings(), messages: [], rewound: null } };
  const facts = extendFacts(
    start,
    chosen.map((index) => events[index]).filter((event): event is TacoEvent => event !== undefined),
    chosenLines,
    file,
  );
  // The chosen branch's runs close as the whole file's do: the run left open (if any) is its last.
  return facts && facts.openRunId === openRunId ? facts : null;
}
