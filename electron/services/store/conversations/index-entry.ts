import type { ConversationSummary } from '../../../../shared/conversations/conversation';
import type { OpenRunMark } from '../timeline/run-state';
import type { TailFacts } from '../timeline/tail-facts';

/** One conversation in the index: its summary and, while its last run has not finished, that run. */
export interface IndexEntry {
  summary: ConversationSummary;
  open: OpenRunMark | null;
  /** Where the newest page of its timeline starts (tail-facts.ts); absent: the whole file is read. */
  tail?: TailFacts | null;
}
