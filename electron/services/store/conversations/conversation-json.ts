import { z } from 'zod';
import { conversationOptionsSchema, type ConversationSnapshot } from '../../../../shared/conversations/conversation';
import { ContractError } from '../../../../shared/contract/contract-error';
import type { TimelineImport } from './conversation-store';
import { storedEventSchema } from '../timeline/event-schemas';
import { TIMELINE_FORMAT_VERSION } from '../timeline/timeline-records';

/** A conversation exported as JSON: its summary and its timeline, in the timeline's format version. */
export const EXPORT_FORMAT = 'taco-conversation';

export function conversationToJson(snapshot: Pick<ConversationSnapshot, 'summary' | 'events'>): string {
  const { conversationId, title, model, createdAt, updatedAt, pinned, options } = snapshot.summary;
  const summary = { conversationId, title, model, createdAt, updatedAt, pinned, ...(options ? { options } : {}) };
  const events = snapshot.events.filter((event) => event.type !== 'conversation-updated');
  return `${JSON.stringify({ format: EXPORT_FORMAT, version: TIMELINE_FORMAT_VERSION, summary, events }, null, 2)}\n`;
}

const time = z.number().finite();
const exportSchema = z
  .object({
    format: z.literal(EXPORT_FORMAT),
    version: z.number().int().min(1).max(TIMELINE_FORMAT_VERSION),
    summary: z
      .object({
        conversationId: z.string().max(200).optional(),
        title: z.string().max(1000),
        model: z.string().max(200).nullable(),
        createdAt: time,
        updatedAt: time.optional(),
        pinned: z.boolean(),
        options: conversationOptionsSchema.optional(),
      })
      .strict(),
    events: z.array(storedEventSchema),
  })
  .strict();

/**
 * Reads an export strictly: anything that is not exactly a TACO conversation export is refused
 * with words naming what is wrong, and nothing is written. Exports of older format versions are
 * read as they are (no event changed shape since version 1).
 */
export function parseConversationExport(content: string): TimelineImport {
  let value: unknown;
  try {
    value = JSON.parse(content);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw refused(`the file is not valid JSON (${reason.slice(0, 200)})`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value) || (value as { format?: unknown }).format !== EXPORT_FORMAT) {
    throw refused(`the file is not a TACO conversation export (it has no "format": "${EXPORT_FORMAT}")`);
  }
  const version = (value as { version?: unknown }).version;
  if (typeof version === 'number' && version > TIMELINE_FORMAT_VERSION) {
    throw new ContractError(
      'invalid-payload',
      `This conversation cannot be imported: a newer version of TACO exported it (format ${version}). Update TACO, then import it again.`,
    );
  }
  let parsed: ReturnType<typeof exportSchema.safeParse>;
  try {
    parsed = exportSchema.safeParse(value);
  } catch {
    throw refused('its contents are nested too deeply to read');
  }
  if (!parsed.success) throw refused(describeIssues(parsed.error, value));
  const { summary, events } = parsed.data;
  return {
    title: summary.title,
    model: summary.model,
    createdAt: summary.createdAt,
    pinned: summary.pinned,
    ...(summary.options ? { options: stripNulls(summary.options) } : {}),
    events,
  };
}

function refused(reason: string): ContractError {
  return new ContractError('invalid-payload', `This file cannot be imported: ${reason}. Choose a file exported from TACO as JSON.`);
}

/** `events[3] (text-delta): "text" expected string, received number` — the first few problems. */
function describeIssues(error: z.ZodError, value: unknown): string {
  const parts = error.issues.slice(0, 3).map((issue) => {
    const [head, index, ...rest] = issue.path;
    let where: string;
    if (head === 'events' && typeof index === 'number') {
      const type = eventTypeAt(value, index);
      where = `events[${index}]${type ? ` (${type})` : ''}${rest.length > 0 ? ` "${rest.join('.')}"` : ''}`;
    } else {
      where = issue.path.length > 0 ? `"${issue.path.join('.')}"` : 'the file';
    }
    return `${where}: ${issue.message}`;
  });
  const more = error.issues.length > 3 ? ` (and ${error.issues.length - 3} more problems)` : '';
  return `${parts.join('; ')}${more}`;
}

function eventTypeAt(value: unknown, index: number): string | null {
  const events = (value as { events?: unknown }).events;
  if (!Array.isArray(events)) return null;
  const event: unknown = events[index];
  const type = typeof event === 'object' && event !== null ? (event as { type?: unknown }).type : undefined;
  return typeof type === 'string' ? type.slice(0, 40) : null;
}

function stripNulls<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== null && entry !== undefined)) as T;
}
