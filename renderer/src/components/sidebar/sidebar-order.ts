import type { ConversationSummary } from '../../../../shared/conversations/conversation';

export interface SidebarGroups {
  pinned: ConversationSummary[];
  recent: ConversationSummary[];
}

/** The sidebar's rows: pinned first, then the rest, each newest first; rows waiting to be deleted are left out. */
export function sidebarGroups(conversations: readonly ConversationSummary[], hidden: ReadonlySet<string>): SidebarGroups {
  const visible = conversations.filter((entry) => !hidden.has(entry.conversationId)).sort((a, b) => b.updatedAt - a.updatedAt);
  return { pinned: visible.filter((entry) => entry.pinned), recent: visible.filter((entry) => !entry.pinned) };
}

export interface TextSegment {
  text: string;
  match: boolean;
}

/** Split plain text around case-insensitive occurrences of `query`, to mark them (as text, never HTML). */
export function matchSegments(text: string, query: string): TextSegment[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return text ? [{ text, match: false }] : [];
  const haystack = text.toLowerCase();
  // Lower-casing changed the length (some Unicode letters): positions would not line up, so mark nothing.
  if (haystack.length !== text.length) return text ? [{ text, match: false }] : [];
  const segments: TextSegment[] = [];
  let from = 0;
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, from)) {
    if (at > from) segments.push({ text: text.slice(from, at), match: false });
    segments.push({ text: text.slice(at, at + needle.length), match: true });
    from = at + needle.length;
  }
  if (from < text.length) segments.push({ text: text.slice(from), match: false });
  return segments;
}
