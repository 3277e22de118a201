import type { ConversationSummary } from '../../../../shared/conversations/conversation';
import type { TacoEvent } from '../../../../shared/contract/events';
import { trackRun, type OpenRun } from './run-state';
import {
  DEFAULT_CONVERSATION_TITLE,
  TIMELINE_FORMAT_VERSION,
  parseRecord,
  type ConversationPatch,
  type HeaderRecord,
} from './timeline-records';

export interface ParsedTimeline {
  header: HeaderRecord | null;
  events: TacoEvent[];
  /** When each event was written (`eventAts[i]` for `events[i]`). */
  eventAts: number[];
  metas: Array<{ at: number; patch: ConversationPatch }>;
  /** Runs the user abandoned after a restart (workflow records). */
  abandoned: Set<string>;
  /** The last run when it has not finished (and was not abandoned). */
  open: OpenRun | null;
  /** `at` of the first and last readable events (renames and pins do not count as activity). */
  firstAt: number | null;
  lastAt: number | null;
  /** Lines that were records we could read. */
  readableLines: number;
  /** True when there was content but not one readable record: the file cannot be parsed at all. */
  unreadable: boolean;
  notices: string[];
}

/**
 * Read a timeline tolerantly. A last line without its newline that does not parse is a torn
 * write (the app stopped mid-write): skipped with a notice. Other unreadable lines are skipped
 * with a notice naming them. Nothing that can be read is dropped.
 */
export function parseTimeline(text: string): ParsedTimeline {
  const result: ParsedTimeline = {
    header: null,
    events: [],
    eventAts: [],
    metas: [],
    abandoned: new Set(),
    open: null,
    firstAt: null,
    lastAt: null,
    readableLines: 0,
    unreadable: false,
    notices: [],
  };
  const lines = text.split('\n');
  const endsClean = text.endsWith('\n');
  const badLines: number[] = [];
  let torn = false;
  let contentLines = 0;

  lines.forEach((line, index) => {
    if (line.trim().length === 0) return;
    contentLines += 1;
    const record = parseRecord(line);
    if (!record) {
      if (index === lines.length - 1 && !endsClean) torn = true;
      else badLines.push(index + 1);
      return;
    }
    result.readableLines += 1;
    switch (record.type) {
      case 'header':
        if (!result.header) result.header = record;
        return;
      case 'event':
        result.events.push(record.event);
        result.eventAts.push(record.at);
        result.open = trackRun(result.open, record.event);
        result.firstAt ??= record.at;
        result.lastAt = record.at;
        return;
      case 'meta':
        result.metas.push({ at: record.at, patch: record.patch });
        return;
      case 'workflow':
        result.abandoned.add(record.runId);
        if (result.open?.runId === record.runId) result.open = null;
        return;
      default: {
        const unreachable: never = record;
        return unreachable;
      }
    }
  });

  result.unreadable = contentLines > 0 && result.readableLines === 0;
  if (result.unreadable) return result;
  if (torn)
    result.notices.push(
      'The last entry of this conversation was cut off (TACO probably stopped while writing it) and was skipped. Everything before it is here.',
    );
  if (badLines.length > 0) {
    const which = badLines.slice(0, 5).join(', ') + (badLines.length > 5 ? ', …' : '');
    result.notices.push(
      `${badLines.length === 1 ? 'One line' : `${badLines.length} lines`} of this conversation could not be read and ${badLines.length === 1 ? 'was' : 'were'} skipped (line ${which}).`,
    );
  }
  if (contentLines > 0 && !result.header)
    result.notices.push("This conversation's first line (its header) was missing; its title and dates were rebuilt from its events.");
  if (result.header && result.header.version > TIMELINE_FORMAT_VERSION) {
    result.notices.push(
      `This conversation was written by a newer version of TACO (format ${result.header.version}); parts of it may not show. Update TACO to see all of it.`,
    );
  }
  return result;
}

/** The summary a timeline describes: header, then every meta patch in order. */
export function summarizeTimeline(conversationId: string, parsed: ParsedTimeline, fallback: { now: number }): ConversationSummary {
  const createdAt = parsed.header?.createdAt ?? parsed.firstAt ?? fallback.now;
  const summary: ConversationSummary = {
    conversationId,
    title: parsed.header?.title || DEFAULT_CONVERSATION_TITLE,
    model: parsed.header?.model ?? null,
    createdAt,
    updatedAt: Math.max(createdAt, parsed.lastAt ?? createdAt),
    pinned: false,
  };
  if (!parsed.header) {
    const firstModel = parsed.events.find((event) => event.type === 'run-start');
    if (firstModel?.type === 'run-start') summary.model = firstModel.model;
  }
  for (const { patch } of parsed.metas) applyPatch(summary, patch);
  return summary;
}

export function applyPatch(summary: ConversationSummary, patch: ConversationPatch): void {
  if (patch.title !== undefined) summary.title = patch.title;
  if (patch.model !== undefined) summary.model = patch.model;
  if (patch.pinned !== undefined) summary.pinned = patch.pinned;
  if (patch.projectId === null) delete summary.projectId;
  else if (patch.projectId !== undefined) summary.projectId = patch.projectId;
  if (patch.options !== undefined) {
    if (Object.keys(patch.options).length > 0) summary.options = { ...patch.options };
    else delete summary.options;
  }
}
