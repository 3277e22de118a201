import { DEFAULTS } from '../../../../shared/constants';
import type { TurnPart } from '../../store/events/conversation-view';
import { callRows, isDelegation, type CallRow } from './call-rows';

export type { CallRow } from './call-rows';
export type ToolPart = Extract<TurnPart, { type: 'tool' }>;

/**
 * A turn's parts as drawn: one part; one call (with its decision); a run of finished calls folded
 * into one line; or a run of delegate_task calls as one row holding the helpers' work.
 */
export type TurnSegment =
  | { type: 'part'; part: Exclude<TurnPart, ToolPart> }
  | { type: 'call'; call: CallRow }
  | { type: 'tools'; id: string; calls: CallRow[] }
  | { type: 'delegation'; id: string; calls: CallRow[] };

/**
 * Folds each run of consecutive finished tool calls (at least `DEFAULTS.rendererTimeline.toolGroupMin`)
 * into a group, and each run of delegate_task calls into one delegation row. Anything between them
 * (text, an open approval, a question) ends the run, so cards that ask or tell the user something
 * are never folded away; a run with a call still going is not folded. A decided approval is not a
 * part of its own: it rides on its call's row. A helper's calls are not parts of their own either:
 * they are inside the delegate call they work for.
 */
export function turnSegments(parts: readonly TurnPart[], min: number = DEFAULTS.rendererTimeline.toolGroupMin): TurnSegment[] {
  const { rows, folded } = callRows(parts);
  const segments: TurnSegment[] = [];
  let run: CallRow[] = [];
  let delegations: CallRow[] = [];
  const flushTools = () => {
    if (run.length >= min && run.every((call) => call.part.outcome.type !== 'pending'))
      segments.push({ type: 'tools', id: `group-${run[0]?.part.id ?? ''}`, calls: run });
    else for (const call of run) segments.push({ type: 'call', call });
    run = [];
  };
  const flushDelegations = () => {
    if (delegations.length > 0)
      segments.push({ type: 'delegation', id: `delegation-${delegations[0]?.part.id ?? ''}`, calls: delegations });
    delegations = [];
  };
  for (const part of parts) {
    if (folded.has(part.id)) continue;
    if (part.type === 'tool') {
      const row = rows.get(part.id);
      if (!row) continue;
      if (isDelegation(row)) {
        flushTools();
        delegations.push(row);
      } else {
        flushDelegations();
        run.push(row);
      }
      continue;
    }
    flushTools();
    flushDelegations();
    segments.push({ type: 'part', part });
  }
  flushTools();
  flushDelegations();
  return segments;
}

/** "Calculate × 4, Read File × 2": the tools of a group, most used first. */
export function toolCounts(calls: readonly CallRow[], name: (tool: string) => string): string {
  const counts = new Map<string, number>();
  for (const { part } of calls) counts.set(name(part.tool), (counts.get(name(part.tool)) ?? 0) + 1);
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1])
    .map(([tool, count]) => (count > 1 ? `${tool} × ${count}` : tool))
    .join(', ');
}
