import { DEFAULTS } from '../../../../shared/constants';
import type { TurnPart } from '../../store/events/conversation-view';

export type ToolPart = Extract<TurnPart, { type: 'tool' }>;

/** A turn's parts as drawn: one part, or a run of finished tool calls folded into one line. */
export type TurnSegment = { type: 'part'; part: TurnPart } | { type: 'tools'; id: string; parts: ToolPart[] };

/**
 * Folds each run of consecutive finished tool calls (at least `DEFAULTS.rendererTimeline.toolGroupMin`)
 * into a group. Anything between them (text, an approval, a question) ends the run, so cards that
 * ask or tell the user something are never folded away; a run with a call still going is not folded.
 */
export function turnSegments(parts: readonly TurnPart[], min: number = DEFAULTS.rendererTimeline.toolGroupMin): TurnSegment[] {
  const segments: TurnSegment[] = [];
  let run: ToolPart[] = [];
  const flush = () => {
    if (run.length >= min && run.every((part) => part.outcome.type !== 'pending'))
      segments.push({ type: 'tools', id: `group-${run[0]?.id ?? ''}`, parts: run });
    else for (const part of run) segments.push({ type: 'part', part });
    run = [];
  };
  for (const part of parts) {
    if (part.type === 'tool') run.push(part);
    else {
      flush();
      segments.push({ type: 'part', part });
    }
  }
  flush();
  return segments;
}

/** "Calculate × 4, Read File × 2": the tools of a group, most used first. */
export function toolCounts(parts: readonly ToolPart[], name: (tool: string) => string): string {
  const counts = new Map<string, number>();
  for (const part of parts) counts.set(name(part.tool), (counts.get(name(part.tool)) ?? 0) + 1);
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1])
    .map(([tool, count]) => (count > 1 ? `${tool} × ${count}` : tool))
    .join(', ');
}
