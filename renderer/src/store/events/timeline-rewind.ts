import type { ConversationView } from './conversation-view';
import { applyStackFrames, keepActiveEntries } from './stack-entries';

/**
 * `timeline-rewound`: the user message `fromMessageId` and everything after it are withdrawn
 * (edit and re-run, regenerate). A run whose turn goes with them no longer counts as running.
 * An unknown message id changes nothing: the view never drops items it cannot place.
 */
export function rewindTimeline(view: ConversationView, fromMessageId: string): ConversationView {
  const index = view.items.findIndex((item) => item.type === 'user' && item.id === fromMessageId);
  if (index === -1) return view;
  const items = view.items.slice(0, index);
  const activeRunRemains = view.activeRunId !== null && items.some((item) => item.type === 'assistant' && item.runId === view.activeRunId);
  const base = { ...view, items, stack: keepActiveEntries(view.stack) };
  return activeRunRemains ? base : { ...base, activeRunId: null, running: false, status: null };
}

/**
 * A run the app never finished (it was closed or killed mid-run): nothing is on the stack any
 * more, so frames that were live are shown as cleared rather than running forever.
 */
export function settleInterruptedRun(view: ConversationView): ConversationView {
  if (!view.stack.entries.some((entry) => entry.active)) return view;
  return { ...view, stack: { ...applyStackFrames(view, [], 0), depthLimit: view.stack.depthLimit } };
}
