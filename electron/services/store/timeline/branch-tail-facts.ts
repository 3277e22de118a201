import { z } from 'zod';
import { DEFAULTS } from '../../../../shared/constants';
import type { EventOf } from '../../../../shared/contract/events';
import type { BranchSiblings } from '../../../../shared/conversations/branches';

/**
 * The chosen branch of a timeline with branches, as far as its newest page needs it (the rest of
 * TailFacts counts the chosen branch's events and its turn starts, as for a plain timeline).
 */
export interface BranchFacts {
  /**
   * [start, end) byte ranges of the chosen branch's event lines, oldest first, from the range that
   * holds the first turn start kept on: only those lines are read (other branches' lie between).
   */
  ranges: Array<[number, number]>;
  /** What conversation.get answers as `branches` for any page of the chosen branch. */
  siblings: BranchSiblings;
  /**
   * [event index, message id] of the chosen branch's messages on its newest page: an edit or
   * regenerate of one of them (the usual kind) keeps the facts; one of an older message drops
   * them until the next whole read.
   */
  messages: Array<[number, string]>;
  /** A rewind whose message has not come yet (branch-tree.ts): where the chosen branch goes back to when it does. */
  rewound: PendingRewind | null;
}

interface PendingRewind {
  /** The new message's id (the rewind names it). */
  messageId: string;
  /** The rewound message's event index and byte offset: the chosen branch ends just before it. */
  index: number;
  offset: number;
  /** The rewound message's siblings (itself among them), oldest first: the new message joins them. */
  siblings: string[];
}

const isCount = (value: unknown): boolean => typeof value === 'number' && Number.isInteger(value) && value >= 0;

/** [whole number, whole number] pairs from 0 (checked in one loop: a zod tuple per pair is slow on a long history's index). */
export function isPairList(value: unknown): boolean {
  return Array.isArray(value) && value.every((pair) => Array.isArray(pair) && pair.length === 2 && isCount(pair[0]) && isCount(pair[1]));
}

function isMessageList(value: unknown): boolean {
  return (
    Array.isArray(value) &&
    value.every((entry) => Array.isArray(entry) && entry.length === 2 && isCount(entry[0]) && typeof entry[1] === 'string')
  );
}

export const branchFactsSchema = z.object({
  ranges: z.custom<Array<[number, number]>>(isPairList, 'ranges must be pairs of whole numbers from 0'),
  siblings: z.record(z.string(), z.array(z.string())),
  messages: z.custom<Array<[number, string]>>(isMessageList, 'messages must be [index, id] pairs'),
  rewound: z
    .object({
      messageId: z.string(),
      index: z.number().int().min(0),
      offset: z.number().int().min(0),
      siblings: z.array(z.string()),
    })
    .nullable(),
});

/** A copy to extend (the facts in the store stay as they are until the write succeeds). */
export function copyBranch(branch: BranchFacts): BranchFacts {
  return {
    ranges: branch.ranges.map(([start, end]): [number, number] => [start, end]),
    siblings: { ...branch.siblings },
    messages: [...branch.messages],
    rewound: branch.rewound,
  };
}

/** The rewind of one of the newest page's messages, waiting for its message; null when the facts cannot follow it. */
export function rewindOf(
  branch: BranchFacts,
  turns: ReadonlyArray<[number, number]>,
  event: EventOf<'timeline-rewound'>,
): PendingRewind | null {
  if (event.messageId === undefined) return null;
  const message = branch.messages.find(([, id]) => id === event.fromMessageId);
  if (!message) return null;
  const [index, id] = message;
  const turn = turns.find(([at]) => at === index);
  if (!turn) return null;
  return { messageId: event.messageId, index, offset: turn[1], siblings: branch.siblings[id] ?? [id] };
}

/**
 * The rewind's message came: the chosen branch now ends before the rewound message (whose line
 * starts at `rewound.offset`), and the new message is its last sibling.
 */
export function cutAtRewind(branch: BranchFacts, rewound: PendingRewind): void {
  branch.ranges = branch.ranges
    .filter(([start]) => start < rewound.offset)
    .map(([start, end]): [number, number] => [start, Math.min(end, rewound.offset)]);
  for (const [index, id] of branch.messages) if (index >= rewound.index) delete branch.siblings[id];
  branch.messages = branch.messages.filter(([index]) => index < rewound.index);
  branch.siblings[rewound.messageId] = [...rewound.siblings, rewound.messageId];
}

/** Adds a line to the ranges: the last one grows when the line follows it, else a new one begins. */
export function addLine(ranges: Array<[number, number]>, [start, end]: readonly [number, number]): void {
  const last = ranges.at(-1);
  if (last && last[1] === start) last[1] = end;
  else ranges.push([start, end]);
}

/** What the newest page still needs once the kept turn starts are `turns` and the branch has `count` events. */
export function pruneBranch(branch: BranchFacts, turns: ReadonlyArray<[number, number]>, count: number): BranchFacts {
  const first = turns[0];
  return {
    ...branch,
    ranges: first ? branch.ranges.filter(([, end]) => end > first[1]) : [],
    messages: branch.messages.filter(([index]) => index >= count - DEFAULTS.conversationPageEvents),
  };
}
