/**
 * What the per-round breakdown (`bench/peer/peer-breakdown.ts`, BENCHMARKS.md) times in a round. A run
 * without `onSpan` (every run the app makes) reads the clock nowhere: `spanStart` returns 0 and
 * `spanEnd` returns at its first check.
 */
export type RoundPart =
  /** One whole step: the request, the reply and, for a tool round, its calls. */
  | 'step'
  /** Tool selection and fitting the tools to the window (toolsForRequest). */
  | 'selection'
  /** The stack's context message (ToolStack.contextPrompt). */
  | 'stack-context'
  /** System prompt, definitions, history fitted to num_ctx, constrained format. */
  | 'request-build'
  /** streamChat called → its first chunk: the provider's request, the network, the server, the first line. */
  | 'provider-wait'
  /** First chunk → the step's end: the rest of the stream, read and filtered. */
  | 'provider-stream'
  /** Approvals asked as a batch, prefetched reads, and each call's scratch/depth/approval gates. */
  | 'gates'
  /** The tool's own work, awaited. */
  | 'tool'
  /** Inside `emit`: the events' ids and whatever the caller does with them (store writes, batching). */
  | 'events';

export type SpanSink = (part: RoundPart, ms: number) => void;

interface SpanOwner {
  input: { onSpan?: SpanSink };
}

/** The clock at a span's start, or 0 when nothing records spans. */
export function spanStart(owner: SpanOwner): number {
  return owner.input.onSpan ? performance.now() : 0;
}

/** Records the span that started at `started` (from `spanStart`; 0: it never started). */
export function spanEnd(owner: SpanOwner, part: RoundPart, started: number): void {
  const sink = owner.input.onSpan;
  if (sink && started !== 0) sink(part, performance.now() - started);
}
